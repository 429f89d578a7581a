import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/auth/sign-out: ends the session on the server and clears its cookie. */
export async function signOut(): Promise<void> {
  await apiRequest<unknown>('/auth/sign-out', { method: 'POST', body: {}, redirectOnUnauthorized: false });
}
