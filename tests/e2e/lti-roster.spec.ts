// A course's roster from its learning platform, in a phone-sized browser (docs/decisions/068-lti-nrps.md):
// a tutor opens StudyNest from their course as its Instructor (the mock platform of
// tests/helpers/mock-lti-platform.ts, on another site: its course page, its auto-submitted launch),
// then Dashboard › Course Rosters imports the course's members (a token for StudyNest's signed
// client assertion, then two pages of members) and shows who has booked the tutor's sessions;
// in English and in Spanish. A platform that cannot be reached is said on the page.
import type { Page } from '@playwright/test';
import { newId } from '#server/ids.ts';
import { createBooking, createStudySession, createUser } from '#tests/factories.ts';
import { closedPort, LIS_ROLE, LTI_CLAIM, type MockPlatform, NRPS_CLAIM, nrpsMembers, platformRow, startMockPlatform } from '#tests/helpers/mock-lti-platform.ts';
import { axeViolations } from './axe';
import { closeDialog, expect, type Server, test } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

const suffix = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

interface Words {
  locale: string;
  title: string;
  from: string;
  import: string;
  members: string;
  teacher: string;
  learner: string;
  yes: string;
  no: string;
  noAccount: string;
  failed: string;
  unreachable: string;
}

const ENGLISH: Words = {
  locale: 'en-GB',
  title: 'Course Rosters',
  from: 'From School Moodle',
  import: "Import the course's roster",
  members: 'Members of Biology 101: 4 people',
  teacher: 'Teacher',
  learner: 'Student',
  yes: 'Yes',
  no: 'No',
  noAccount: 'No StudyNest account',
  failed: 'The roster could not be imported',
  unreachable: 'The learning platform could not be reached. Try again in a moment.',
};

const SPANISH: Words = {
  locale: 'es-ES',
  title: 'Listas de cursos',
  from: 'De School Moodle',
  import: 'Importar la lista del curso',
  members: 'Miembros de Biology 101: 4 personas',
  teacher: 'Docente',
  learner: 'Estudiante',
  yes: 'Sí',
  no: 'No',
  noAccount: 'Sin cuenta en StudyNest',
  failed: 'No se pudo importar la lista',
  unreachable: 'No se pudo contactar con la plataforma de aprendizaje. Inténtalo de nuevo en un momento.',
};

interface Course {
  platform: MockPlatform;
  /** The course's members as the table shows them: name, email, role, booked. */
  expected: [string, string, string, string][];
}

/**
 * The course Biology 101 on a platform of its own, whose members are its teacher (the tutor who
 * launches), a student who booked the tutor's class, one with an account who did not, and one
 * with no account; the tutor opens StudyNest from it as its Instructor, in `page`'s browser.
 */
async function launchedFromCourse(page: Page, server: Server, words: Words): Promise<Course> {
  const id = suffix();
  const teacher = { sub: `teacher-${id}`, name: 'Grace Teacher', email: `grace-${id}@school.example` };
  const booked = await createUser(server.deps, { name: 'Lin Booked', email: `lin-${id}@school.example` });
  const notBooked = await createUser(server.deps, { name: 'Emma Waiting', email: `emma-${id}@school.example` });
  const nora = { name: 'Nora New', email: `nora-${id}@school.example` };
  const platform = await startMockPlatform({
    issuer: `https://moodle-${id}.school.example`,
    clientId: 'studynest-roster',
    deployment: 'deployment-1',
    host: 'localhost',
    authAnswer: 'form',
    toolJwks: async () => (await fetch(`${server.baseURL}/api/lti/jwks`)).json(),
    nrps: {
      context: { id: 'course-1', title: 'Biology 101' },
      pages: [
        nrpsMembers([
          { user_id: teacher.sub, name: teacher.name, email: teacher.email, roles: [`${LIS_ROLE}Instructor`] },
          { user_id: `lin-${id}`, name: booked.name, email: booked.email, roles: [`${LIS_ROLE}Learner`] },
        ]),
        nrpsMembers([
          { user_id: `emma-${id}`, name: notBooked.name, email: notBooked.email, roles: [`${LIS_ROLE}Learner`] },
          { user_id: `nora-${id}`, name: nora.name, email: nora.email, roles: [`${LIS_ROLE}Learner`] },
        ]),
      ],
    },
  });
  await server.deps.db.kysely.insertInto('lti_platform').values(platformRow(platform, 'School Moodle', newId())).execute();
  // The link a platform registers for StudyNest (a launch lands on a session, a tutor, a series or All Sessions only).
  platform.target = `${server.baseURL}/all-sessions`;
  platform.course = { toolOrigin: server.baseURL, loginHint: teacher.sub, button: 'Open StudyNest' };
  platform.claims = {
    sub: teacher.sub,
    name: teacher.name,
    email: teacher.email,
    [`${LTI_CLAIM}roles`]: [`${LIS_ROLE}Instructor`],
    [`${LTI_CLAIM}context`]: { id: 'course-1', title: 'Biology 101', type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'] },
    [NRPS_CLAIM]: { context_memberships_url: `${platform.origin}/nrps/course-1`, service_versions: ['2.0'] },
  };

  // The platform's page is not StudyNest's: a tab of the same browser, without the fixture's wait for the app.
  const course = await page.context().newPage();
  await course.goto(`${platform.origin}/course`);
  await course.getByRole('button', { name: 'Open StudyNest' }).click();
  await course.waitForURL(platform.target);
  await course.close();

  // The launch made the tutor's account; Lin booked one of their classes, Emma another tutor's only.
  const tutor = await server.deps.db.kysely.selectFrom('user').select(['id', 'name', 'email', 'role']).where('email', '=', teacher.email).executeTakeFirstOrThrow();
  expect(tutor.role).toBe('tutor');
  await createBooking(server.deps, await createStudySession(server.deps, tutor, { title: `Cells ${id}` }), booked);
  await createBooking(server.deps, await createStudySession(server.deps, await createUser(server.deps, { role: 'tutor' })), notBooked);
  return {
    platform,
    expected: [
      [teacher.name, teacher.email, words.teacher, words.no],
      [booked.name, booked.email, words.learner, words.yes],
      [notBooked.name, notBooked.email, words.learner, words.no],
      [nora.name, nora.email, words.learner, words.noAccount],
    ],
  };
}

for (const words of [ENGLISH, SPANISH]) {
  test.describe(`on a 375 px phone, ${words.locale}`, () => {
    test.use({ locale: words.locale });

    test('a tutor launched from their course imports its roster and sees who booked their sessions', async ({ page, server }) => {
      const { platform, expected } = await launchedFromCourse(page, server, words);
      try {
        await page.goto('/dashboard/lti-roster');
        await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
        const row = page.getByTestId('lti-course-row').filter({ hasText: 'Biology 101' });
        await expect(row.getByText(words.from, { exact: true })).toBeVisible();
        await row.getByRole('button', { name: words.import }).click();

        await expect(page.getByRole('heading', { name: words.members })).toBeVisible();
        const members = page.getByTestId('lti-roster-member');
        await expect(members).toHaveCount(4);
        for (const [i, cells] of expected.entries()) await expect(members.nth(i).getByRole('cell')).toHaveText(cells);
        // One token and both pages of members, asked with StudyNest's signed assertion.
        expect(platform.seen).toMatchObject({ tokenRequests: 1, memberPages: 2, tokenRefusals: [] });
        // Within the phone: the table scrolls in its own box, the page does not.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        expect(await axeViolations(page), 'axe violations on the roster').toEqual([]);
      } finally {
        await platform.close();
      }
    });
  });
}

test('a platform that cannot be reached is said on the page, and no member is shown', async ({ page, server }) => {
  const { platform } = await launchedFromCourse(page, server, ENGLISH);
  try {
    await server.deps.db.kysely.updateTable('lti_platform').set({ tokenUrl: `http://127.0.0.1:${await closedPort()}/token` }).where('issuer', '=', platform.registration.issuer).execute();
    await page.goto('/dashboard/lti-roster');
    await page.getByTestId('lti-course-row').filter({ hasText: 'Biology 101' }).getByRole('button', { name: ENGLISH.import }).click();
    // Said in the page's error dialog: the title, and the API's reason.
    const refusal = page.getByRole('dialog', { name: ENGLISH.failed });
    await expect(refusal).toContainText(ENGLISH.unreachable);
    expect(await axeViolations(page), 'axe violations with the refusal shown').toEqual([]);
    await closeDialog(page, ENGLISH.failed);
    await expect(page.getByTestId('lti-roster-member')).toHaveCount(0);
    expect(platform.seen.memberPages).toBe(0);
  } finally {
    await platform.close();
  }
});
