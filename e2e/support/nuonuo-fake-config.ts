/**
 * The China server's invoicing provider in the e2e run: Nuonuo
 * (docs/decisions/0041-e-invoicing-platform.md) talking to the local fake of
 * its open platform (server/test/fakes/invoicing/nuonuo.fake.ts, started by
 * e2e/support/nuonuo-fake.ts), which checks every call's token, signature
 * and seller, answers "issuing" to the first query of an application and
 * "issued" with the PDF's address to the next, and fails a buyer whose name
 * contains 税号错误 with the platform's failCause.
 */
import { port } from './ports.ts';

export const NUONUO_FAKE = {
  port: port(8317),
  url: `http://127.0.0.1:${port(8317)}`,
  appKey: 'SD63236305',
  appSecret: 'e2e-nuonuo-app-secret-0123456789',
  taxNumber: '339902999999789113',
  /** The server's environment for it. */
  serverEnv: () => [
    'INVOICING_PROVIDER=nuonuo',
    `NUONUO_APP_KEY=${NUONUO_FAKE.appKey}`,
    `NUONUO_APP_SECRET=${NUONUO_FAKE.appSecret}`,
    `NUONUO_TAX_NUMBER=${NUONUO_FAKE.taxNumber}`,
    "NUONUO_CLERK='张三'",
    'NUONUO_GOODS_CODE=3040201030000000000',
    `NUONUO_API_BASE=${NUONUO_FAKE.url}`,
  ],
};

/** What a buyer's name contains for the fake to fail the invoice (with its FAKE_FAIL_CAUSE). */
export const NUONUO_FAILING_BUYER = '税号错误';
