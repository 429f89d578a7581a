// An instructor's Deep Linking launch, in a phone-sized browser: the platform's course page (the
// mock platform of tests/helpers/mock-lti-platform.ts, on another site) starts a Deep Linking
// request, the instructor lands signed in on StudyNest's pick page, places their weekly series,
// and the platform receives the signed response, checks it with StudyNest's keys and shows the
// link; a student launched from that link lands on the series' page.
// docs/decisions/062-lti-tool.md, 064-series.md.
import { newId } from '#server/ids.ts';
import { createStudySession } from '#tests/factories.ts';
import { LIS_ROLE, LTI_CLAIM, platformRow, startMockPlatform } from '#tests/helpers/mock-lti-platform.ts';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
const DAY = 24 * 3600_000;

test("an instructor places a weekly series in the course from a phone; the platform gets the series' page, where a student's launch lands", async ({ page, server }) => {
  const platform = await startMockPlatform({
    issuer: 'https://moodle.school.example',
    clientId: 'studynest-e2e-dl',
    deployment: 'deployment-1',
    host: 'localhost',
    authAnswer: 'form',
    toolJwks: async () => (await fetch(`${server.baseURL}/api/lti/jwks`)).json(),
  });
  try {
    await server.deps.db.kysely.insertInto('lti_platform').values(platformRow(platform, 'School Moodle', newId())).execute();
    platform.target = `${server.baseURL}/all-sessions`;
    platform.course = { toolOrigin: server.baseURL, loginHint: 'teacher-1', button: 'Add an activity from StudyNest' };
    platform.claims = {
      sub: `moodle-teacher-${Date.now()}`,
      name: 'Ingrid Instructor',
      email: `ingrid-${Date.now()}@school.example`,
      [`${LTI_CLAIM}roles`]: [`${LIS_ROLE}Instructor`],
      [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingRequest',
      [`${DL}deep_linking_settings`]: { deep_link_return_url: `${platform.origin}/deep-link-return`, accept_types: ['ltiResourceLink'], presentation_document_targets: ['window'] },
    };

    const course = await page.context().newPage();
    await course.goto(`${platform.origin}/course`);
    await course.getByRole('button', { name: 'Add an activity from StudyNest' }).click();
    await course.waitForURL(/\/dashboard\/lti-deep-link\/[\w-]+$/);
    await expect(course.getByRole('heading', { level: 1, name: 'Place a session in School Moodle' })).toBeVisible();
    await expect(course.getByText('You have no approved series or sessions to place yet.')).toBeVisible();

    // The launch made the instructor a tutor: their series, approved, and a class of their own.
    const me = await (await course.request.get(`${server.baseURL}/api/me`)).json();
    expect(me).toMatchObject({ name: 'Ingrid Instructor', role: 'tutor' });
    const tutor = { id: me.id as string, name: 'Ingrid Instructor', email: me.email as string };
    const seriesId = newId();
    for (const week of [2, 3, 4]) await createStudySession(server.deps, tutor, { title: 'Cell biology, week by week', seriesId, classStartDate: new Date(Date.now() + week * 7 * DAY).toISOString() });
    await createStudySession(server.deps, tutor, { title: 'Exam clinic' });
    await course.reload();

    const series = course.getByTestId('lti-deep-link-series');
    await expect(series).toHaveCount(1);
    await expect(series).toContainText('Cell biology, week by week');
    await expect(series).toContainText('3 classes from');
    await expect(course.getByTestId('lti-deep-link-session')).toHaveCount(4);
    expect(await course.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await course.getByRole('button', { name: 'Place the series Cell biology, week by week in the course' }).click();

    // Back on the platform, which checked the response's signature before showing it.
    await course.waitForURL(`${platform.origin}/deep-link-return`);
    await expect(course.getByRole('heading', { name: 'Placed in the course' })).toBeVisible();
    expect(platform.seen.placed).toEqual([{ type: 'ltiResourceLink', title: 'Cell biology, week by week', url: `${server.baseURL}/series/${seriesId}` }]);

    // A student opens the placed link from the course: they land on the series' page, signed in.
    await course.context().clearCookies();
    platform.target = `${server.baseURL}/series/${seriesId}`;
    platform.course = { toolOrigin: server.baseURL, loginHint: 'learner-1', button: 'Open Cell biology' };
    platform.claims = { sub: `moodle-learner-${Date.now()}`, name: 'Lina Learner', email: `lina-${Date.now()}@school.example`, [`${LTI_CLAIM}roles`]: [`${LIS_ROLE}Learner`] };
    await course.goto(`${platform.origin}/course`);
    await course.getByRole('button', { name: 'Open Cell biology' }).click();
    await course.waitForURL(`${server.baseURL}/series/${seriesId}`);
    await expect(course.getByRole('heading', { level: 1, name: 'Cell biology, week by week' })).toBeVisible();
    await expect(course.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(course.locator('section[aria-labelledby="series-classes"] > ol > li')).toHaveCount(3);
    expect(await course.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  } finally {
    await platform.close();
  }
});
