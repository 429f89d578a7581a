export const noteKeys = {
  all: ['notes'] as const,
  mine: (email: string) => ['notes', 'list', email.toLowerCase()] as const,
  one: (id: string) => ['notes', 'one', id] as const,
};
