/**
 * Tencent Cloud FaceID's ID card verification (API 2018-03-01,
 * IdCardVerification: a name and an ID number against the authority's
 * records) through the official common client of `tencentcloud-sdk-nodejs-common`,
 * which signs each request with TC3-HMAC-SHA256. No per-product FaceID
 * package is published to npm, and the full `tencentcloud-sdk-nodejs` carries
 * every product; the common client is the SDK's documented way to call any
 * action (docs/decisions/0042-real-name-verification.md).
 *
 * `Response.Result`: "0" match; "-1" mismatch; "-2" invalid ID number and
 * "-3" invalid name (mismatch to the member); "-5" no such ID number; "-4",
 * "-6" (the authority's system is down or being upgraded) and "-7" (the daily
 * limit of the provider) are answers the member can only retry later, as are
 * a `Response.Error` and a network failure.
 */
import type { TencentFaceIdConfig } from '../../config/identity.ts';
import { connectToAgent } from '../../lib/connect-to-agent.ts';
import { lazy } from '../../lib/lazy.ts';
import { IdentityUnavailable, type IdentityVerdict, type IdentityVerifier } from './verifier.ts';

export const TENCENT_FACEID_HOST = 'faceid.tencentcloudapi.com';
export const TENCENT_FACEID_VERSION = '2018-03-01';

/** What a `Response.Result` of IdCardVerification means; undefined for "retry later". */
export function faceIdOutcome(result: string): IdentityVerdict['outcome'] | undefined {
  switch (result) {
    case '0':
      return 'match';
    case '-1':
    case '-2':
    case '-3':
      return 'mismatch';
    case '-5':
      return 'notFound';
    default:
      return undefined;
  }
}

export function createTencentFaceId(c: TencentFaceIdConfig): IdentityVerifier {
  const target = c.connectTo ? new URL(c.connectTo) : undefined;
  // the SDK loads on the first verification (lib/lazy.ts)
  const client = lazy(async () => {
    const { CommonClient } = await import('tencentcloud-sdk-nodejs-common');
    return new CommonClient(TENCENT_FACEID_HOST, TENCENT_FACEID_VERSION, {
      credential: { secretId: c.secretId, secretKey: c.secretKey },
      region: c.region,
      profile: {
        httpProfile: {
          endpoint: TENCENT_FACEID_HOST,
          protocol: target ? `${target.protocol}//` : 'https://',
          reqTimeout: 10,
          ...(target ? { agent: connectToAgent(target) } : {}),
        },
      },
    });
  });
  return {
    name: 'tencent',
    async verify(claim) {
      const faceid = await client();
      let answer: { Result?: string; Description?: string; RequestId?: string };
      try {
        answer = (await faceid.request('IdCardVerification', {
          IdCard: claim.idNumber,
          Name: claim.realName,
        })) as never;
      } catch (e) {
        const err = e as { code?: string; httpCode?: number; message?: string };
        throw new IdentityUnavailable(
          err.code ?? (err.httpCode ? `HTTP ${err.httpCode}` : 'network'),
          err.message ?? '',
        );
      }
      const outcome = faceIdOutcome(String(answer.Result ?? ''));
      if (!outcome) {
        throw new IdentityUnavailable(`Result ${answer.Result ?? 'missing'}`, answer.Description ?? '');
      }
      return { outcome, requestId: answer.RequestId ?? null };
    },
  };
}
