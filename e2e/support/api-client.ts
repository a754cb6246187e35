/**
 * The SDK (@ac/client) as the specs and the benchmarks use it: one client per
 * server origin. The session tokens it sends or receives are recorded for
 * the log check after the run (support/secrets.ts); every call comes from the
 * running test's client address (support/test.ts).
 */
import { createClient, type TClientInfo } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import type { TLoginResponse } from '@ac/protocol/session';
import { clientAddressHeaders } from './client-address.ts';
import { recordSecrets } from './secrets.ts';

export const clientInfo: TClientInfo = { clientType: 'User_PC', clientVersion: '1.0', language: 'en' };

/** Token-shaped strings (session tokens, hand-over codes) among an answer's fields. */
function tokensIn(data: unknown): string[] {
  if (!data || typeof data !== 'object') return [];
  return Object.values(data).filter((v): v is string => typeof v === 'string' && /^[\w-]{32,}$/.test(v));
}

export function apiClient(origin: string) {
  const client = createClient({
    baseUrl: origin,
    clientInfo,
    fetch: (input, init) => {
      const token = new URL(String(input instanceof Request ? input.url : input)).searchParams.get('utoken');
      if (token) recordSecrets([{ kind: 'token', value: token }]);
      const headers = new Headers(init?.headers);
      for (const [name, value] of Object.entries(clientAddressHeaders())) headers.set(name, value);
      return globalThis.fetch(input, { ...init, headers });
    },
  });
  const call: typeof client.call = async (...args) => {
    const data = await client.call(...args);
    recordSecrets(tokensIn(data).map((value) => ({ kind: 'token', value })));
    return data;
  };
  /** A password login of an account without two-step verification: its session. */
  async function login(account: string, password: string, options?: Parameters<typeof client.call>[2]) {
    const answer = await call(calls.session.login, { account, password }, options);
    if (!('utoken' in answer)) throw new Error(`${account} has two-step verification on: no session from the password`);
    return answer satisfies TLoginResponse;
  }
  return { ...client, call, login };
}
