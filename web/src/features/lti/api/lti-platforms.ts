import { queryOptions, useQuery } from '@tanstack/react-query';
import { ltiCourseListSchema, ltiDeepLinkSchema, ltiPlatformListSchema, ltiPlatformSchema, ltiRosterSchema, type CreateLtiPlatformInput, type LtiPlatform, type LtiRoster } from '#contract/lti.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/admin/lti/platforms: the registered learning platforms and the URLs to paste into them. */
export const ltiPlatformsQuery = queryOptions({
  queryKey: ['admin', 'lti-platforms'],
  queryFn: async () => ltiPlatformListSchema.parse(await apiRequest<unknown>('/admin/lti/platforms')),
});

export function useLtiPlatforms() {
  return useQuery(ltiPlatformsQuery);
}

/** POST /api/admin/lti/platforms. */
export async function registerLtiPlatform(input: CreateLtiPlatformInput): Promise<LtiPlatform> {
  return ltiPlatformSchema.parse(await apiRequest<unknown>('/admin/lti/platforms', { method: 'POST', body: input }));
}

/** DELETE /api/admin/lti/platforms/{id}: its launches are refused from now on. */
export async function removeLtiPlatform(id: string): Promise<void> {
  await apiRequest<void>(`/admin/lti/platforms/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** GET /api/lti/deep-links/{id}: an instructor's Deep Linking request and the sessions they may place. */
export const ltiDeepLinkQuery = (id: string) =>
  queryOptions({
    queryKey: ['lti-deep-link', id],
    queryFn: async () => ltiDeepLinkSchema.parse(await apiRequest<unknown>(`/lti/deep-links/${encodeURIComponent(id)}`)),
  });

export function useLtiDeepLink(id: string) {
  return useQuery(ltiDeepLinkQuery(id));
}

/** GET /api/lti/courses: the courses the caller launched StudyNest from as Instructor (docs/decisions/068-lti-nrps.md). */
export const ltiCoursesQuery = queryOptions({
  queryKey: ['lti-courses'],
  queryFn: async () => ltiCourseListSchema.parse(await apiRequest<unknown>('/lti/courses')),
});

export function useLtiCourses() {
  return useQuery(ltiCoursesQuery);
}

/** POST /api/lti/courses/{id}/roster: the course's members read from its platform, with who booked the caller's sessions. */
export async function importLtiRoster(id: string): Promise<LtiRoster> {
  return ltiRosterSchema.parse(await apiRequest<unknown>(`/lti/courses/${encodeURIComponent(id)}/roster`, { method: 'POST' }));
}
