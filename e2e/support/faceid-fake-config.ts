/**
 * The China server's real-name verification in the e2e run: Tencent Cloud
 * FaceID (docs/decisions/0042-real-name-verification.md) through its SDK,
 * connected to the local fake of IdCardVerification
 * (server/test/fakes/identity/tencent-faceid.fake.ts, started by
 * e2e/support/faceid-fake.ts), which checks every request's TC3 signature and
 * answers from the records below: a match when the name is the one on record
 * for the number, a mismatch when it is not, "not on record" for any other
 * number. It lists the checks it answered at /messages (`to`: the number).
 */
import { port } from './ports.ts';

/** The fake authority's records: ID number → name (GB 11643 numbers, valid check characters). */
export const FACEID_RECORDS = {
  // GB 11643's own example number
  '11010519491231002X': '张三丰',
  '440106198703151238': '李明远',
  '310104199001011233': '王小红',
} as const;

export const FACEID_FAKE = {
  port: port(8318),
  url: `http://127.0.0.1:${port(8318)}`,
  checksUrl: `http://127.0.0.1:${port(8318)}/messages`,
  secretId: 'AKIDe2eFaceIdFake000000000000000000',
  secretKey: 'e2e-faceid-fake-secret-key-000000',
  /** The server's environment for it. */
  serverEnv: () => [
    'IDENTITY_VERIFIER=tencent',
    `TENCENT_FACEID_SECRET_ID=${FACEID_FAKE.secretId}`,
    `TENCENT_FACEID_SECRET_KEY=${FACEID_FAKE.secretKey}`,
    `TENCENT_FACEID_CONNECT_TO=${FACEID_FAKE.url}`,
  ],
};

/** One check the fake answered: `to` is the ID number, `text` the name. */
export type FaceIdCheck = { to: string; text: string; at: string };
