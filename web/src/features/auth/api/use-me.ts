import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export type Role = 'student' | 'tutor' | 'admin';
export type UserStatus = 'Verified' | 'Unverified' | 'Blocked';

/** GET /api/me — the signed-in user. TODO: take this type from contract/ once it lands. */
export type Me = {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
  image: string | null;
};

export const meQueryKey = ['me'] as const;

/** The signed-in user, or null when signed out (the server answers 401). */
export async function getMe(): Promise<Me | null> {
  try {
    return await apiRequest<Me>('/me', { redirectOnUnauthorized: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The one source of the signed-in user and role (spec §4: auth is "loading" until this
 * resolves). `user` is undefined while loading, null when signed out.
 */
export function useMe() {
  const query = useQuery({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000 });
  return { ...query, user: query.data };
}
