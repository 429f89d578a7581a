// One bookability state per session and viewer, the same on the card, the session's
// page, its badge and its button (contract/bookability.ts). Times here are read in UTC (the
// browser's zone in these tests), so "(your time)" is UTC.
import { createBooking, createStudySession, createUser, createWaitlistEntry } from '#tests/factories.ts';
import { expect, test } from './fixtures';

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

test('a session whose registration has not opened says when it opens, on its card and its page, and is Closed', async ({ page, server, createUser: newUser, loginAs }) => {
  const tutor = await newUser({ role: 'tutor' });
  const title = `Opens later ${Date.now().toString(36)}`;
  // Registration opens Monday 07/01/2030 at 09:00 UTC.
  const session = await createStudySession(server.deps, tutor, {
    title,
    registrationStartDate: '2030-01-07T09:00:00.000Z',
    registrationEndDate: '2030-01-10T17:00:00.000Z',
    classStartDate: '2030-01-14T18:00:00.000Z',
    classEndDate: '2030-01-14T19:30:00.000Z',
  });
  await loginAs(page, await newUser({ role: 'student' }));
  await page.goto(`/all-sessions?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('Registration opens Mon 07/01/2030, 09:00 (your time)');
  await expect(card).toContainText('Mon 14/01/2030, 18:00–19:30 (your time)');
  await expect(card).toContainText('Free');
  await expect(card.getByText('Registration: Closed', { exact: true })).toBeVisible();

  await page.goto(`/session/${session.id}`);
  const details = page.getByRole('article', { name: title });
  await expect(details.getByText('Registration opens on Mon 07/01/2030, 09:00 (your time).')).toBeVisible();
  await expect(details.getByText('Closed', { exact: true })).toBeVisible();
  await expect(details.getByText(/is closed/)).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Book now' })).toHaveCount(0);
});

test('a full session tells a student where they would be on the waitlist; the card says Full', async ({ page, server, createUser: newUser, loginAs }) => {
  const tutor = await newUser({ role: 'tutor' });
  const title = `Full ${Date.now().toString(36)}`;
  const session = await createStudySession(server.deps, tutor, { title, maxParticipants: 1 });
  await createBooking(server.deps, session, await createUser(server.deps, { role: 'student' }));
  await createWaitlistEntry(server.deps, session, await createUser(server.deps, { role: 'student' }));
  await createWaitlistEntry(server.deps, session, await createUser(server.deps, { role: 'student' }));
  await loginAs(page, await newUser({ role: 'student' }));

  await page.goto(`/all-sessions?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('Full: join the waitlist');
  await expect(card.getByText('Registration: Ongoing', { exact: true })).toBeVisible();

  await page.goto(`/session/${session.id}`);
  await expect(page.getByText(/This session is full\. Join the waitlist: you would be #3 in line \(registration until .+ \(your time\)\)\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join waitlist' })).toBeVisible();
});

test('an open session says how many seats are left on its card and its page', async ({ page, server, createUser: newUser, loginAs }) => {
  const tutor = await newUser({ role: 'tutor' });
  const title = `Seats ${Date.now().toString(36)}`;
  const session = await createStudySession(server.deps, tutor, { title, maxParticipants: 10 });
  for (let i = 0; i < 4; i++) await createBooking(server.deps, session, await createUser(server.deps, { role: 'student' }));
  await loginAs(page, await newUser({ role: 'student' }));
  await page.goto(`/all-sessions?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('article', { name: title })).toContainText('Open: 6 of 10 seats left');
  await page.goto(`/session/${session.id}`);
  await expect(page.getByText(/^Open for registration: 6 of 10 seats left, until .+ \(your time\)\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book now' })).toBeVisible();
});

test('a pending session shows its tutor Pending, not Pending and Closed', async ({ page, server, createUser: newUser, loginAs }) => {
  const tutor = await newUser({ role: 'tutor' });
  const title = `Pending ${Date.now().toString(36)}`;
  const session = await createStudySession(server.deps, tutor, { title, status: 'pending' });
  await loginAs(page, tutor);
  await page.goto(`/session/${session.id}`);
  const details = page.getByRole('article', { name: title });
  await expect(details.getByText('Pending', { exact: true })).toBeVisible();
  await expect(details.getByText('Closed', { exact: true })).toHaveCount(0);
  await expect(details.getByText('This session waits for an admin’s approval; students cannot see it yet.')).toBeVisible();
});

test('a paid session this server cannot take payment for is Closed everywhere, and never tells a student about configuration', async ({ page, server, createUser: newUser, loginAs }) => {
  const tutor = await newUser({ role: 'tutor' });
  const title = `Paid ${Date.now().toString(36)}`;
  const session = await createStudySession(server.deps, tutor, { title, registrationFeeCents: 1500 });
  await loginAs(page, await newUser({ role: 'student' }));
  await page.goto(`/all-sessions?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('$15');
  await expect(card).toContainText('Not bookable online yet');
  await expect(card.getByText('Registration: Closed', { exact: true })).toBeVisible();
  await page.goto(`/session/${session.id}`);
  await expect(page.getByText('This paid session cannot be booked online yet.')).toBeVisible();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  await expect(page.getByText(/not configured/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Book now' })).toHaveCount(0);
});

test('a class that ended says so, with no button; a booked student still sees their booking', async ({ page, server, createUser: newUser, loginAs }) => {
  const tutor = await newUser({ role: 'tutor' });
  const now = Date.now();
  const past = { registrationStartDate: iso(now - 10 * DAY), registrationEndDate: iso(now - 5 * DAY), classStartDate: iso(now - 3 * DAY), classEndDate: iso(now - 3 * DAY + 3_600_000) };
  const ended = await createStudySession(server.deps, tutor, { title: `Ended ${now}`, ...past });
  const student = await newUser({ role: 'student' });
  const attended = await createStudySession(server.deps, tutor, { title: `Attended ${now}`, ...past });
  await createBooking(server.deps, attended, student);
  await loginAs(page, student);
  await page.goto(`/session/${ended.id}`);
  await expect(page.getByText('This class has ended.')).toBeVisible();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  await page.goto(`/session/${attended.id}`);
  await expect(page.getByText('You have booked this session.')).toBeVisible();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
});

test("the admin's Approve dialog says payments are not configured before a fee is set", async ({ page, server, createUser: newUser, loginAs }) => {
  const tutor = await newUser({ role: 'tutor' });
  const session = await createStudySession(server.deps, tutor, { status: 'pending', title: `To approve ${Date.now().toString(36)}` });
  await loginAs(page, await newUser({ role: 'admin' }));
  await page.goto('/dashboard/all-sessions');
  await page.getByLabel('Status').selectOption({ label: 'Pending' });
  await page.getByRole('button', { name: `Approve ${session.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve session' });
  await expect(dialog.getByText(/Payments are not configured on this server/)).toBeVisible();
});

// Home's list is the upcoming list in class order (docs/decisions/053): classes not ended,
// soonest first, whatever their registration says or when they were created; a class that
// has ended is not there.
test('Home lists upcoming classes soonest first, and not a class that has ended', async ({ page, server, createUser: newUser }) => {
  const tutor = await newUser({ role: 'tutor' });
  const stamp = Date.now().toString(36);
  const now = Date.now();
  const HOUR = 60 * 60 * 1000;
  // The sooner class is created first and its registration has closed: neither "newest first"
  // nor "open for registration first" would put it before the later one.
  const sooner = await createStudySession(server.deps, tutor, {
    title: `Sooner class ${stamp}`,
    registrationStartDate: iso(now - 3 * DAY),
    registrationEndDate: iso(now - DAY),
    classStartDate: iso(now + 2 * HOUR),
    classEndDate: iso(now + 3 * HOUR),
  });
  await new Promise((resolve) => setTimeout(resolve, 5));
  const later = await createStudySession(server.deps, tutor, {
    title: `Later class ${stamp}`,
    registrationStartDate: iso(now - DAY),
    registrationEndDate: iso(now + 2 * HOUR + 30 * 60 * 1000),
    classStartDate: iso(now + 3 * HOUR),
    classEndDate: iso(now + 4 * HOUR),
  });
  const ended = await createStudySession(server.deps, tutor, {
    title: `Ended class ${stamp}`,
    registrationStartDate: iso(now - 3 * DAY),
    registrationEndDate: iso(now - 2 * DAY),
    classStartDate: iso(now - 2 * HOUR),
    classEndDate: iso(now - HOUR),
  });
  await page.goto('/');
  const cards = page.getByRole('region', { name: 'Sessions' }).getByRole('article');
  await expect(cards.filter({ hasText: `Sooner class ${stamp}` })).toHaveCount(1);
  await expect(cards.filter({ hasText: `Later class ${stamp}` })).toHaveCount(1);
  const titles = await cards.evaluateAll((found) => found.map((card) => card.getAttribute('aria-labelledby') ?? ''));
  const soonerAt = titles.indexOf(`session-${sooner.id}-title`);
  const laterAt = titles.indexOf(`session-${later.id}-title`);
  expect(soonerAt, 'the sooner class is listed').toBeGreaterThanOrEqual(0);
  expect(laterAt, 'the sooner class comes before the later one').toBeGreaterThan(soonerAt);
  expect(titles, 'a class that has ended is not on Home').not.toContain(`session-${ended.id}-title`);
  await expect(page.getByText(`Ended class ${stamp}`)).toHaveCount(0);
});
