/**
 * The servers the specs run against: one per region, each on a fresh
 * PostgreSQL database of its own, plus a second overseas node (`us2`) for the
 * jump-node journey and the real gateways' fakes; one PGlite server with the
 * demo data for the smoke spec; a local OIDC provider and the local fakes of
 * WeChat and Facebook login; and the SMTP sink every server delivers mail to.
 *
 * Each server is the production build (`node server/dist/main.js`, made by
 * `npm run build`) in demo mode, and writes its whole log (info and above)
 * to e2e/.tmp/logs/<code>.log, which the log check searches after the run
 * (support/global-teardown.ts); warnings and errors also reach Playwright's
 * output.
 */
import { fileURLToPath } from 'node:url';
import { alipayEnv, alipayVariables } from './alipay-config.ts';
import { FACEID_FAKE } from './faceid-fake-config.ts';
import { fastspringEnv } from './fastspring-config.ts';
import { googlePlayEnv } from './google-play-config.ts';
import { NUONUO_FAKE } from './nuonuo-fake-config.ts';
import { nativeOAuthEnv } from './oauth-fake-config.ts';
import { paypalEnv } from './paypal-config.ts';
import { port as at, PORT_OFFSET } from './ports.ts';
import { SMS_FAKE } from './sms-fake-config.ts';
import { SMTP_SINK } from './smtp-sink-config.ts';
import { stripeEnv } from './stripe-config.ts';

const root = 'e2e/.tmp';
/** The e2e/.tmp/logs of the commands (run from the repository root), as an absolute path. */
export const LOGS_DIR = fileURLToPath(new URL('../.tmp/logs/', import.meta.url));

/**
 * `command` (run from the repository root) with its output written to
 * e2e/.tmp/logs/<name>.log; with `echo`, the lines that are not pino's
 * info or lower go on to stderr (Playwright prints them).
 */
export function logged(name: string, command: string, echo = true): string {
  const file = `${root}/logs/${name}.log`;
  const rest = echo ? ` | grep --line-buffered -v '^{"level":[123]0,' >&2` : ' >/dev/null';
  return `mkdir -p ${root}/logs && ${command} 2>&1 | tee ${file}${rest}`;
}

export const OIDC = {
  port: at(8309),
  issuer: `http://127.0.0.1:${at(8309)}`,
  clientId: 'ac-e2e',
  clientSecret: 'ac-e2e-secret-0123456789abcdef',
};

/** The two overseas nodes know each other (SERVER_NODES) and share NODE_SECRET. */
const overseasNodes = [
  { code: 'us', name: 'International', region: 'us', url: `http://127.0.0.1:${at(8301)}` },
  { code: 'us2', name: 'International 2', region: 'us', url: `http://127.0.0.1:${at(8303)}` },
];
const NODE_SECRET = 'e2e-node-secret-0123456789abcdef-0123';

/**
 * The test servers' wait between two codes to one target (CODE_RESEND_SECONDS,
 * refused in production): short, so a spec that sends a second code to a
 * number right after registering it waits seconds, not the real minute; long
 * enough to see the send button count down.
 */
export const CODE_RESEND_SECONDS = 5;

type Region = 'us' | 'cn';

type Options = {
  code: string;
  region: Region;
  port: number;
  /** The provider that logs in through the local OIDC provider. */
  oidcProvider?: 'GOOGLE' | 'QQ';
  /** The provider that logs in through its native adapter and the local fake (support/oauth-fake-config.ts). */
  nativeProvider?: 'wx' | 'facebook';
  nodes?: typeof overseasNodes;
  /** Card payments (pay method 7) through the fake Stripe API. */
  stripe?: boolean;
  /** PayPal (pay method 7, PayPal channel) through the fake PayPal API. */
  paypal?: boolean;
  /** FastSpring's popup storefront (pay method 7, fastspring channel) through the fake FastSpring. */
  fastspring?: boolean;
  /** Google Play's real-time developer notifications through the fake Google (support/google-play-config.ts). */
  googlePlay?: boolean;
  /** INVOICING_PROVIDER=manual: finance uploads each issued invoice in the console (China). */
  manualInvoicing?: boolean;
  /**
   * Alipay (pay method 2) through the fake Alipay gateway (China): its agreement payments renew
   * memberships; one-off Alipay payments would go to the fake too, which has no page payment.
   */
  alipay?: boolean;
};

/** The PostgreSQL server of the journey servers (E2E_DATABASE_URL; the machine's local one by default). */
export const PG_SERVER = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';

/**
 * The environment of `node server/dist/admin.js` on a journey server's database (support/admin.ts),
 * with Alipay's variables on a server that takes it (`subscriptions charge-due` calls it).
 */
export type AdminEnv = {
  REGION: Region;
  DATABASE_URL: string;
  LOG_LEVEL: string;
  NODE_ENV: 'development';
  /** The server's mail and address: what a command sends (`subscriptions remind`) reaches the SMTP sink as the server's, its links to the server. */
  SMTP_URL: string;
  PORT: string;
  MAIL_FROM: string;
} & Record<string, string>;

/** The sandbox beside the real gateways' fakes a server takes (PAYMENT_PROVIDERS), when it takes any. */
function paymentProviders({ stripe, paypal, fastspring, alipay }: Options): string | undefined {
  const real = [stripe && 'stripe', paypal && 'paypal', fastspring && 'fastspring', alipay && 'alipay'].filter(Boolean);
  return real.length ? ['sandbox', ...real].join(',') : undefined;
}

/**
 * A product server: its address, its mail sender and the command that starts it (from the
 * repository root); `storage` is its DATABASE_URL, PGlite in DATA_DIR without it. Every test
 * is its own client: the servers trust the loopback proxy and take the address each test sends
 * in X-Forwarded-For (support/test.ts), so the per-IP limits count tests apart, as they count
 * users apart.
 */
function server(options: Options, storage: string[]) {
  const {
    code,
    region,
    port,
    oidcProvider,
    nativeProvider,
    nodes,
    stripe,
    paypal,
    fastspring,
    googlePlay,
    manualInvoicing,
  } = options;
  const providers = paymentProviders(options);
  // DATA_DIR (PGlite's directory, and where a server looks for avatars to import) is the server's own and fresh
  const dataDir = `${root}/data-${code}`;
  const basePath = region === 'us' ? '/account/secure' : '/secure';
  const mailFrom = `no-reply-${code}@e2e.test`;
  const env = [
    `REGION=${region}`,
    `PORT=${port}`,
    `DATA_DIR=${dataDir}`,
    // the build runs in production unless asked for the demo (README, NODE_ENV)
    'NODE_ENV=development',
    ...storage,
    // every request is logged: the log check reads them all
    'LOG_LEVEL=info',
    'TRUST_PROXY=127.0.0.1',
    `CODE_RESEND_SECONDS=${CODE_RESEND_SECONDS}`,
    // overseas SMS stays in the outbox (specs read it from the dev mailbox); China's goes to the Aliyun fake
    'DEV_MAILBOX=true',
    ...(region === 'cn' ? SMS_FAKE.serverEnv() : []),
    // China's invoices are issued by the Nuonuo fake and identities checked by the FaceID fake, as in production
    ...(region === 'cn' ? [...NUONUO_FAKE.serverEnv(), ...FACEID_FAKE.serverEnv()] : []),
    `SMTP_URL=${SMTP_SINK.smtpUrl}`,
    `MAIL_FROM='Account Center <${mailFrom}>'`,
    // the header's "my cloud" entry: configured overseas, hidden in China (no URL)
    ...(region === 'us' ? ['MY_CLOUD_URL=https://cloud.example.com/us'] : []),
    ...(oidcProvider
      ? [
          `OAUTH_${oidcProvider}_ISSUER=${OIDC.issuer}`,
          `OAUTH_${oidcProvider}_CLIENT_ID=${OIDC.clientId}`,
          `OAUTH_${oidcProvider}_CLIENT_SECRET=${OIDC.clientSecret}`,
        ]
      : []),
    ...(nativeProvider ? nativeOAuthEnv(nativeProvider) : []),
    ...(nodes ? [`NODE_CODE=${code}`, `SERVER_NODES='${JSON.stringify(nodes)}'`, `NODE_SECRET=${NODE_SECRET}`] : []),
    // the sandbox beside the real gateways' fakes
    ...(providers ? [`PAYMENT_PROVIDERS=${providers}`] : []),
    ...(stripe ? stripeEnv : []),
    ...(paypal ? paypalEnv : []),
    ...(fastspring ? fastspringEnv : []),
    ...(options.alipay ? alipayEnv : []),
    // Google Play's notifications verified and read through the fake Google (e2e/support/google-play-config.ts)
    ...(googlePlay ? googlePlayEnv : []),
    ...(manualInvoicing ? ['INVOICING_PROVIDER=manual'] : []),
  ];
  return {
    code,
    region,
    port,
    basePath,
    mailFrom,
    origin: `http://127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}${basePath}`,
    command: logged(code, `rm -rf ${dataDir} && ${env.join(' ')} node server/dist/main.js`),
  };
}

/**
 * A journey server: on a PostgreSQL database of its own, `ac_e2e_<offset>_<code>`, which
 * support/start-servers.ts creates fresh before the server starts and drops when the run ends;
 * the admin command line runs beside it on the same database (`adminEnv`, support/admin.ts).
 */
function journeyServer(options: Options) {
  const database = `ac_e2e_${PORT_OFFSET}_${options.code}`;
  const databaseUrl = `${PG_SERVER}/${database}`;
  const adminEnv: AdminEnv = {
    REGION: options.region,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    // the one gateway an admin command of the journeys calls: Alipay's, for `subscriptions charge-due`
    ...(options.alipay ? { PAYMENT_PROVIDERS: 'sandbox,alipay', ...alipayVariables } : {}),
    SMTP_URL: SMTP_SINK.smtpUrl,
    PORT: String(options.port),
    MAIL_FROM: `Account Center <no-reply-${options.code}@e2e.test>`,
  };
  return { ...server(options, [`DATABASE_URL=${databaseUrl}`]), database, adminEnv };
}

/** The journey servers, each on PostgreSQL (docs/decisions/0033-e2e-each-test-its-own-client.md). */
export const servers = {
  us: journeyServer({
    code: 'us',
    region: 'us',
    port: at(8301),
    oidcProvider: 'GOOGLE',
    nativeProvider: 'facebook',
    nodes: overseasNodes,
    googlePlay: true,
  }),
  cn: journeyServer({ code: 'cn', region: 'cn', port: at(8302), oidcProvider: 'QQ', nativeProvider: 'wx' }),
  us2: journeyServer({
    code: 'us2',
    region: 'us',
    port: at(8303),
    nodes: overseasNodes,
    stripe: true,
    paypal: true,
    fastspring: true,
  }),
  // China with the manual invoicing provider: the console's invoice upload (console/finance.spec.ts); and
  // Alipay through its fake: memberships renewing by agreement payments (commerce/alipay-agreement.spec.ts)
  cn2: journeyServer({ code: 'cn2', region: 'cn', port: at(8305), manualInvoicing: true, alipay: true }),
};

/**
 * The demo as `npm start` runs it: PGlite in DATA_DIR (fresh, e2e/.tmp/data-us-lite) with the demo
 * data, for the one smoke spec of the `lite-us` project (smoke/pglite-demo.spec.ts).
 */
export const liteServer = server({ code: 'us-lite', region: 'us', port: at(8304) }, []);

/** Every product server the run starts (support/start-servers.ts). */
export const everyServer = [...Object.values(servers), liteServer];

/** The journey server of an origin (`http://127.0.0.1:<port>`). */
export function serverOf(origin: string): JourneyServer {
  const found = Object.values(servers).find((s) => s.origin === origin);
  if (!found) throw new Error(`no e2e journey server at ${origin} (the PGlite smoke server is not one)`);
  return found;
}

export type JourneyServer = ReturnType<typeof journeyServer>;
