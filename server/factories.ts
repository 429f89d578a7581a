// Factories build users, sessions and bookings with overrides, for the demo seed (production
// start) and the tests (through tests/factories.ts). They live in server/ because production
// never imports tests/ (docs/decisions/019-boundaries.md). Users go through better-auth so
// that passwords are real.
import { authColumns } from '#server/db/auth-columns.ts';
import { randomBytes } from 'node:crypto';
import type { Role } from '#contract/common.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { newId } from '#server/ids.ts';

/** Distinct without a counter kept between calls: the time, then 40 random bits. */
const unique = () => `${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;

export interface CreatedUser {
  id: string;
  name: string;
  email: string;
  password: string;
  role: Role;
}

/** A feature's demo content for a new, empty database (server/demo-seed.ts runs each once). */
export type DemoSeeder = (deps: CoreDeps, users: CreatedUser[]) => Promise<void>;

export interface UserOverrides {
  name?: string;
  email?: string;
  password?: string;
  role?: Role;
  verified?: boolean;
  blocked?: boolean;
  image?: string | null;
}

export async function createUser(deps: Pick<CoreDeps, 'auth' | 'db'>, overrides: UserOverrides = {}): Promise<CreatedUser> {
  const role = overrides.role ?? 'student';
  const id = unique();
  const name = overrides.name ?? `${role[0]!.toUpperCase()}${role.slice(1)} ${id.slice(-5)}`;
  const email = (overrides.email ?? `${role}-${id}@example.com`).toLowerCase();
  const password = overrides.password ?? `pw-${randomBytes(9).toString('base64url')}`;
  const signUpRole = role === 'admin' ? 'student' : role;
  const result = await deps.auth.api.signUpEmail({
    body: { name, email, password, role: signUpRole, image: overrides.image ?? undefined },
  });
  const userId = result.user.id;
  const verified = overrides.verified ?? true;
  const auth = authColumns(deps.db.kysely);
  await deps.db.kysely
    .updateTable('user')
    .set({ role, emailVerified: auth.bool(verified), blocked: auth.bool(Boolean(overrides.blocked)) })
    .where('id', '=', userId)
    .execute();
  return { id: userId, name, email, password, role };
}

export interface StudySessionOverrides {
  title?: string;
  description?: string;
  status?: 'pending' | 'approved' | 'rejected';
  registrationFeeCents?: number;
  maxParticipants?: number | null;
  cancellationCutoffHours?: number;
  registrationStartDate?: string;
  registrationEndDate?: string;
  classStartDate?: string;
  classEndDate?: string;
  /** The IANA zone the tutor wrote the dates in (null: unknown). */
  tutorTimeZone?: string | null;
  /** A minimum to run and its decision time in hours before class (none by default). */
  minimumStudents?: number | null;
  decisionHoursBefore?: number | null;
  /** Seats one booking may take (default 1). */
  maxSeatsPerBooking?: number;
  /** The weekly series the class belongs to (none by default). */
  seriesId?: string | null;
}

/**
 * A study session of `tutor`, approved and open for registration by default (registration
 * from a day ago to a week ahead, class two weeks ahead for 2 hours). Inserted directly.
 */
export async function createStudySession(
  deps: Pick<CoreDeps, 'db'>,
  tutor: Pick<CreatedUser, 'id' | 'name' | 'email'>,
  overrides: StudySessionOverrides = {},
) {
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const classStartDate = overrides.classStartDate ?? iso(now + 14 * day);
  const classEndDate = overrides.classEndDate ?? iso(new Date(classStartDate).getTime() + 2 * 60 * 60 * 1000);
  const row = {
    id: newId(),
    title: overrides.title ?? `Session ${unique().slice(-6)}`,
    description: overrides.description ?? 'A study session created by the test factories.',
    tutorId: tutor.id,
    tutorName: tutor.name,
    tutorEmail: tutor.email,
    registrationStartDate: overrides.registrationStartDate ?? iso(now - day),
    registrationEndDate: overrides.registrationEndDate ?? iso(now + 7 * day),
    classStartDate,
    classEndDate,
    durationMinutes: Math.round((new Date(classEndDate).getTime() - new Date(classStartDate).getTime()) / 60000),
    registrationFeeCents: overrides.registrationFeeCents ?? 0,
    maxParticipants: overrides.maxParticipants ?? null,
    cancellationCutoffHours: overrides.cancellationCutoffHours ?? 24,
    maxSeatsPerBooking: overrides.maxSeatsPerBooking ?? 1,
    seriesId: overrides.seriesId ?? null,
    tutorTimeZone: overrides.tutorTimeZone ?? null,
    minimumStudents: overrides.minimumStudents ?? null,
    decisionHoursBefore: overrides.decisionHoursBefore ?? null,
    status: overrides.status ?? 'approved',
    createdAt: iso(now),
    updatedAt: iso(now),
  };
  await deps.db.kysely.insertInto('study_session').values(row).execute();
  return row;
}

/** A confirmed booking of `student` on `session` (bookedCount kept in step). Inserted directly. */
export async function createBooking(
  deps: Pick<CoreDeps, 'db'>,
  session: { id: string },
  student: Pick<CreatedUser, 'id' | 'email'>,
  overrides: { status?: 'confirmed' | 'pending_payment'; amountCents?: number } = {},
) {
  const row = {
    id: newId(),
    sessionId: session.id,
    studentId: student.id,
    studentEmail: student.email,
    status: overrides.status ?? 'confirmed',
    amountCents: overrides.amountCents ?? 0,
    createdAt: new Date().toISOString(),
  } as const;
  await deps.db.kysely.insertInto('booking').values(row).execute();
  await deps.db.kysely
    .updateTable('study_session')
    .set((eb) => ({ bookedCount: eb('bookedCount', '+', 1) }))
    .where('id', '=', session.id)
    .execute();
  return row;
}

/** `student` waiting for a seat of `session`, behind everyone already waiting. Inserted directly. */
export async function createWaitlistEntry(deps: Pick<CoreDeps, 'db'>, session: { id: string }, student: Pick<CreatedUser, 'id'>) {
  const row = { id: newId(), sessionId: session.id, studentId: student.id, createdAt: new Date().toISOString() };
  await deps.db.kysely.insertInto('waitlist_entry').values(row).execute();
  return row;
}
