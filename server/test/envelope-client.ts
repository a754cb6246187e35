/**
 * A test client speaking the real envelope through app.inject(): fetches a
 * key, encrypts payloads, decrypts answers.
 */
import { buildSecret, decryptPayload, encryptPayload, type TClientInfo } from '@ac/protocol/envelope';
import type { FastifyInstance } from 'fastify';

export const defaultClientInfo: TClientInfo = { clientType: 'User_PC', clientVersion: '1.0', language: 'en' };

export type CallResult<T = unknown> = {
  status: number;
  code: string;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
  cookies: { name: string; value: string; [k: string]: unknown }[];
};

export function envelopeClient(app: FastifyInstance) {
  let key: string | undefined;

  async function fetchKey() {
    const res = await app.inject({
      method: 'POST',
      url: '/global/v5/common/getRsaKey',
      payload: { data: '', clientInfo: defaultClientInfo },
    });
    return (res.json() as { bizData: { aesSecretKey: string } }).bizData.aesSecretKey;
  }

  return {
    fetchKey,
    async key() {
      key ??= await fetchKey();
      return key;
    },
    /** Sends any body as-is (for malformed envelopes). */
    async raw(path: string, body: unknown, opts: { token?: string; headers?: Record<string, string> } = {}) {
      const res = await app.inject({
        method: 'POST',
        url: opts.token ? `${path}?utoken=${encodeURIComponent(opts.token)}` : path,
        headers: opts.headers,
        payload: body as string | object,
      });
      return res;
    },
    async call<T = unknown>(
      path: string,
      payload: unknown = {},
      opts: { token?: string; clientInfo?: Partial<TClientInfo>; headers?: Record<string, string> } = {},
    ): Promise<CallResult<T>> {
      key ??= await fetchKey();
      const res = await app.inject({
        method: 'POST',
        url: opts.token ? `${path}?utoken=${encodeURIComponent(opts.token)}` : path,
        headers: opts.headers,
        payload: {
          data: encryptPayload(key, payload),
          clientInfo: { ...defaultClientInfo, ...opts.clientInfo },
          style: '1',
          secret: buildSecret(key),
        },
      });
      const body = res.json() as { code: string; msg: string; bizData?: string };
      return {
        status: res.statusCode,
        code: body.code,
        msg: body.msg,
        data: (body.bizData ? decryptPayload(key, body.bizData) : undefined) as T,
        headers: res.headers,
        cookies: res.cookies as CallResult['cookies'],
      };
    },
  };
}
export type EnvelopeClient = ReturnType<typeof envelopeClient>;
