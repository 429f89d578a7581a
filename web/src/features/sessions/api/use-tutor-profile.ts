import { useQuery } from '@tanstack/react-query';
import { tutorProfileSchema, type TutorProfile } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** GET /api/tutors/{id}: a tutor's public page. */
export async function getTutorProfile(id: string): Promise<TutorProfile> {
  return tutorProfileSchema.parse(await apiRequest<unknown>(`/tutors/${encodeURIComponent(id)}`));
}

export function useTutorProfile(id: string) {
  return useQuery({ queryKey: sessionKeys.tutorProfile(id), queryFn: () => getTutorProfile(id) });
}
