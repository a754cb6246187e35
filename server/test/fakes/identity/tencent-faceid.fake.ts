/**
 * Test support: a local fake of Tencent Cloud FaceID's IdCardVerification
 * (API 2018-03-01). It checks the TC3-HMAC-SHA256 signature (../tencent-tc3.ts)
 * for faceid.tencentcloudapi.com, the action and version, then answers like
 * the provider from the records it was given: `Result` "0" when the name is
 * the one on record for the number, "-1" when it is not, "-5" for a number
 * not on record; `{Response:{Error:{Code,Message},RequestId}}` for a bad
 * request. `failNext` answers an outage (InternalError), `refuseConnections`
 * resets every connection. Each answered check is kept in `checks`.
 */
import { randomUUID } from 'node:crypto';
import { TENCENT_FACEID_HOST, TENCENT_FACEID_VERSION } from '../../../src/adapters/identity/tencent-faceid.ts';
import { type FakeAnswer, type FakeRequest, type FakeSms, startFake } from '../sms/fake-http.ts';
import { header, tc3Refusal } from '../tencent-tc3.ts';

export type FaceIdFakeOptions = {
  secretId: string;
  secretKey: string;
  /** ID number → the name on record. */
  records: Record<string, string>;
  port?: number;
};

export async function startFaceIdFake(o: FaceIdFakeOptions) {
  const checks: FakeSms[] = [];
  const refused: { code: string; detail: string }[] = [];
  const answer = (Response: Record<string, unknown>): FakeAnswer => ({
    status: 200,
    json: { Response: { ...Response, RequestId: randomUUID() } },
  });
  const error = (Code: string, Message: string) => {
    refused.push({ code: Code, detail: Message });
    return answer({ Error: { Code, Message } });
  };

  function handle(r: FakeRequest): FakeAnswer {
    const refusal = tc3Refusal(r, {
      secretId: o.secretId,
      secretKey: o.secretKey,
      host: TENCENT_FACEID_HOST,
      service: 'faceid',
    });
    if (refusal) return error(refusal.code, refusal.message);
    if (
      header(r.headers, 'x-tc-action') !== 'IdCardVerification' ||
      header(r.headers, 'x-tc-version') !== TENCENT_FACEID_VERSION
    ) {
      return error('InvalidAction', `The action or version is not IdCardVerification ${TENCENT_FACEID_VERSION}`);
    }
    let p: { IdCard?: string; Name?: string };
    try {
      p = JSON.parse(r.body);
    } catch {
      return error('InvalidParameter', 'The body is not JSON');
    }
    if (!p.IdCard || !p.Name) return error('MissingParameter', 'IdCard and Name are required');
    checks.push({ to: p.IdCard, text: p.Name, at: new Date().toISOString() });
    const onRecord = o.records[p.IdCard.toUpperCase()];
    if (onRecord === undefined) return answer({ Result: '-5', Description: '证件库中无此身份证记录' });
    if (onRecord !== p.Name) return answer({ Result: '-1', Description: '姓名和身份证号不一致' });
    return answer({ Result: '0', Description: '姓名和身份证号一致' });
  }

  const fake = await startFake(o, { messages: checks, refused }, handle, {
    status: 200,
    json: { Response: { Error: { Code: 'InternalError', Message: 'Internal error' }, RequestId: 'OUTAGE' } },
  });
  return { ...fake, checks };
}
export type FaceIdFake = Awaited<ReturnType<typeof startFaceIdFake>>;
