/**
 * The operator console's settings (docs/decisions/0038-operator-console.md): its base path and
 * the addresses it answers.
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
};
type ConsoleEnv = z.infer<z.ZodObject<typeof consoleEnvShape>>;

export type ConsoleConfig = {
  basePath: string;
  /** null: every address. */
  allowedIps: string[] | null;
};

export function consoleConfig(e: ConsoleEnv): ConsoleConfig {
  return {
    basePath: e.ADMIN_BASE_PATH,
    allowedIps: e.ADMIN_ALLOWED_IPS ?? null,
  };
}
