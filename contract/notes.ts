// A student's personal notes (only the owner reads or writes them).
import { z } from 'zod';
import { pageOf, recordTimes } from './common.ts';

/** POST /api/create-note and PUT /api/note/{email}/{id}. studentEmail in the body is ignored: the owner is the caller. */
export const noteBody = z.object({
  title: z.string().trim().min(1, 'errors.input.titleRequired').max(200, 'errors.input.titleTooLong'),
  details: z.string().trim().min(1, 'errors.input.detailsRequired').max(20000, 'errors.input.detailsTooLong'),
});
export type NoteBody = z.infer<typeof noteBody>;

export const noteSchema = z.object({
  id: z.string(),
  title: z.string(),
  details: z.string(),
  studentEmail: z.string(),
  ...recordTimes,
});
export type Note = z.infer<typeof noteSchema>;

/** GET /api/notes/{email}: most recently updated first. */
export const notePage = pageOf(noteSchema);
export type NotePage = z.infer<typeof notePage>;

export const noteParams = z.object({ email: z.string().min(3).max(254), id: z.string().min(1).max(64) });
