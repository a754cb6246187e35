/**
 * The operator console's settings (docs/decisions/0038-operator-console.md): its base path, the
 * addresses it answers, and the test servers' second-factor code (refused in production).
 */
import { z } from 'zod';
import { isAddressOrCidr } from './addresses.ts';

export const consoleEnvShape = {
  /** Where the console and its calls live (`<base>/`, `<base>/api/…`). */
  ADMIN_BASE_PATH: z
    .string()
    .regex(/^\/[a-z0-9][a-z0-9/_-]{0,63}$/, 'must be a path like /admin')
    .refine((v) => !v.endsWith('/'), 'must not end with /')
    .default('/admin'),
  /** Comma-separated IPs / CIDRs the console answers (the client's address, after TRUST_PROXY); all when unset. */
  ADMIN_ALLOWED_IPS: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      if (list.length && list.every(isAddressOrCidr)) return list;
      ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of IPs / CIDRs' });
      return z.NEVER;
    })
    .optional(),
  /**
   * Test servers only (refused in production): the code the console's second sign-in step
   * accepts until the two-factor module verifies real second factors.
   */
  ADMIN_TEST_SECOND_FACTOR_CODE: z
    .string()
    .regex(/^\d{6,8}$/, 'must be 6-8 digits')
    .optional(),
};
type ConsoleEnv = z.infer<z.ZodObject<typeof consoleEnvShape>>;

export type ConsoleConfig = {
  basePath: string;
  /** null: every address. */
  allowedIps: string[] | null;
  testSecondFactorCode: string | undefined;
};

export function consoleConfig(e: ConsoleEnv): ConsoleConfig {
  return {
    basePath: e.ADMIN_BASE_PATH,
    allowedIps: e.ADMIN_ALLOWED_IPS ?? null,
    testSecondFactorCode: e.ADMIN_TEST_SECOND_FACTOR_CODE,
  };
}
