// A job that runs every `everyMs`, once across all processes (server/jobs, decision 017): its
// schedule and its handler, whose one run is `run` (a failed run is logged and tried at the next).
import type { JobHandler, Schedule } from './jobs.ts';

export function recurringJob(kind: string, everyMs: number, run: () => Promise<unknown>): { schedule: Schedule; handler: JobHandler } {
  return { schedule: { kind, everyMs }, handler: { run: async () => void (await run()) } };
}
