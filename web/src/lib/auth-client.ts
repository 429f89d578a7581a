import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { ownWords } from '#web/lib/api-client.ts';

/**
 * better-auth's client, talking to the server's /api/auth/* routes on the same origin.
 * The signed-in user and role come from GET /api/me (features/auth/api/use-me.ts), not from
 * this client's session store, so that the app has one source of truth. Its answers' messages are
 * shown as the server sends them: it says better-auth's in the caller's language, the page's, and
 * a 429's with the wait (server/auth/auth-answers.ts).
 */
export const authClient = createAuthClient({
  // The server-side renderer loads this module too (no window there); it never calls it.
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
  plugins: [
    // Fields the server adds to better-auth's user (sign-up takes a role).
    inferAdditionalFields({
      user: {
        role: { type: 'string', required: true },
      },
    }),
  ],
});

/** better-auth returns `{ data, error }` instead of throwing; this throws so hooks can catch. */
export async function unwrapAuthResult<T>(
  result: Promise<{ data: T; error: null } | { data: null; error: { message?: string; status: number } }>,
): Promise<T> {
  const { data, error } = await result;
  if (error) throw new Error(error.message || ownWords().t('api.somethingWrong'));
  return data as T;
}
