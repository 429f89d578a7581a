// The admin's view of background work: jobs by state and "retry now". The SQL is
// server/jobs' own (job-repository.ts); this is the rule (admins only) and the DTO.
import type { AdminJob, AdminJobPage, JobState } from '#contract/admin-jobs.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { actorOf, recordAudit } from '#server/audit/audit-log.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import { decodeCursor, pageFrom } from '#server/db/keyset-cursor.ts';
import type { Work } from '#server/db/unit-of-work.ts';
import { conflict, forbidden, notFound } from '#server/errors.ts';
import { jobState, type JobRow } from '#server/jobs/job-repository.ts';

/**
 * A few words on what a job is about (an earlier email's subject) and, for an email job, its kind
 * of email (the page names it in words); never its whole payload (an email's body is the recipient's).
 */
function aboutOf(row: JobRow): { summary: string | null; email: string | null } {
  try {
    const payload = JSON.parse(row.payload) as { mail?: { subject?: unknown }; render?: unknown } | null;
    if (typeof payload?.mail?.subject === 'string') return { summary: payload.mail.subject.slice(0, 200), email: null };
    if (typeof payload?.render === 'string') return { summary: null, email: payload.render.slice(0, 100) };
  } catch {
    // Not JSON: nothing to say.
  }
  return { summary: null, email: null };
}

export function toAdminJobDto(row: JobRow): AdminJob {
  const state = jobState(row);
  return {
    id: row.id,
    kind: row.kind,
    ...aboutOf(row),
    state,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    recurring: row.key?.startsWith('schedule:') ?? false,
    lastError: row.lastError,
    lastRunAt: row.lastRunAt,
    nextTryAt: state === 'queued' || state === 'failed' ? row.runAt : null,
    createdAt: row.createdAt,
  };
}

function assertAdmin(me: CurrentUser): void {
  if (me.role !== 'admin') throw forbidden('errors.adminsOnly');
}

export function adminJobsService(deps: Pick<CoreDeps, 'jobs' | 'now'>) {
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
      const audit = async (work: Work) =>
        recordAudit(await work.db(), actorOf(me, ip), { action: 'job.retried', targetType: 'job', targetId: id, details: { kind: before?.kind ?? null, attempts: Number(before?.attempts ?? 0), lastError: before?.lastError?.slice(0, 200) ?? null } }, deps.now());
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
