/** POST /api/accounts/signup/. */
import { api } from '@/lib/api-client';
import type { Credentials } from '@/types/api';
import { useSessionMutation } from './session-mutation';

export const useSignup = () => useSessionMutation((c: Credentials) => api('/api/accounts/signup/', { method: 'POST', body: c }));
