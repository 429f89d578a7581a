import { queryOptions, useQuery } from '@tanstack/react-query';
import { tutorBioSchema } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/me/tutor-profile: the calling tutor's bio ('' until written). */
export const tutorBioQuery = queryOptions({
  queryKey: ['me', 'tutor-profile'],
  queryFn: async () => tutorBioSchema.parse(await apiRequest<unknown>('/me/tutor-profile')).bio,
});

/** PUT /api/me/tutor-profile: the bio shown on the tutor's public page, as the server kept it. */
export async function saveTutorBio(bio: string): Promise<string> {
  return tutorBioSchema.parse(await apiRequest<unknown>('/me/tutor-profile', { method: 'PUT', body: { bio } })).bio;
}

export function useTutorBio() {
  return useQuery(tutorBioQuery);
}
