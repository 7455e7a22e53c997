/** POST /api/accounts/login/. */
import { api } from '@/lib/api-client';
import type { Credentials } from '@/types/api';
import { useSessionMutation } from './session-mutation';

export const useLogin = () => useSessionMutation((c: Credentials) => api('/api/accounts/login/', { method: 'POST', body: c }));
