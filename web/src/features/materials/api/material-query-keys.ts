/** Query keys of the materials feature: every list starts with `materials`, refreshed together. */
export const materialKeys = {
  all: ['materials'] as const,
  list: (sessionId: string | null) => ['materials', 'list', { sessionId }] as const,
};
