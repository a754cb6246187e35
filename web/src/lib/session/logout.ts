/**
 * Logout (docs/product.md#states): tells the server, then clears user, company, storage,
 * vip info, token and ticket cookie and goes to the login page, even when
 * the call fails.
 */
import { calls } from '@ac/protocol/calls';
import { apiCall } from '@/lib/api/api-client';
import { navigateTo } from '@/lib/navigation';
import { clearSession } from './clear-session';
import { LOGIN_PATH } from './login-path';

export async function logout(): Promise<void> {
  try {
    await apiCall(calls.session.logout, {}, { onSessionExpired: 'reject' });
  } catch {
    // the session ends on this side whatever the server answered
  } finally {
    clearSession();
    navigateTo(LOGIN_PATH, { replace: true });
  }
}
