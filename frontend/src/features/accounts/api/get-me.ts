/** GET /api/accounts/session/: who is signed in. */
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { Session, User } from '@/types/api';
import { accountKeys } from './keys';

/**
 * The signed-in user, or null when signed out. Asks /api/accounts/session/, which answers 200 either way: the
 * browser logs every 401 as a console error, and "nobody is signed in" is not an error.
 */
export async function getMe(): Promise<User | null> {
  try {
    const session = await api<Session>('/api/accounts/session/');
    return session?.authenticated ? session.user : null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export function useMe() {
  return useQuery({ queryKey: accountKeys.me(), queryFn: getMe, staleTime: 60_000, retry: false });
}
