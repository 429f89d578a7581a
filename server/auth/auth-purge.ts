// Expired sign-in sessions and one-time tokens (email verification, password reset) are purged:
// better-auth refuses them once past their time but never deletes them. A recurring job of
// server/jobs (server/features/background-work.ts), once across processes; idempotent.
import type { CoreDeps } from '#server/core-deps.ts';
import type { JobHandler, Schedule } from '#server/jobs/jobs.ts';
import { recurringJob } from '#server/jobs/recurring-job.ts';
import { authRepository } from './auth-repository.ts';

export const PURGE_EXPIRED_AUTH_JOB = 'auth.purge-expired';
export const AUTH_PURGE_INTERVAL_MS = 6 * 60 * 60 * 1000;

type PurgeDeps = Pick<CoreDeps, 'db' | 'now'>;

/** Deletes the sessions and verification tokens that expired before `now`; returns how many. */
export async function purgeExpiredAuthRows(deps: PurgeDeps, now: Date = deps.now()): Promise<{ sessions: number; tokens: number }> {
  return authRepository(deps.db.kysely).purgeExpired(now.toISOString());
}

export function authPurge(deps: PurgeDeps & Pick<CoreDeps, 'log'>): { schedule: Schedule; handler: JobHandler } {
  return recurringJob(PURGE_EXPIRED_AUTH_JOB, AUTH_PURGE_INTERVAL_MS, async () => {
    const purged = await purgeExpiredAuthRows(deps);
    if (purged.sessions + purged.tokens > 0) deps.log.info(purged, 'purged expired sessions and tokens');
  });
}
