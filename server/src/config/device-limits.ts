/**
 * Device limits per account type, in one place (docs/product.md#devices-and-sessions):
 * how many devices a user may bind, and how many CAD client sessions may be
 * live at once (the oldest is replaced, answering 1000008). A user without a
 * membership has the `standard` limits; with memberships, the highest of
 * each limit over the account types they grant. DEVICE_LIMITS overrides
 * entries of this table.
 */
import { ACCOUNT_TYPES, type TAccountType } from '@ac/protocol/enums';
import { z } from 'zod';

export type DeviceLimit = { boundDevices: number; clientSessions: number };
export type DeviceLimits = Record<TAccountType, DeviceLimit>;

export const DEFAULT_DEVICE_LIMITS: DeviceLimits = {
  standard: { boundDevices: 2, clientSessions: 2 },
  adFree: { boundDevices: 3, clientSessions: 2 },
  premium: { boundDevices: 3, clientSessions: 3 },
  super: { boundDevices: 5, clientSessions: 5 },
  professional: { boundDevices: 5, clientSessions: 3 },
  enterprise: { boundDevices: 10, clientSessions: 10 },
  toolKit: { boundDevices: 2, clientSessions: 2 },
  mappingPremium: { boundDevices: 3, clientSessions: 3 },
  architecturePremium: { boundDevices: 3, clientSessions: 3 },
  basic: { boundDevices: 2, clientSessions: 2 },
  standardVersion: { boundDevices: 3, clientSessions: 3 },
  advanced: { boundDevices: 5, clientSessions: 5 },
  macGeneral: { boundDevices: 2, clientSessions: 2 },
  macStandard: { boundDevices: 3, clientSessions: 3 },
  macProfessional: { boundDevices: 5, clientSessions: 5 },
  // the storage package adds storage only: the limits of an account without a membership
  storage: { boundDevices: 2, clientSessions: 2 },
};

const ZLimit = z
  .object({
    boundDevices: z.number().int().min(0).max(1000).optional(),
    clientSessions: z.number().int().min(1).max(1000).optional(),
  })
  .strict();

/** DEVICE_LIMITS: a JSON object of account type → {boundDevices?, clientSessions?}. */
export const ZDeviceLimitsEnv = z
  .string()
  .transform((v, ctx) => {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
      return z.NEVER;
    }
  })
  .pipe(z.partialRecord(z.enum(ACCOUNT_TYPES), ZLimit));
export type DeviceLimitsOverride = z.infer<typeof ZDeviceLimitsEnv>;

/** The table with the configured entries laid over it. */
export function deviceLimits(override: DeviceLimitsOverride = {}): DeviceLimits {
  const out = { ...DEFAULT_DEVICE_LIMITS };
  for (const type of ACCOUNT_TYPES) {
    const o = override[type];
    if (o) out[type] = { ...out[type], ...Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) };
  }
  return out;
}

/** The limits of a user holding these account types (none: standard). */
export function limitFor(table: DeviceLimits, accountTypes: readonly string[]): DeviceLimit {
  const known = accountTypes.filter((t): t is TAccountType => Object.hasOwn(table, t));
  return [table.standard, ...known.map((t) => table[t])].reduce((a, b) => ({
    boundDevices: Math.max(a.boundDevices, b.boundDevices),
    clientSessions: Math.max(a.clientSessions, b.clientSessions),
  }));
}
