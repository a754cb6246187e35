/**
 * What a personal data export holds (docs/decisions/0046-data-export.md):
 * one entry per file of the ZIP, each reading the member's rows of one
 * table or service. A new part is one more entry of `exportParts`. No part
 * carries a secret — password and cash-password hashes, session and link
 * token hashes, TOTP secrets, recovery codes, ciphertext — and the fields
 * kept encrypted are decrypted for their owner (the trade account).
 */
import { asc, desc, eq, getTableColumns, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  billingDetails,
  companies,
  companyMembers,
  couponGrants,
  coupons,
  couponUses,
  devices,
  invoices,
  invoiceTitles,
  memberships,
  orders,
  receipts,
  redeemCodes,
  sessions,
  thirdPartyBindings,
  users,
} from '../../db/schema/index.ts';
import type { AvatarService } from '../avatar/avatar.service.ts';
import { avatarNameOf } from '../avatar/avatar.service.ts';
import type { TradeService } from '../trade/trade.service.ts';

/** A JSON file of the ZIP: `read` answers what is written (pretty-printed). */
export type JsonPart = { kind: 'json'; file: string; read(userId: string): Promise<unknown> };
/** A binary file of the ZIP, or none (`read` answers null). */
export type FilePart = { kind: 'file'; read(userId: string): Promise<{ file: string; data: Buffer } | null> };
export type ExportPart = JsonPart | FilePart;

type Deps = {
  db: Db;
  avatars: Pick<AvatarService, 'read'>;
  /** The China build's trade account (absent overseas). */
  trade?: Pick<TradeService, 'exportOf'>;
};

/** Every column of a table but the named ones (the secrets). */
function columnsWithout<T extends Record<string, unknown>, K extends keyof T>(columns: T, ...omit: K[]) {
  const out = { ...columns };
  for (const k of omit) delete out[k];
  return out as Omit<T, K>;
}

export function exportParts(d: Deps): ExportPart[] {
  const { db } = d;
  const json = (file: string, read: (userId: string) => Promise<unknown>): JsonPart => ({ kind: 'json', file, read });
  const parts: ExportPart[] = [
    json('profile.json', async (userId) => {
      const [row] = await db
        .select(columnsWithout(getTableColumns(users), 'passwordHash'))
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    }),
    json('company.json', async (userId) => {
      const [row] = await db
        .select({
          companyId: companies.id,
          companyName: companies.name,
          role: companyMembers.role,
          joinedAt: companyMembers.joinedAt,
        })
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .where(eq(companyMembers.userId, userId));
      return row ?? null;
    }),
    json('memberships.json', (userId) =>
      db.select().from(memberships).where(eq(memberships.userId, userId)).orderBy(asc(memberships.startTime)),
    ),
    json('orders.json', (userId) =>
      db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt)),
    ),
    // the codes the member bought (their own to hand over) and the ones they redeemed
    json('redeem-codes.json', (userId) =>
      db
        .select()
        .from(redeemCodes)
        .where(or(eq(redeemCodes.ownerUserId, userId), eq(redeemCodes.redeemedBy, userId)))
        .orderBy(asc(redeemCodes.createdAt)),
    ),
    json('coupons.json', async (userId) => ({
      granted: await db
        .select({ coupon: coupons, grant: couponGrants })
        .from(couponGrants)
        .innerJoin(coupons, eq(coupons.id, couponGrants.couponId))
        .where(eq(couponGrants.userId, userId)),
      used: await db.select().from(couponUses).where(eq(couponUses.userId, userId)),
    })),
    json('devices.json', (userId) =>
      db.select().from(devices).where(eq(devices.userId, userId)).orderBy(asc(devices.createdAt)),
    ),
    json('third-party-bindings.json', (userId) =>
      db.select().from(thirdPartyBindings).where(eq(thirdPartyBindings.userId, userId)),
    ),
    // China's invoices and titles; overseas, the billing details and the receipts and credit notes
    json('invoices.json', async (userId) => ({
      titles: await db.select().from(invoiceTitles).where(eq(invoiceTitles.userId, userId)),
      invoices: await db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(asc(invoices.appliedAt)),
      billing: (await db.select().from(billingDetails).where(eq(billingDetails.userId, userId)))[0] ?? null,
      receipts: await db.select().from(receipts).where(eq(receipts.userId, userId)).orderBy(asc(receipts.issuedAt)),
    })),
    // sign-ins: the sessions (browsers and CAD clients), without their token hashes
    json('sessions.json', (userId) =>
      db
        .select(columnsWithout(getTableColumns(sessions), 'tokenHash'))
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt)),
    ),
    // the security log of the account: sign-ins, failed second steps, changes of password, address, two-factor
    json('security-events.json', (userId) =>
      db
        .select({ at: auditLog.at, event: auditLog.event, ip: auditLog.ip, detail: auditLog.detail })
        .from(auditLog)
        .where(eq(auditLog.userId, userId))
        .orderBy(desc(auditLog.at)),
    ),
    {
      kind: 'file',
      async read(userId) {
        const [row] = await db.select({ favicon: users.favicon }).from(users).where(eq(users.id, userId));
        const name = avatarNameOf(row?.favicon ?? null);
        const file = name ? await d.avatars.read(name) : null;
        return file && name ? { file: `avatar${name.slice(name.lastIndexOf('.'))}`, data: file.data } : null;
      },
    },
  ];
  const { trade } = d;
  if (trade) parts.push(json('trade-account.json', (userId) => trade.exportOf(userId)));
  return parts;
}
