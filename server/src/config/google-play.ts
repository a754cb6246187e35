/**
 * Google Play real-time developer notifications of the mobile viewer
 * (docs/decisions/0048-app-store-purchases.md): GOOGLE_PLAY_PACKAGE_NAME turns the Pub/Sub push
 * endpoint on. A push is accepted only with Google's OIDC token for our audience and push service
 * account (checked against Google's JWKS); each purchase is then read from the Android Publisher
 * API with the service account's key. The three base URLs are for the tests' local fake and are
 * refused in production.
 */
import { z } from 'zod';

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const ANDROID_PUBLISHER_BASE = 'https://androidpublisher.googleapis.com';
/** The variables pointing the Google clients away from Google (tests only). */
export const GOOGLE_PLAY_FAKE_VARS = ['GOOGLE_PLAY_JWKS_URL', 'GOOGLE_PLAY_TOKEN_URL', 'GOOGLE_PLAY_API_BASE'] as const;

export type GooglePlayConfig = {
  packageName: string;
  /** The audience of the push subscription's OIDC token. */
  pushAudience: string;
  /** The service account the push subscription signs its tokens as. */
  pushServiceAccount: string;
  /** The service account (with Play Console access) that reads purchases. */
  serviceAccount: { clientEmail: string; privateKey: string };
  products: Record<string, string>;
  jwksUrl: string;
  tokenUrl: string;
  apiBase: string;
};

const ZKey = z.string().transform((v, ctx) => {
  try {
    const k = JSON.parse(v) as { client_email?: unknown; private_key?: unknown };
    if (
      typeof k.client_email === 'string' &&
      typeof k.private_key === 'string' &&
      k.private_key.includes('PRIVATE KEY')
    ) {
      return { clientEmail: k.client_email, privateKey: k.private_key };
    }
  } catch {}
  ctx.addIssue({ code: 'custom', message: 'must be the service account’s JSON key (client_email, private_key)' });
  return z.NEVER;
});

/** The zod fields of the Google Play variables, spread into the environment schema. */
export const googlePlayEnvShape = {
  GOOGLE_PLAY_PACKAGE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.]+$/, 'must be the app’s package name')
    .optional(),
  GOOGLE_PLAY_PUSH_AUDIENCE: z.string().min(1).optional(),
  GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT: z
    .string()
    .email('must be the push subscription’s service account e-mail')
    .optional(),
  GOOGLE_PLAY_SERVICE_ACCOUNT_KEY: ZKey.optional(),
  /** `productId=GOODS,productId=GOODS`: which goods each subscription product grants. */
  GOOGLE_PLAY_PRODUCTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((p) => /^[A-Za-z0-9._-]+=[A-Za-z0-9_-]+$/.test(p)), {
      message: 'must list productId=GOODS_CODE pairs, comma-separated',
    })
    .optional(),
  GOOGLE_PLAY_JWKS_URL: z.string().url().optional(),
  GOOGLE_PLAY_TOKEN_URL: z.string().url().optional(),
  GOOGLE_PLAY_API_BASE: z.string().url().optional(),
};
type GooglePlayEnv = z.infer<z.ZodObject<typeof googlePlayEnvShape>> & { NODE_ENV: string };

const REQUIRED = [
  'GOOGLE_PLAY_PUSH_AUDIENCE',
  'GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT',
  'GOOGLE_PLAY_SERVICE_ACCOUNT_KEY',
  'GOOGLE_PLAY_PRODUCTS',
] as const;

export function refineGooglePlayEnv(e: GooglePlayEnv, ctx: z.RefinementCtx) {
  const problem = (name: string, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  if (e.NODE_ENV === 'production') {
    for (const name of GOOGLE_PLAY_FAKE_VARS) {
      if (e[name]) problem(name, 'must not be set in production (it points the Google Play client away from Google)');
    }
  }
  if (!e.GOOGLE_PLAY_PACKAGE_NAME) return;
  for (const name of REQUIRED) {
    const v = e[name];
    if (v === undefined || (Array.isArray(v) && v.length === 0)) {
      problem(name, 'is required when GOOGLE_PLAY_PACKAGE_NAME is set');
    }
  }
}

export function googlePlayConfig(e: GooglePlayEnv): GooglePlayConfig | undefined {
  const key = e.GOOGLE_PLAY_SERVICE_ACCOUNT_KEY;
  if (!e.GOOGLE_PLAY_PACKAGE_NAME || !key || !e.GOOGLE_PLAY_PUSH_AUDIENCE || !e.GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT) {
    return undefined;
  }
  return {
    packageName: e.GOOGLE_PLAY_PACKAGE_NAME,
    pushAudience: e.GOOGLE_PLAY_PUSH_AUDIENCE,
    pushServiceAccount: e.GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT,
    serviceAccount: key,
    products: Object.fromEntries(
      (e.GOOGLE_PLAY_PRODUCTS ?? []).map((p) => {
        const [id, goods] = p.split('=');
        return [id ?? '', goods ?? ''];
      }),
    ),
    jwksUrl: e.GOOGLE_PLAY_JWKS_URL ?? GOOGLE_JWKS_URL,
    tokenUrl: e.GOOGLE_PLAY_TOKEN_URL ?? GOOGLE_TOKEN_URL,
    apiBase: (e.GOOGLE_PLAY_API_BASE ?? ANDROID_PUBLISHER_BASE).replace(/\/$/, ''),
  };
}
