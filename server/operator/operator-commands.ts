// The operator's commands (`npm run admin -- …`, scripts/admin.ts): what an admin can do in the
// app, done from the machine, through the same services and rules. Each returns the lines it
// prints; a refusal is an OperatorError (or the service's AppError) whose message is printed.
import type { Role } from '#contract/common.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { latestAudit, OPERATOR, recordAudit } from '#server/audit/audit-log.ts';
import { userStatus } from '#server/auth/current-user.ts';
import { AppError } from '#server/errors.ts';
import { adminUsersService } from '#server/features/admin-users/admin-users-service.ts';
import { myDataService } from '#server/features/my-data/public.ts';
import { toIso } from '#server/ids.ts';
import { jobRepository, type JobRow } from '#server/jobs/job-repository.ts';
import { operatorRepository } from './operator-repository.ts';

export class OperatorError extends Error {}

/**
 * What a change made here does to the running processes, on this database: on PostgreSQL they are
 * told at once (NOTIFY, docs/decisions/023); a process that missed it, and any on SQLite, where no
 * signal passes between processes, drops its cached copy of the account within 15 s (docs/decisions/004).
 */
function appliedNote(dialect: AppDeps['db']['dialect']): string {
  return dialect === 'postgres'
    ? 'Running StudyNest processes apply it at once (told through PostgreSQL; within 15 seconds for one that missed it).'
    : 'A running StudyNest applies it within 15 seconds (it keeps a signed-in account for that long; on SQLite nothing tells it sooner).';
}

/** A job that failed and waits for its next try, or one that gave up. */
const isFailed = (job: JobRow) => job.status === 'queued' && job.lastError !== null;
const isRetryable = (job: JobRow | undefined): job is JobRow => job !== undefined && (job.status === 'dead' || isFailed(job));

export function operatorCommands(deps: AppDeps) {
  const users = adminUsersService(deps);
  const repo = operatorRepository(deps.db.kysely);
  const jobs = jobRepository(deps.db.kysely);
  const myData = myDataService(deps);
  const CACHE_NOTE = appliedNote(deps.db.dialect);

  async function userByEmail(email: string) {
    const user = await repo.findUserByEmail(email);
    if (!user) throw new OperatorError(`No account has the email ${email}.`);
    return user;
  }

  /** The service's refusals, said about the account named instead of "you". */
  async function change(email: string, patch: { role?: Role; blocked?: boolean }) {
    const user = await userByEmail(email);
    try {
      return await users.updateByOperator(user.id, patch);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409) throw new OperatorError(`${user.email} is the last admin who can sign in: promote another account first.`);
      throw error;
    }
  }

  return {
    async promote(email: string): Promise<string[]> {
      const before = await userByEmail(email);
      if (before.role === 'admin') return [`${before.email} is already an admin.`];
      await change(email, { role: 'admin' });
      return [`${before.email} is now an admin (was ${before.role}). ${CACHE_NOTE}`];
    },

    async demote(email: string, role: Exclude<Role, 'admin'> = 'student'): Promise<string[]> {
      const before = await userByEmail(email);
      if (before.role === role) return [`${before.email} is already a ${role}.`];
      await change(email, { role });
      return [`${before.email} is now a ${role} (was ${before.role}). ${CACHE_NOTE}`];
    },

    async block(email: string): Promise<string[]> {
      const before = await userByEmail(email);
      await change(email, { blocked: true });
      return [`${before.email} is blocked and signed out everywhere. ${CACHE_NOTE}`];
    },

    async unblock(email: string): Promise<string[]> {
      const before = await userByEmail(email);
      await change(email, { blocked: false });
      return [`${before.email} is unblocked: they can sign in again.`];
    },

    /** Through better-auth's own request-password-reset: its email is a job of the outbox, sent by a running StudyNest. */
    async resetPassword(email: string): Promise<string[]> {
      const user = await userByEmail(email);
      await deps.auth.api.requestPasswordReset({ body: { email: user.email, redirectTo: '/reset-password' } });
      await recordAudit(deps.db.kysely, OPERATOR, { action: 'user.password_reset_requested', targetType: 'user', targetId: user.id, details: { email: user.email } }, deps.now());
      return [
        `A password-reset link for ${user.email} is queued in the outbox (valid for an hour once sent).`,
        `A running StudyNest sends it${deps.config.smtpUrl ? '' : ` (without SMTP_URL: to ${deps.config.dataDir}/outbox, its link in the log)`}.`,
      ];
    },

    async show(email: string): Promise<string[]> {
      const user = await userByEmail(email);
      const s = await repo.summaryOf(user.id, deps.now());
      // Looking up a person is recorded like an export, if smaller.
      await recordAudit(deps.db.kysely, OPERATOR, { action: 'user.viewed', targetType: 'user', targetId: user.id, details: { email: user.email } }, deps.now());
      return [
        `${user.name} <${user.email}>`,
        `  id:          ${user.id}`,
        `  role:        ${user.role}`,
        `  status:      ${userStatus(user)}`,
        `  signed up:   ${toIso(user.createdAt)}`,
        `  last seen:   ${toIso(user.lastSeen) ?? 'never'}`,
        `  sign-in:     ${s.signInMethods.join(', ') || 'none'}; ${s.openSessions} open session(s)`,
        `  bookings: ${s.bookings}, sessions tutored: ${s.tutoring}, materials: ${s.materials}, reviews: ${s.reviews}, notes: ${s.notes}`,
      ];
    },

    /** The newest entries of the audit log. */
    async audit(limit = 50): Promise<string[]> {
      const rows = await latestAudit(deps.db.kysely, limit);
      if (rows.length === 0) return ['The audit log is empty.'];
      return rows.map((r) => `${r.at}  ${r.actor}${r.ip ? ` from ${r.ip}` : ''}  ${r.action}  ${r.targetType} ${r.targetId}  ${r.details}`);
    },

    /** Everything StudyNest holds about an account, as the JSON of GET /api/me/data (recorded in the audit log). */
    async exportData(email: string): Promise<string[]> {
      const data = await myData.exportByOperator(email);
      if (!data) throw new OperatorError(`No account has the email ${email}.`);
      return [JSON.stringify(data, null, 2)];
    },

    /** Deletes an account by the rules of DELETE /api/users/{id} (recorded in the audit log). */
    async deleteAccount(email: string): Promise<string[]> {
      try {
        const done = await myData.deleteByOperator(email);
        if (!done) throw new OperatorError(`No account has the email ${email}.`);
        return [`${done.message} Its reviews stay as "Former student"; its notes, photo and sign-in methods are gone. ${CACHE_NOTE}`];
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 409) throw new OperatorError(error.message);
        throw error;
      }
    },

    /** The jobs that failed (tried again at their time) and those that gave up (dead), with their last error. */
    async failedJobs(limit = 100): Promise<string[]> {
      const failed = await jobs.list({ state: 'failed', limit });
      const dead = await jobs.list({ state: 'dead', limit });
      // Their errors may name recipients (an SMTP refusal quotes the address).
      await recordAudit(deps.db.kysely, OPERATOR, { action: 'job.failed_listed', targetType: 'job', targetId: 'failed-and-dead', details: { failed: failed.length, dead: dead.length } }, deps.now());
      if (failed.length + dead.length === 0) return ['No failed or dead jobs.'];
      const count = (n: number) => (n === limit ? `the first ${limit}` : String(n));
      return [
        `${count(failed.length)} failed (tried again at the time shown), ${count(dead.length)} dead (gave up); \`npm run admin -- retry <id>\` runs one again at once:`,
        ...failed.map(describeJob),
        ...dead.map(describeJob),
      ];
    },

    /** One failed or dead job (its id), or every one ('all'), due at once with fresh attempts. */
    async retryJobs(which: string): Promise<string[]> {
      const now = deps.now().toISOString();
      const targets = which === 'all' ? [...(await jobs.list({ state: 'failed', limit: 10_000 })), ...(await jobs.list({ state: 'dead', limit: 10_000 }))] : [await jobs.find(which)].filter(isRetryable);
      if (targets.length === 0) throw new OperatorError(which === 'all' ? 'No failed or dead jobs to retry.' : `No failed or dead job has the id ${which} (see npm run admin -- jobs).`);
      const retried: JobRow[] = [];
      for (const job of targets) {
        // The retry and its audit entry commit together.
        const done = await deps.db.unitOfWork(async (work) => {
          const trx = await work.db();
          if (!(await jobRepository(trx).retryNow(job.id, now))) return false;
          await recordAudit(trx, OPERATOR, { action: 'job.retried', targetType: 'job', targetId: job.id, details: { kind: job.kind, attempts: Number(job.attempts), lastError: job.lastError?.slice(0, 200) ?? null } }, deps.now());
          return true;
        });
        if (done) retried.push(job);
      }
      // A running StudyNest's worker looks for due jobs every second.
      return [`Queued again ${retried.length} job(s), due now with fresh attempts; a running StudyNest starts them within a second:`, ...retried.map(describeJob)];
    },
  };
}

function describeJob(job: JobRow): string {
  const error = (job.lastError ?? 'no error recorded').replace(/\s+/g, ' ').slice(0, 200);
  const state = isFailed(job) ? `failed, next try ${toIso(job.runAt)}` : job.status;
  return `  ${job.id}  ${job.kind}  ${state}  ${Number(job.attempts)} of ${Number(job.maxAttempts)} attempt(s), created ${toIso(job.createdAt)}: ${error}`;
}

export type OperatorCommands = ReturnType<typeof operatorCommands>;
