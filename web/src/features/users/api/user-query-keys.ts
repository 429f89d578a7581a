/** Query keys of the admin's users list: every list starts with `users`, refreshed together. */
export const userKeys = {
  all: ['users'] as const,
  list: (q: string, role: string) => ['users', 'list', { q, role }] as const,
};
