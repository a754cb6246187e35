/**
 * Real-name verification from the environment (docs/decisions/0042-real-name-verification.md):
 * IDENTITY_VERIFIER and the credentials of Tencent Cloud FaceID; a selected
 * provider with a missing credential stops the server, naming the variable.
 */
import { IDENTITY_DAILY_ATTEMPTS } from '@ac/protocol/trade';
import { z } from 'zod';

export const IDENTITY_VERIFIERS = ['checksum', 'tencent'] as const;
export type TIdentityVerifier = (typeof IDENTITY_VERIFIERS)[number];

export type TencentFaceIdConfig = {
  secretId: string;
  secretKey: string;
  region: string;
  /**
   * Tests only (refused in production): where to connect instead of faceid.tencentcloudapi.com
   * (an http(s) URL); the requests still name and sign for faceid.tencentcloudapi.com.
   */
  connectTo: string | undefined;
};

export type IdentityConfig = {
  verifier: TIdentityVerifier;
  tencent: TencentFaceIdConfig | undefined;
  /** Verifications one account may ask for in a day (China Standard Time). */
  dailyAttempts: number;
};

const text = z.string().trim().min(1);

/** The zod fields of the identity variables, spread into the environment schema. */
export const identityEnvShape = {
  IDENTITY_VERIFIER: z.enum(IDENTITY_VERIFIERS).default('checksum'),
  IDENTITY_DAILY_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(IDENTITY_DAILY_ATTEMPTS),
  TENCENT_FACEID_SECRET_ID: text.optional(),
  TENCENT_FACEID_SECRET_KEY: text.optional(),
  TENCENT_FACEID_REGION: text.default('ap-guangzhou'),
  TENCENT_FACEID_CONNECT_TO: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'must be an http(s):// URL without a path')
    .optional(),
};
type IdentityEnv = z.infer<z.ZodObject<typeof identityEnvShape>>;

const REQUIRED = ['TENCENT_FACEID_SECRET_ID', 'TENCENT_FACEID_SECRET_KEY'] as const;

export function refineIdentityEnv(e: IdentityEnv, ctx: z.RefinementCtx) {
  if (e.IDENTITY_VERIFIER !== 'tencent') return;
  for (const name of REQUIRED) {
    if (!e[name] && !ctx.issues.some((i) => i.path?.[0] === name)) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'is required when IDENTITY_VERIFIER=tencent' });
    }
  }
}

/** Called after refineIdentityEnv passed. */
export function identityConfig(e: IdentityEnv): IdentityConfig {
  return {
    verifier: e.IDENTITY_VERIFIER,
    dailyAttempts: e.IDENTITY_DAILY_ATTEMPTS,
    tencent:
      e.IDENTITY_VERIFIER === 'tencent'
        ? {
            secretId: e.TENCENT_FACEID_SECRET_ID!,
            secretKey: e.TENCENT_FACEID_SECRET_KEY!,
            region: e.TENCENT_FACEID_REGION,
            connectTo: e.TENCENT_FACEID_CONNECT_TO,
          }
        : undefined,
  };
}
