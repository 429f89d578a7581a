// The admin's view of background work (server/jobs): jobs by state, and "retry now"
// for a job that failed. docs/decisions/017-durable-jobs.md says what the states mean.
import { z } from 'zod';
import { dateTime, pageOf, pageQuery } from './common.ts';

/**
 * queued: waiting for its first try; running: a worker has it; failed: a try failed and the
 * next one is planned (nextTryAt); dead: it gave up after its last try (lastError says why).
 */
export const jobStateSchema = z.enum(['queued', 'running', 'failed', 'dead']);
export type JobState = z.infer<typeof jobStateSchema>;
export const JOB_STATES = jobStateSchema.options;

/** The states an admin may send back to the queue at once. */
export const RETRYABLE_JOB_STATES: readonly JobState[] = ['failed', 'dead'];

export const adminJobSchema = z.object({
  id: z.string(),
  /** What runs it: 'email', 'bookings.expire-holds', … */
  kind: z.string(),
  /** A few words on what the job is about (an email's subject), or null. */
  summary: z.string().nullable(),
  /** An email job's kind of email (its template, e.g. 'bookings.confirmation'), which the page names in words; null for other jobs. */
  email: z.string().nullable(),
  state: jobStateSchema,
  /** Tries so far (a running job counts the one in progress), and how many it gets. */
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** A recurring job (a schedule): runs again at its next time, never dead. */
  recurring: z.boolean(),
  lastError: z.string().nullable(),
  /** When its last finished try started (a failed try, a recurring job's last run); null before any. */
  lastRunAt: dateTime.nullable(),
  /** When it is tried next (queued, failed); null while it runs or once it is dead. */
  nextTryAt: dateTime.nullable(),
  createdAt: dateTime,
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const jobCountsSchema = z.object({
  queued: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  dead: z.number().int(),
});
export type JobCounts = z.infer<typeof jobCountsSchema>;

/** GET /api/admin/jobs: one page of the jobs in `state` (all states when absent), next try first; plus how many are in each state. */
export const adminJobPage = pageOf(adminJobSchema).extend({ counts: jobCountsSchema });
export type AdminJobPage = z.infer<typeof adminJobPage>;

export const listJobsQuery = pageQuery.extend({
  state: jobStateSchema.optional(),
});
export type ListJobsQuery = z.input<typeof listJobsQuery>;
