// Fills a benchmark database straight through the tables of server/db/schema.ts: batched
// multi-row inserts inside transactions. Plain rows only (no password hashing): the few users
// the benchmark signs in through /api/auth are made with tests/factories.ts createUser, and
// the many it acts as get auth `session` rows with a known token (session-cookie.ts).
import { authColumns } from '#server/db/auth-columns.ts';
import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Dialect } from '#server/db/database.ts';
import type { BookingTable, Database, NoteTable, ReviewTable, StudySessionTable, UserTable } from '#server/db/schema.ts';
import { newId } from '#server/ids.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export interface SeedCounts {
  sessions: number;
  users: number;
  bookings: number;
  reviews: number;
  /** Students (from the start of the list) that get notes, and how many each. */
  notesFor: number;
  notesEach: number;
}

export interface SeededUser {
  id: string;
  email: string;
  name: string;
}

export interface Catalogue {
  tutors: SeededUser[];
  students: SeededUser[];
  /** The newest createdAt of the seeded sessions (top-ups go older than the oldest). */
  oldestSessionMs: number;
}

/** Rows per INSERT so that rows × columns stays under both dialects' bound-parameter limits. */
const batchSize = (columns: number) => Math.floor(30_000 / columns);

async function insertBatched<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Iterable<Insertable<Database[T]>>, columns: number): Promise<number> {
  const size = batchSize(columns);
  let batch: Insertable<Database[T]>[] = [];
  let count = 0;
  // One transaction per ~20 batches: fast on SQLite (one fsync each), not one huge PostgreSQL transaction.
  let pending: Insertable<Database[T]>[][] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const chunks = pending;
    pending = [];
    await db.transaction().execute(async (trx) => {
      for (const chunk of chunks) await trx.insertInto(table).values(chunk as never).execute();
    });
  };
  for (const row of rows) {
    batch.push(row);
    count++;
    if (batch.length === size) {
      pending.push(batch);
      batch = [];
      if (pending.length === 20) await flush();
    }
  }
  if (batch.length) pending.push(batch);
  await flush();
  return count;
}

const authDate = (dialect: Dialect, ms: number) => authColumns(dialect).date(new Date(ms));
const authBool = (dialect: Dialect, v: boolean) => authColumns(dialect).bool(v);

function* userRows(dialect: Dialect, tutors: SeededUser[], students: SeededUser[], now: number): Generator<Insertable<UserTable>> {
  const base = { emailVerified: authBool(dialect, true), image: null, createdAt: authDate(dialect, now), updatedAt: authDate(dialect, now), blocked: authBool(dialect, false), lastSeen: null };
  for (const t of tutors) yield { ...base, id: t.id, name: t.name, email: t.email, role: 'tutor' };
  for (const s of students) yield { ...base, id: s.id, name: s.name, email: s.email, role: 'student' };
}

/** Session i of the catalogue: newest first, one second apart; about 2 in 3 open for registration now. */
function sessionRow(i: number, newestMs: number, tutor: SeededUser, now: number, extra: { bookedCount: number; ratingSum: number; ratingCount: number }): Insertable<StudySessionTable> {
  const createdMs = newestMs - i * 1000;
  const open = i % 3 !== 2;
  const regStart = now - 30 * DAY;
  const regEnd = open ? now + 30 * DAY : now - DAY;
  const classStart = now + 40 * DAY + (i % 48) * HOUR;
  const minutes = 60 + (i % 4) * 30;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    id: newId(createdMs),
    title: `${TOPICS[i % TOPICS.length]} study session ${i}`,
    description: `A bench session on ${TOPICS[(i * 7) % TOPICS.length]!.toLowerCase()}: worked examples, questions and a short quiz.`,
    tutorId: tutor.id,
    tutorName: tutor.name,
    tutorEmail: tutor.email,
    registrationStartDate: iso(regStart),
    registrationEndDate: iso(regEnd),
    classStartDate: iso(classStart),
    classEndDate: iso(classStart + minutes * 60_000),
    durationMinutes: minutes,
    registrationFeeCents: i % 5 === 0 ? 1500 : 0,
    maxParticipants: null,
    cancellationCutoffHours: 24,
    status: 'approved',
    rejectionReason: null,
    rejectionFeedback: null,
    createdAt: iso(createdMs),
    updatedAt: iso(createdMs),
    ...extra,
  };
}

const TOPICS = ['Algebra', 'Calculus', 'Physics', 'Organic chemistry', 'Statistics', 'Biology', 'World history', 'Economics', 'Programming', 'Literature'];

/** Booking k: student k mod S, and for that student's j-th booking a session stepping by a number coprime with N. */
function bookingPair(k: number, studentCount: number, sessionCount: number): [number, number] {
  const s = k % studentCount;
  const j = Math.floor(k / studentCount);
  return [s, (s * 7919 + j * 104_729) % sessionCount];
}

export async function seedCatalogue(db: Kysely<Database>, dialect: Dialect, counts: SeedCounts, now = Date.now()): Promise<Catalogue> {
  const tutorCount = Math.max(1, Math.round(counts.users / 20));
  const studentCount = counts.users - tutorCount;
  const mk = (role: string, i: number): SeededUser => ({ id: newId(now - i), email: `bench-${role}-${i}@bench.example`, name: `${role === 'tutor' ? 'Tutor' : 'Student'} ${i}` });
  const tutors = Array.from({ length: tutorCount }, (_, i) => mk('tutor', i));
  const students = Array.from({ length: studentCount }, (_, i) => mk('student', i));
  await insertBatched(db, 'user', userRows(dialect, tutors, students, now), 10);

  // Counters on the session rows must agree with the bookings and reviews inserted below.
  const booked = new Int32Array(counts.sessions);
  const ratingSum = new Int32Array(counts.sessions);
  const ratingCount = new Int32Array(counts.sessions);
  for (let k = 0; k < counts.bookings; k++) {
    const [, sess] = bookingPair(k, studentCount, counts.sessions);
    booked[sess]!++;
    if (k < counts.reviews) {
      ratingSum[sess]! += 1 + (k % 5);
      ratingCount[sess]!++;
    }
  }

  const newestMs = now - 60_000;
  const sessionIds: string[] = new Array(counts.sessions);
  function* sessions(): Generator<Insertable<StudySessionTable>> {
    for (let i = 0; i < counts.sessions; i++) {
      const row = sessionRow(i, newestMs, tutors[i % tutorCount]!, now, { bookedCount: booked[i]!, ratingSum: ratingSum[i]!, ratingCount: ratingCount[i]! });
      sessionIds[i] = row.id;
      yield row;
    }
  }
  await insertBatched(db, 'study_session', sessions(), 24);

  const iso = (ms: number) => new Date(ms).toISOString();
  function* bookings(): Generator<Insertable<BookingTable>> {
    for (let k = 0; k < counts.bookings; k++) {
      const [s, sess] = bookingPair(k, studentCount, counts.sessions);
      const createdMs = now - 10 * DAY + k;
      yield { id: newId(createdMs), sessionId: sessionIds[sess]!, studentId: students[s]!.id, studentEmail: students[s]!.email, status: 'confirmed', amountCents: 0, holdExpiresAt: null, paymentRef: null, createdAt: iso(createdMs) };
    }
  }
  await insertBatched(db, 'booking', bookings(), 9);

  function* reviews(): Generator<Insertable<ReviewTable>> {
    for (let k = 0; k < Math.min(counts.reviews, counts.bookings); k++) {
      const [s, sess] = bookingPair(k, studentCount, counts.sessions);
      const createdMs = now - 5 * DAY + k;
      yield { id: newId(createdMs), sessionId: sessionIds[sess]!, studentId: students[s]!.id, studentName: students[s]!.name, rating: 1 + (k % 5), review: 'Clear explanations and useful exercises.', createdAt: iso(createdMs), updatedAt: iso(createdMs) };
    }
  }
  await insertBatched(db, 'review', reviews(), 8);

  function* notes(): Generator<Insertable<NoteTable>> {
    for (let s = 0; s < Math.min(counts.notesFor, studentCount); s++) {
      for (let n = 0; n < counts.notesEach; n++) {
        const ms = now - DAY + s * 100 + n;
        yield { id: newId(ms), studentId: students[s]!.id, title: `Note ${n}`, details: 'Key formulas and the questions to ask next time.', createdAt: iso(ms), updatedAt: iso(ms) };
      }
    }
  }
  await insertBatched(db, 'note', notes(), 6);

  return { tutors, students, oldestSessionMs: newestMs - (counts.sessions - 1) * 1000 };
}

/** More approved sessions, older than every existing one (so the first page is unchanged). */
export async function topUpSessions(db: Kysely<Database>, catalogue: Catalogue, count: number, now = Date.now()): Promise<void> {
  const start = catalogue.oldestSessionMs - 1000;
  function* rows(): Generator<Insertable<StudySessionTable>> {
    for (let i = 0; i < count; i++) {
      yield sessionRow(i, start, catalogue.tutors[i % catalogue.tutors.length]!, now, { bookedCount: 0, ratingSum: 0, ratingCount: 0 });
    }
  }
  await insertBatched(db, 'study_session', rows(), 24);
  catalogue.oldestSessionMs = start - (count - 1) * 1000;
}

/** Approved sessions open now with `capacity` seats each, for the booking storm. */
export async function seedStormSessions(db: Kysely<Database>, catalogue: Catalogue, count: number, capacity: number, now = Date.now()): Promise<string[]> {
  const ids: string[] = [];
  function* rows(): Generator<Insertable<StudySessionTable>> {
    for (let i = 0; i < count; i++) {
      const row = { ...sessionRow(i, now - 30_000, catalogue.tutors[i % catalogue.tutors.length]!, now, { bookedCount: 0, ratingSum: 0, ratingCount: 0 }), registrationEndDate: new Date(now + 30 * DAY).toISOString(), maxParticipants: capacity, registrationFeeCents: 0, title: `Storm session ${i}` };
      ids.push(row.id);
      yield row;
    }
  }
  await insertBatched(db, 'study_session', rows(), 24);
  return ids;
}

/**
 * `count` weekly series of `classes` approved, free classes each (docs/decisions/064-series.md),
 * open for registration, with room for `capacity` students a class; the first class of each.
 */
export async function seedSeries(db: Kysely<Database>, catalogue: Catalogue, count: number, classes: number, capacity: number, now = Date.now()): Promise<Array<{ seriesId: string; firstId: string }>> {
  const series: Array<{ seriesId: string; firstId: string }> = [];
  function* rows(): Generator<Insertable<StudySessionTable>> {
    for (let i = 0; i < count; i++) {
      const seriesId = newId(now - i);
      for (let k = 0; k < classes; k++) {
        const base = sessionRow(i, now - 60_000 - i * classes - k, catalogue.tutors[i % catalogue.tutors.length]!, now, { bookedCount: 0, ratingSum: 0, ratingCount: 0 });
        const start = Date.parse(base.classStartDate as string) + k * 7 * DAY;
        const row = {
          ...base,
          seriesId,
          title: `Series ${i}`,
          registrationEndDate: new Date(now + 30 * DAY).toISOString(),
          classStartDate: new Date(start).toISOString(),
          classEndDate: new Date(start + (base.durationMinutes as number) * 60_000).toISOString(),
          maxParticipants: capacity,
          registrationFeeCents: 0,
        };
        if (k === 0) series.push({ seriesId, firstId: row.id });
        yield row;
      }
    }
  }
  await insertBatched(db, 'study_session', rows(), 24);
  return series;
}

/** An auth `session` row per user with a random token; the caller signs the cookie (session-cookie.ts). */
export async function createAuthSessions(db: Kysely<Database>, dialect: Dialect, users: SeededUser[], now = Date.now()): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  function* rows() {
    for (const u of users) {
      const token = randomBytes(24).toString('base64url');
      tokens.set(u.id, token);
      yield { id: newId(now), token, userId: u.id, expiresAt: authDate(dialect, now + 7 * DAY), createdAt: authDate(dialect, now), updatedAt: authDate(dialect, now), ipAddress: '127.0.0.1', userAgent: 'studynest-bench' };
    }
  }
  await insertBatched(db, 'session', rows(), 8);
  return tokens;
}
