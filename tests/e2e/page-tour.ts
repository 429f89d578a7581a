// A tour of every page for the checks that apply to all of them (accessibility, phone layout):
// one user per role, enough data that lists, details and badges render, and the concrete URL
// of each route pattern for each visitor.
import type { Page } from '@playwright/test';
import type { Role } from '#contract/common.ts';
import { newId } from '#server/ids.ts';
import { createBooking, createStudySession, createUser, type CreatedUser } from '#tests/factories.ts';
import { appRoutes, fillPattern, type Visitor } from './app-routes';
import { expect, type Server } from './fixtures';

export interface Tour {
  users: Record<Role, CreatedUser>;
  /** Values for route parameters (`:id` after session/note/…, `:email`). */
  params: Record<string, string>;
}

export async function seedTour(server: Server): Promise<Tour> {
  const deps = server.deps;
  const student = await createUser(deps, { role: 'student', name: 'Sam Student' });
  const tutor = await createUser(deps, { role: 'tutor', name: 'Tara Tutor' });
  const admin = await createUser(deps, { role: 'admin', name: 'Ada Admin' });
  const day = 24 * 60 * 60 * 1000;
  const open = await createStudySession(deps, tutor, {
    title: 'Linear algebra workshop',
    description: 'Vectors, matrices and eigenvalues, with exercises.',
  });
  // Class already started: the booked session can be reviewed.
  const started = await createStudySession(deps, tutor, {
    title: 'Organic chemistry lab prep',
    registrationStartDate: new Date(Date.now() - 10 * day).toISOString(),
    registrationEndDate: new Date(Date.now() - 3 * day).toISOString(),
    classStartDate: new Date(Date.now() - 2 * day).toISOString(),
    registrationFeeCents: 1500,
  });
  await createStudySession(deps, tutor, { title: 'Pending physics review', status: 'pending' });
  await createStudySession(deps, tutor, { title: 'Rejected history session', status: 'rejected' });
  await createBooking(deps, open, student);
  // A weekly series of two classes, for its own page (/series/:id).
  const seriesId = newId();
  for (const week of [3, 4]) await createStudySession(deps, tutor, { title: 'Statistics, week by week', seriesId, classStartDate: new Date(Date.now() + week * 7 * day).toISOString() });
  await createBooking(deps, started, student);
  // Direct inserts: these pages only need something to show.
  const now = new Date().toISOString();
  const note = { id: newId(), studentId: student.id, title: 'Eigenvalues', details: 'det(A - λI) = 0, then solve for each λ.', createdAt: now, updatedAt: now };
  await deps.db.kysely.insertInto('note').values(note).execute();
  await deps.db.kysely
    .insertInto('review')
    .values({ id: newId(), sessionId: started.id, studentId: student.id, studentName: student.name, rating: 4, review: 'Clear and well paced.', createdAt: now, updatedAt: now })
    .execute();
  await deps.db.kysely
    .insertInto('material')
    .values({ id: newId(), sessionId: open.id, tutorId: tutor.id, title: 'Exercise sheet', fileKey: null, fileName: null, mimeType: null, fileSize: null, link: 'https://example.com/exercises', createdAt: now, updatedAt: now })
    .execute();
  // API Keys lists a key of each (its secret never stored: a hash that no key has).
  for (const [owner, scopes] of [[tutor, 'sessions:read bookings:read'], [admin, 'sessions:read admin']] as const) {
    await deps.db.kysely
      .insertInto('api_key')
      .values({ id: newId(), userId: owner.id, name: 'Timetable sync', prefix: 'snk_tour1234', hash: `tour-${owner.id}`, scopes, createdAt: now, lastUsedAt: now, revokedAt: null })
      .execute();
  }
  return {
    users: { student, tutor, admin },
    // Reschedule's form is offered for an approved class not started: the open one.
    params: { session: started.id, note: note.id, email: tutor.email, tutors: tutor.id, reschedule: open.id, series: seriesId },
  };
}

/** Every route `visitor` may see, as a concrete URL (routes whose params we cannot fill are skipped). */
export function tourUrls(tour: Tour, visitor: Visitor): string[] {
  return appRoutes()
    .filter((route) => route.visitors.includes(visitor))
    .map((route) => fillPattern(route.pattern, tour.params))
    .filter((url): url is string => url !== undefined);
}

/** Opens `url` and waits until its data has loaded (no spinner, network quiet). */
export async function visitSettled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.bar-loader')).toHaveCount(0);
  await expect(page.locator('main')).not.toBeEmpty();
}
