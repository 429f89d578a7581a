// A launch from a learning platform, in a phone-sized browser: the platform's course page (the
// mock platform of tests/helpers/mock-lti-platform.ts, on another site) starts the login, its
// authorization page posts the signed id_token back as a real platform's auto-submitted form
// does, and the student lands on the session the link names, signed in.
// docs/decisions/062-lti-tool.md.
import { newId } from '#server/ids.ts';
import { createStudySession } from '#tests/factories.ts';
import { LIS_ROLE, LTI_CLAIM, platformRow, startMockPlatform } from '#tests/helpers/mock-lti-platform.ts';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

test('a Learner launched from a course lands on the session signed in', async ({ page, server }) => {
  const tutor = await server.deps.auth.api.signUpEmail({ body: { name: 'Tess Tutor', email: `tess-${Date.now()}@example.com`, password: 'a-long-password-1' } });
  const session = await createStudySession(server.deps, { id: tutor.user.id, name: 'Tess Tutor', email: tutor.user.email }, { title: 'Photosynthesis review' });
  // Another site than StudyNest's (127.0.0.1): the launch is a cross-site form post, as from a real platform.
  const platform = await startMockPlatform({
    issuer: 'https://moodle.school.example',
    clientId: 'studynest-e2e',
    deployment: 'deployment-1',
    host: 'localhost',
    authAnswer: 'form',
    toolJwks: async () => (await fetch(`${server.baseURL}/api/lti/jwks`)).json(),
  });
  try {
    platform.target = `${server.baseURL}/session/${session.id}`;
    platform.course = { toolOrigin: server.baseURL, loginHint: 'learner-1', button: 'Open Photosynthesis review' };
    platform.claims = { sub: 'moodle-learner-1', name: 'Lina Learner', email: 'lina.learner@school.example', [`${LTI_CLAIM}roles`]: [`${LIS_ROLE}Learner`] };
    await server.deps.db.kysely.insertInto('lti_platform').values(platformRow(platform, 'School Moodle', newId())).execute();

    // The platform's page is not StudyNest's: a tab of the same browser, without the fixture's wait for the app.
    const course = await page.context().newPage();
    await course.goto(`${platform.origin}/course`);
    await course.getByRole('button', { name: 'Open Photosynthesis review' }).click();
    await course.waitForURL(`${server.baseURL}/session/${session.id}`);
    await page.goto(`${server.baseURL}/session/${session.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Photosynthesis review' })).toBeVisible();
    // Signed in: the account menu, no Log In.
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    const me = await page.request.get(`${server.baseURL}/api/me`);
    expect(await me.json()).toMatchObject({ name: 'Lina Learner', email: 'lina.learner@school.example', role: 'student' });
  } finally {
    await platform.close();
  }
});
