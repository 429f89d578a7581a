// Profile photos nobody uses are removed a day after upload: the sign-up page uploads a photo
// before the account exists, and a photo replaced by another is no longer shown anywhere. A
// photo is in use while some user's image is its URL; nothing else refers to /api/uploads
// (materials keep their own files). A recurring job of server/jobs, every hour (the first time
// when the database is new), once across processes; idempotent, and safe with several processes
// sharing the database and the file storage.
import type { CoreDeps } from '#server/core-deps.ts';
import type { JobHandler, Schedule } from '#server/jobs/jobs.ts';
import { recurringJob } from '#server/jobs/recurring-job.ts';
import { imageStore } from './image-store.ts';
import { uploadRepository } from './upload-repository.ts';

/** A photo not in use by then is removed. */
export const UNREFERENCED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
export const UPLOAD_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 500;

type CleanupDeps = Pick<CoreDeps, 'db' | 'files' | 'now'>;

/**
 * Removes the photos uploaded before `now` − 1 day that no user's image points to; returns how
 * many. Photos on disk without a record (stored before uploads were recorded) are recorded first,
 * dated by their file, so they follow the same rule.
 */
export async function removeUnreferencedUploads(deps: CleanupDeps, now: Date = deps.now()): Promise<number> {
  const repo = uploadRepository(deps.db.kysely);
  const store = imageStore(deps.files);

  const recordMissing = async (batch: Array<{ name: string; modifiedAt: Date }>) => {
    const recorded = await repo.recorded(batch.map((b) => b.name));
    for (const { name, modifiedAt } of batch) {
      if (!recorded.has(name)) await repo.recordIfMissing(name, modifiedAt.toISOString());
    }
  };
  let batch: Array<{ name: string; modifiedAt: Date }> = [];
  for await (const stored of store.stored()) {
    batch.push(stored);
    if (batch.length === BATCH) {
      await recordMissing(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await recordMissing(batch);

  const before = new Date(now.getTime() - UNREFERENCED_UPLOAD_TTL_MS).toISOString();
  let removed = 0;
  for (;;) {
    const gone = await repo.deleteUnreferenced(before, BATCH);
    // The record goes first: a file left by a crash here is recorded again at the next run.
    for (const name of gone) await store.remove(name);
    removed += gone.length;
    if (gone.length < BATCH) return removed;
  }
}

export const REMOVE_UNREFERENCED_UPLOADS_JOB = 'uploads.remove-unreferenced';

/** The hourly job (server/features/background-work.ts); a failed run is logged and tried at the next. */
export function uploadCleanup(deps: CleanupDeps & Pick<CoreDeps, 'log'>): { schedule: Schedule; handler: JobHandler } {
  return recurringJob(REMOVE_UNREFERENCED_UPLOADS_JOB, UPLOAD_CLEANUP_INTERVAL_MS, async () => {
    const removed = await removeUnreferencedUploads(deps);
    if (removed > 0) deps.log.info({ removed }, 'removed unreferenced uploads');
  });
}
