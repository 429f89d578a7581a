// The admin's view of background work: jobs by state and "retry now". The SQL is
// server/jobs' own (job-repository.ts); this is the rule (admins only) and the DTO.
import type { AdminJob, AdminJobPage, JobState } from '#contract/admin-jobs.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { actorOf, recordAudit } from '#server/audit/audit-log.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import { decodeCursor, pageFrom } from '#server/db/keyset-cursor.ts';
import { conflict, forbidden, notFound } from '#server/errors.ts';
import { jobState, type JobRow } from '#server/jobs/job-repository.ts';

/** A few words on what a job is about, never its whole payload (an email's body is the recipient's). */
function summaryOf(row: JobRow): string | null {
  try {
    const payload = JSON.parse(row.payload) as { mail?: { subject?: unknown }; render?: unknown } | null;
    if (typeof payload?.mail?.subject === 'string') return payload.mail.subject.slice(0, 200);
    if (typeof payload?.render === 'string') return payload.render;
  } catch {
    // Not JSON: nothing to say.
  }
  return null;
}

export function toAdminJobDto(row: JobRow): AdminJob {
  const state = jobState(row);
  return {
    id: row.id,
    kind: row.kind,
    summary: summaryOf(row),
    state,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    recurring: row.key?.startsWith('schedule:') ?? false,
    lastError: row.lastError,
    nextTryAt: state === 'queued' || state === 'failed' ? row.runAt : null,
    createdAt: row.createdAt,
  };
}

function assertAdmin(me: CurrentUser): void {
  if (me.role !== 'admin') throw forbidden('errors.adminsOnly');
}

export function adminJobsService(deps: Pick<AppDeps, 'jobs' | 'now'>) {
  return {
    async list(me: CurrentUser, query: { state?: JobState; cursor?: string; limit: number }): Promise<AdminJobPage> {
      assertAdmin(me);
      const after = decodeCursor(query.cursor, ['string', 'string']);
      const [rows, counts] = await Promise.all([deps.jobs.list({ state: query.state, after, limit: query.limit + 1 }), deps.jobs.counts()]);
      const page = pageFrom(rows, query.limit, (row) => [row.runAt, row.id]);
      return { items: page.items.map(toAdminJobDto), nextCursor: page.nextCursor, counts };
    },

    /** Runs a failed or dead job again at once (with fresh attempts); 404 when it is gone, 409 when it has not failed. */
    async retryNow(me: CurrentUser, id: string, ip: string | null = null): Promise<AdminJob> {
      assertAdmin(me);
      const before = await deps.jobs.find(id);
      const audit = (trx: Parameters<typeof recordAudit>[0]) =>
        recordAudit(trx, actorOf(me, ip), { action: 'job.retried', targetType: 'job', targetId: id, details: { kind: before?.kind ?? null, attempts: Number(before?.attempts ?? 0), lastError: before?.lastError?.slice(0, 200) ?? null } }, deps.now());
      if (!(await deps.jobs.retryNow(id, audit))) {
        const row = await deps.jobs.find(id);
        if (!row) throw notFound('errors.adminJobs.noJob');
        throw conflict(jobState(row) === 'running' ? 'errors.adminJobs.running' : 'errors.adminJobs.notFailed');
      }
      const row = await deps.jobs.find(id);
      // Already run and finished by a worker in the meantime.
      if (!row) throw notFound('errors.adminJobs.noJob');
      return toAdminJobDto(row);
    },
  };
}
