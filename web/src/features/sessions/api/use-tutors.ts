import { queryOptions, useQuery } from '@tanstack/react-query';
import { tutorPageSchema, type TutorPage } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** GET /api/tutors: tutors with at least one approved session, for Home's "See our Tutors". */
export async function getTutors(): Promise<TutorPage> {
  return tutorPageSchema.parse(await apiRequest<unknown>('/tutors?limit=12'));
}

/** Home's tutors, for its loader and its components alike. */
export const tutorsQuery = queryOptions({ queryKey: sessionKeys.tutors(), queryFn: getTutors });

export function useTutors() {
  return useQuery(tutorsQuery);
}
