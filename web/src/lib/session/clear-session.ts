/**
 * Clears the session on this side: token and ticket cookies, the envelope
 * key, and every cached server answer (user, company, storage, vip info).
 */
import { forgetKey } from '@/lib/api/aes-key';
import { queryClient } from '@/lib/query-client';
import { clearToken } from './token';

export function clearSession(): void {
  clearToken();
  forgetKey();
  queryClient.clear();
}
