/** A minimal envelope client over fetch, for the e2e specs and the benchmarks. */
import { buildSecret, decryptPayload, encryptPayload } from '@ac/protocol/envelope';

export const clientInfo = { clientType: 'User_PC', clientVersion: '1.0', language: 'en' };

export async function fetchKey(origin: string): Promise<string> {
  const res = await fetch(`${origin}/global/v5/common/getRsaKey`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: '', clientInfo }),
  });
  return ((await res.json()) as { bizData: { aesSecretKey: string } }).bizData.aesSecretKey;
}

export function envelopeBody(key: string, payload: unknown) {
  return JSON.stringify({ data: encryptPayload(key, payload), clientInfo, style: '1', secret: buildSecret(key) });
}

export async function call<T>(origin: string, key: string, path: string, payload: unknown, token?: string) {
  const res = await fetch(`${origin}${path}${token ? `?utoken=${token}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: envelopeBody(key, payload),
  });
  const body = (await res.json()) as { code: string; msg: string; bizData?: string };
  return { code: body.code, msg: body.msg, data: (body.bizData ? decryptPayload(key, body.bizData) : undefined) as T };
}
