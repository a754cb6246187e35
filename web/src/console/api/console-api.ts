/**
 * The console's calls (packages/protocol console-calls.ts): JSON POSTs to
 * `<base>/api<path>` with the session cookie (HttpOnly, sent by the browser) and the CSRF token
 * the last answer with one gave. A refusal rejects with its catalogue code.
 */
import type { ConsoleCall } from '@ac/protocol/console/console-calls';
import { CSRF_HEADER } from '@ac/protocol/console/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { consoleConfig } from '../console-config';

let csrfToken: string | undefined;

export class ConsoleError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const url = (call: ConsoleCall) => `${consoleConfig.basePath}/api${call.path}`;

async function send(call: ConsoleCall, payload: unknown): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  const res = await fetch(url(call), {
    method: 'POST',
    headers,
    body: JSON.stringify(payload ?? {}),
    credentials: 'same-origin',
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ConsoleError(body.code ?? '0000001', body.message ?? res.statusText);
  }
  return res;
}

export async function consoleCall<C extends ConsoleCall>(
  call: C,
  payload: z.input<C['request']>,
): Promise<z.output<C['response']>> {
  const body = (await (await send(call, payload)).json()) as { csrfToken?: unknown };
  if (typeof body.csrfToken === 'string') csrfToken = body.csrfToken;
  return body as z.output<C['response']>;
}

/** A CSV call: the answer saved as a file. */
export async function consoleDownload(call: ConsoleCall, payload: unknown, fileName: string) {
  const blob = await (await send(call, payload)).blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(href);
}

export const callKey = (call: ConsoleCall, payload?: unknown) => ['console', call.path, payload ?? {}] as const;

export function useConsoleCall<C extends ConsoleCall>(call: C, payload: z.input<C['request']>, enabled = true) {
  return useQuery({ queryKey: callKey(call, payload), queryFn: () => consoleCall(call, payload), enabled });
}

/** A change; every console read is fetched again after it. */
export function useConsoleMutation<C extends ConsoleCall>(call: C) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: z.input<C['request']>) => consoleCall(call, payload),
    onSuccess: () => client.invalidateQueries({ queryKey: ['console'] }),
  });
}
