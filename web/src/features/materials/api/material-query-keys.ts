/** Query keys of the materials feature: every list starts with `materials`, refreshed together. */
export const materialKeys = {
  all: ['materials'] as const,
  list: (sessionId: string | null) => ['materials', 'list', { sessionId }] as const,
};

/** A file's upload progress while a page's action sends it (0…1), null when none is being sent. */
export const uploadProgressKey = ['material-upload-progress'] as const;
