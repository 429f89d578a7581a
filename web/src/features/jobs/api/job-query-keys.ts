/** Query keys of the admin's jobs dashboard: every list starts with `jobs`, refreshed together. */
export const jobKeys = {
  all: ['jobs'] as const,
  list: (state: string) => ['jobs', 'list', { state }] as const,
};
