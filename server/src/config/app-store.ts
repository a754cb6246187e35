/**
 * App Store Server Notifications V2 of the mobile viewer (docs/decisions/0048-app-store-purchases.md):
 * APPSTORE_BUNDLE_ID turns the endpoint on; the notifications are verified against Apple's root
 * certificate (Apple Root CA - G3, pinned here). APPSTORE_ROOT_CERTIFICATES replaces it for the
 * tests' fake chain and is refused in production.
 */
import { z } from 'zod';

/**
 * Apple Root CA - G3 (https://www.apple.com/certificateauthority/AppleRootCA-G3.cer), DER in base64;
 * SHA-256 63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79
 * (checked by config/app-store.test.ts). It anchors the x5c chain of every App Store signature.
 */
export const APPLE_ROOT_CA_G3 =
  'MIICQzCCAcmgAwIBAgIILcX8iNLFS5UwCgYIKoZIzj0EAwMwZzEbMBkGA1UEAwwSQXBwbGUgUm9vdCBDQSAtIEczMSYwJAYDVQQLDB1BcHBsZSBDZXJ0aWZpY2F0aW9uIEF1dGhvcml0eTETMBEGA1UECgwKQXBwbGUgSW5jLjELMAkGA1UEBhMCVVMwHhcNMTQwNDMwMTgxOTA2WhcNMzkwNDMwMTgxOTA2WjBnMRswGQYDVQQDDBJBcHBsZSBSb290IENBIC0gRzMxJjAkBgNVBAsMHUFwcGxlIENlcnRpZmljYXRpb24gQXV0aG9yaXR5MRMwEQYDVQQKDApBcHBsZSBJbmMuMQswCQYDVQQGEwJVUzB2MBAGByqGSM49AgEGBSuBBAAiA2IABJjpLz1AcqTtkyJygRMc3RCV8cWjTnHcFBbZDuWmBSp3ZHtfTjjTuxxEtX/1H7YyYl3J6YRbTzBPEVoA/VhYDKX1DyxNB0cTddqXl5dvMVztK517IDvYuVTZXpmkOlEKMaNCMEAwHQYDVR0OBBYEFLuw3qFYM4iapIqZ3r6966/ayySrMA8GA1UdEwEB/wQFMAMBAf8wDgYDVR0PAQH/BAQDAgEGMAoGCCqGSM49BAMDA2gAMGUCMQCD6cHEFl4aXTQY2e3v9GwOAEZLuN+yRhHFD/3meoyhpmvOwgPUnPWTxnS4at+qIxUCMG1mihDK1A3UT82NQz60imOlM27jbdoXt2QfyFMm+YhidDkLF1vLUagM6BgD56KyKA==';

export type AppStoreConfig = {
  bundleId: string;
  /** The app's Apple ID (a number): required by the Production environment. */
  appAppleId: number | undefined;
  environment: 'Production' | 'Sandbox';
  /** DER root certificates the chains must end at: Apple's, or the tests' fake root. */
  rootCertificates: Buffer[];
  /** Revocation (OCSP) checks and today's date for the chain: only against Apple's own root. */
  onlineChecks: boolean;
  /** App Store product id → our goods code. */
  products: Record<string, string>;
};

/** `PEM, PEM` or one PEM with literal `\n`: the DER bodies. */
function pemBodies(v: string): Buffer[] {
  const text = v.replace(/\\n/g, '\n');
  const found = [...text.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/g)];
  return found.map((m) => Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64'));
}

/** The zod fields of the App Store variables, spread into the environment schema. */
export const appStoreEnvShape = {
  APPSTORE_BUNDLE_ID: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'must be the app’s bundle identifier')
    .optional(),
  APPSTORE_APP_APPLE_ID: z.coerce.number().int().positive().optional(),
  APPSTORE_ENVIRONMENT: z.enum(['Production', 'Sandbox']).default('Production'),
  /** `productId=GOODS,productId=GOODS`: which goods each subscription product of the app grants. */
  APPSTORE_PRODUCTS: z
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
  /** Tests only (refused in production): PEM root certificates to trust instead of Apple's. */
  APPSTORE_ROOT_CERTIFICATES: z
    .string()
    .refine((v) => pemBodies(v).length > 0, 'must hold PEM certificates')
    .optional(),
};
type AppStoreEnv = z.infer<z.ZodObject<typeof appStoreEnvShape>> & { NODE_ENV: string };

export function refineAppStoreEnv(e: AppStoreEnv, ctx: z.RefinementCtx) {
  const problem = (name: string, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  if (!e.APPSTORE_BUNDLE_ID) return;
  if (!e.APPSTORE_PRODUCTS?.length) problem('APPSTORE_PRODUCTS', 'is required when APPSTORE_BUNDLE_ID is set');
  if (e.APPSTORE_ENVIRONMENT === 'Production' && e.APPSTORE_APP_APPLE_ID === undefined) {
    problem('APPSTORE_APP_APPLE_ID', 'is required when APPSTORE_ENVIRONMENT is Production');
  }
  if (e.NODE_ENV === 'production' && e.APPSTORE_ROOT_CERTIFICATES) {
    problem(
      'APPSTORE_ROOT_CERTIFICATES',
      'must not be set in production (App Store notifications are verified against Apple’s root only)',
    );
  }
}

export function appStoreConfig(e: AppStoreEnv): AppStoreConfig | undefined {
  if (!e.APPSTORE_BUNDLE_ID) return undefined;
  const fake = e.APPSTORE_ROOT_CERTIFICATES ? pemBodies(e.APPSTORE_ROOT_CERTIFICATES) : null;
  return {
    bundleId: e.APPSTORE_BUNDLE_ID,
    appAppleId: e.APPSTORE_APP_APPLE_ID,
    environment: e.APPSTORE_ENVIRONMENT,
    rootCertificates: fake ?? [Buffer.from(APPLE_ROOT_CA_G3, 'base64')],
    onlineChecks: !fake,
    products: Object.fromEntries(
      (e.APPSTORE_PRODUCTS ?? []).map((p) => {
        const [id, goods] = p.split('=');
        return [id ?? '', goods ?? ''];
      }),
    ),
  };
}
