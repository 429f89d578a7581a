// Students in a real browser: book → booked sessions → .ics → cancel → book again →
// (class started) review → average on the details page; refusals for tutors, full and paid
// sessions; the tutor's roster; notes create → edit → view → delete; 375 px phones.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { test, expect, expectPopup } from './fixtures';

const suffix = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);
const HOUR = 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

test('a student books, downloads the .ics, cancels, books again and reviews once class has started', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor', name: 'Rita Tutor' });
  const student = await createUser({ role: 'student', name: 'Sam Student' });
  const title = `Thermodynamics ${suffix()}`;
  // Class in 2 hours, cancellable until 1 hour before it.
  const session = await createStudySession(server.deps, tutor, { title, classStartDate: iso(Date.now() + 2 * HOUR), classEndDate: iso(Date.now() + 4 * HOUR), cancellationCutoffHours: 1, maxParticipants: 10 });

  await loginAs(page, student);
  await page.goto(`/session/${session.id}`);
  await page.getByRole('button', { name: 'Book now' }).click();
  await expectPopup(page, /^Success\nSession booked successfully$/);
  await expect(page.getByText('You have booked this session.')).toBeVisible();

  // The confirmation email carries the calendar file.
  const mail = await server.mailbox.waitFor(student.email, new RegExp(`Booking confirmed: ${title}`));
  expect(mail.raw).toMatch(/Content-Type: text\/calendar/);

  // Booked sessions → View Details.
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'Booked Sessions' }).click();
  await expect(page).toHaveTitle('StudyNest | Booked Sessions');
  const row = page.getByTestId('booked-session-row').filter({ hasText: title });
  await expect(row).toContainText(`Instructor: ${tutor.email}`);
  await row.getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/view-booked-session/${session.id}$`));
  await expect(page.getByTestId('booking-status')).toHaveText('Booked');
  await expect(page.getByText('You can review this session once class has started.')).toBeVisible();

  // Add to calendar downloads a valid iCalendar file.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^studynest-thermodynamics-.*\.ics$/);
  const ics = fs.readFileSync((await download.path())!, 'utf8');
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(ics.replace(/\r\n /g, '')).toContain(`\r\nSUMMARY:${title}\r\n`);
  expect(ics).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);

  // Cancel (with confirmation, which says what really happens to the seat): back to the list,
  // which no longer has it, and no request that could only answer 404.
  const notFound: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 404) notFound.push(res.url());
  });
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText('Your seat is given up: if students are waiting for one, the first in line gets it.')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expectPopup(page, 'Booking cancelled');
  await expect(page).toHaveURL(/\/dashboard\/view-booked-session$/);
  await expect(page.getByText('You have not booked any session yet.')).toBeVisible();
  expect(notFound).toEqual([]);

  // Book again.
  await page.goto(`/session/${session.id}`);
  await page.getByRole('button', { name: 'Book now' }).click();
  await expectPopup(page, 'Session booked successfully');

  // Time passes: class has started. The student reviews it.
  await server.deps.db.kysely.updateTable('study_session').set({ classStartDate: iso(Date.now() - 5 * 60 * 1000) }).where('id', '=', session.id).execute();
  await page.goto(`/dashboard/view-booked-session/${session.id}`);
  await expect(page.getByText('rate the session from 1 to 5')).toBeVisible();
  await page.getByRole('textbox', { name: 'Review' }).fill('Clear explanations and good exercises.');
  // Five stars, a radio group: chosen with the keyboard.
  await expect(page.getByRole('group', { name: 'Rating' }).getByRole('radio')).toHaveCount(5);
  await page.getByRole('radio', { name: '3 stars' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectPopup(page, 'Review submitted successfully');
  // The booking's own page shows the session's new rating at once, without a reload.
  await expect(page.getByText('Average rating: 4 (1 review)')).toBeVisible();
  await expect(page.getByText('No ratings yet')).toHaveCount(0);

  // The details page shows the average, the count and the review.
  await page.goto(`/session/${session.id}`);
  await expect(page.getByTestId('review-summary')).toHaveText('Average rating: 4 / 5 (1 review)');
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Clear explanations and good exercises.')).toBeVisible();
  await expect(reviews.getByText('Sam Student')).toBeVisible();
  await expect(reviews.getByLabel('Rated 4 out of 5')).toBeVisible();
  await expect(page.getByText('Average rating: 4 (1 review)')).toBeVisible();
});

test('tutors see no Book now, a full session offers the waitlist, a paid one says payments are not configured, the tutor sees the roster', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor' });
  const booked = await createUser({ role: 'student', name: 'Bea Booked' });
  const waiting = await createUser({ role: 'student', name: 'Will Waiting' });
  const full = await createStudySession(server.deps, tutor, { title: `Full ${suffix()}`, maxParticipants: 1 });
  await createBooking(server.deps, full, booked);
  const paid = await createStudySession(server.deps, tutor, { title: `Paid ${suffix()}`, registrationFeeCents: 1500 });

  // Book now is for students: a tutor is told so instead.
  const other = await createStudySession(server.deps, tutor, { title: `Open ${suffix()}` });
  await loginAs(page, tutor);
  await page.goto(`/session/${other.id}`);
  await expect(page.getByText('Only students can book sessions.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book now' })).toHaveCount(0);

  // A student joins the waitlist of the full session.
  await page.context().clearCookies();
  await loginAs(page, waiting);
  await page.goto(`/session/${full.id}`);
  await expect(page.getByText('This session is full.')).toBeVisible();
  await page.getByRole('button', { name: 'Join waitlist' }).click();
  await expectPopup(page, 'You joined the waitlist');
  await expect(page.getByText(/You are on the waitlist: number 1 in line/)).toBeVisible();
  await page.goto(`/dashboard/view-booked-session/${full.id}`);
  await expect(page.getByTestId('booking-status')).toHaveText('Waitlisted: #1 in line');

  // A paid session cannot be booked while payments are not configured (this worker runs without
  // Stripe); a student is told so in their words, not the operator's.
  await page.goto(`/session/${paid.id}`);
  await expect(page.getByText('This paid session cannot be booked online yet.')).toBeVisible();
  await expect(page.getByText('Payments are not configured')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Book now' })).toHaveCount(0);

  // The tutor's roster lists the booked student and the waitlist.
  await page.context().clearCookies();
  await loginAs(page, tutor);
  await page.goto(`/dashboard/session/${encodeURIComponent(tutor.email)}/${full.id}`);
  const roster = page.getByRole('region', { name: 'Roster' });
  await expect(roster.getByRole('group', { name: 'Booked students' }).getByRole('list')).toContainText('Bea Booked');
  await expect(roster.getByRole('group', { name: 'Waitlist' }).getByRole('list')).toContainText('Will Waiting');
  await expect(roster.getByRole('group', { name: 'Waitlist' }).getByRole('list')).toContainText('#1 in line');
  await expect(roster).toContainText('1 of 1 seats taken');
});

test('notes: create → edit → view → delete', async ({ page, createUser, loginAs }) => {
  const student = await createUser({ role: 'student' });
  await loginAs(page, student);
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'Create Note' }).click();
  await expect(page.getByRole('heading', { name: 'Take a note' })).toBeVisible();
  await page.getByLabel('Title').fill('Entropy');
  await page.getByLabel('Details').fill('dS = dQ / T for a reversible process.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectPopup(page, 'Note created successfully');
  await expect(page).toHaveURL(/\/dashboard\/manage-personal-notes$/);
  await expect(page).toHaveTitle('StudyNest | Manage Notes');

  const row = page.getByTestId('note-row').filter({ hasText: 'Entropy' });
  await expect(row).toContainText(/Last Update: \d{2}\/\d{2}\/\d{4}/);
  await row.getByRole('link', { name: 'Edit Entropy' }).click();
  await expect(page).toHaveURL(/\/dashboard\/note\/edit\//);
  await expect(page.getByLabel('Title')).toHaveValue('Entropy');
  await page.getByLabel('Title').fill('Entropy (2nd law)');
  await page.getByLabel('Details').fill('The entropy of an isolated system never decreases.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectPopup(page, 'Note updated successfully');
  await expect(page).toHaveURL(/\/dashboard\/note\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Entropy (2nd law)' })).toBeVisible();
  await expect(page.getByText('The entropy of an isolated system never decreases.')).toBeVisible();

  await page.goto('/dashboard/manage-personal-notes');
  await page.getByTestId('note-row').filter({ hasText: 'Entropy (2nd law)' }).getByRole('link', { name: 'View Entropy (2nd law)' }).click();
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();

  await page.goto('/dashboard/manage-personal-notes');
  await page.getByRole('button', { name: 'Delete Entropy (2nd law)' }).click();
  await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await expect(page.getByText("You won't be able to revert this!")).toBeVisible();
  await page.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expectPopup(page, 'Note deleted successfully');
  await expect(page.getByTestId('note-row')).toHaveCount(0);
  await expect(page.getByText('You have no notes yet.')).toBeVisible();
});

test('student pages fit a 375 px phone without sideways scrolling', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor', email: `a-very-long-tutor-address-${suffix()}@a-long-university-domain.example` });
  const student = await createUser({ role: 'student' });
  const session = await createStudySession(server.deps, tutor, { title: `Phone ${suffix()}`, classStartDate: iso(Date.now() - HOUR), classEndDate: iso(Date.now() + HOUR) });
  await createBooking(server.deps, session, student);
  await loginAs(page, student);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/dashboard/view-booked-session', `/dashboard/view-booked-session/${session.id}`, '/dashboard/create-note', '/dashboard/manage-personal-notes', `/session/${session.id}`]) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
