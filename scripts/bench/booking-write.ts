// `npx tsx scripts/bench/booking-write.ts [postgres://…/admin-db]`
//
// The booking's write alone, one repository call at a time (docs/decisions/029): the wall time
// of a booking with its two email jobs (best of 5 × 300), and the CPU time of a booking and its
// cancellation (best of 5 × 1,000). Without a URL on a temp SQLite file; with one, on a fresh
// PostgreSQL database created there and dropped afterwards.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, migrateToLatest } from '#server/db/database.ts';
import { bookingsRepository } from '#server/features/bookings/bookings-repository.ts';
import type { JobInsert } from '#server/jobs/job-repository.ts';
import { newId } from '#server/ids.ts';

const ROUNDS = 5;
const WALL_BOOKINGS = 300;
const CPU_BOOKINGS = 1_000;
const now = new Date().toISOString();

async function main(): Promise<void> {
  const url = process.argv[2];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-booking-write-'));
  const name = `studynest_bw_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  if (url) await admin(`create database ${name}`);
  const db = createDb(url ? { dialect: 'postgres', url: Object.assign(new URL(url), { pathname: `/${name}` }).toString() } : { dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
  try {
    await migrateToLatest(db.kysely);
    const students = Array.from({ length: CPU_BOOKINGS }, (_, i) => ({ id: `s${i}`, email: `s${i}@bench.test` }));
    await db.kysely.insertInto('user').values([{ id: 'tutor', email: 'tutor@bench.test' }, ...students].map((u) => ({ ...u, name: u.id, createdAt: now, updatedAt: now }) as never)).execute();
    const repo = bookingsRepository(db.kysely);
    let sessions = 0;
    const newSession = async () => {
      const id = `session-${++sessions}`;
      await db.kysely
        .insertInto('study_session')
        .values({ id, title: id, description: id, tutorId: 'tutor', tutorName: 'Tutor', tutorEmail: 'tutor@bench.test', registrationStartDate: now, registrationEndDate: now, classStartDate: now, classEndDate: now, durationMinutes: 60, maxParticipants: 2 * CPU_BOOKINGS, createdAt: now, updatedAt: now })
        .execute();
      return id;
    };
    // A booking's two emails, as the booking service enqueues them (rendered when sent).
    const jobsOf = (sessionId: string, student: { id: string; email: string }): JobInsert[] =>
      ['bookingConfirmation', 'tutorNotice'].map((render) => ({
        id: newId(), kind: 'email', payload: JSON.stringify({ render, args: { sessionId, studentId: student.id } }), runAt: now, maxAttempts: 102, key: null, createdAt: now,
        recipient: render === 'bookingConfirmation' ? student.email : null,
      }));
    const book = (sessionId: string, student: { id: string; email: string }) =>
      db.unitOfWork(async (work) => {
        work.enqueue(jobsOf(sessionId, student));
        return repo.book(work, { sessionId, studentId: student.id, studentEmail: student.email, now });
      });

    const wall: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const sessionId = await newSession();
      const started = performance.now();
      for (const student of students.slice(0, WALL_BOOKINGS)) if ((await book(sessionId, student)).kind !== 'booked') throw new Error('not booked');
      wall.push(((performance.now() - started) * 1000) / WALL_BOOKINGS);
    }
    const cpu: number[] = [];
    const sessionId = await newSession();
    for (let round = 0; round < ROUNDS; round++) {
      const started = process.cpuUsage();
      for (const student of students) {
        if ((await book(sessionId, student)).kind !== 'booked') throw new Error('not booked');
        await db.unitOfWork((work) => repo.cancel(work, { sessionId, studentId: student.id, now }));
      }
      const used = process.cpuUsage(started);
      cpu.push((used.user + used.system) / CPU_BOOKINGS);
    }
    const best = (xs: number[]) => Math.min(...xs).toFixed(1);
    console.log(`${db.dialect}: booking with 2 jobs, wall ${best(wall)} µs (best of ${ROUNDS} × ${WALL_BOOKINGS}; all: ${wall.map((x) => x.toFixed(0)).join(', ')})`);
    console.log(`${db.dialect}: booking + cancellation, CPU ${best(cpu)} µs (best of ${ROUNDS} × ${CPU_BOOKINGS}; all: ${cpu.map((x) => x.toFixed(0)).join(', ')})`);
    console.log(`load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  } finally {
    await db.destroy();
    if (url) await admin(`drop database if exists ${name} with (force)`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
