/** The SDK (@ac/client) as the specs and the benchmarks use it: one client per server origin. */
import { createClient, type TClientInfo } from '@ac/client';

export const clientInfo: TClientInfo = { clientType: 'User_PC', clientVersion: '1.0', language: 'en' };

export function apiClient(origin: string) {
  return createClient({ baseUrl: origin, clientInfo });
}
