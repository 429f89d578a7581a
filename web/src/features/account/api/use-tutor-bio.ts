import { useQuery } from '@tanstack/react-query';
import { tutorBioSchema } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { useSaveAndKeep } from './use-save-and-keep.ts';

export const tutorBioQueryKey = ['me', 'tutor-profile'] as const;

/** GET /api/me/tutor-profile: the calling tutor's bio ('' until written). */
export function useTutorBio() {
  return useQuery({ queryKey: tutorBioQueryKey, queryFn: async () => tutorBioSchema.parse(await apiRequest<unknown>('/me/tutor-profile')).bio });
}

/** PUT /api/me/tutor-profile: the bio shown on the tutor's public page. */
export function useSaveTutorBio() {
  return useSaveAndKeep(tutorBioQueryKey, async (bio: string) => tutorBioSchema.parse(await apiRequest<unknown>('/me/tutor-profile', { method: 'PUT', body: { bio } })).bio);
}
