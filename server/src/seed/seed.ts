/**
 * Data every start needs (the goods catalogue, its redeem-code offers and renewing plans, this server node) and, on an
 * empty database outside production, the demo data of docs/product.md#data.
 */
import { regionSettings } from '@ac/protocol/enums';
import { count } from 'drizzle-orm';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import { goods, redeemOffers, renewalPlans, users } from '../db/schema/index.ts';
import { createNodesRepo } from '../modules/nodes/nodes.repo.ts';
import { catalogueRows, redeemOfferRows, renewalPlanRows } from './catalogue.ts';
import { seedDemo } from './demo.ts';

const NODE_NAMES = { us: 'International', cn: 'China' } as const;

export async function seedEssentials(db: Db, config: Config) {
  await db.insert(goods).values(catalogueRows()).onConflictDoNothing();
  await db.insert(redeemOffers).values(redeemOfferRows()).onConflictDoNothing();
  await db.insert(renewalPlans).values(renewalPlanRows()).onConflictDoNothing();
  await syncServerNodes(db, config);
}

/**
 * The node list of serverNode/list: SERVER_NODES plus this node (its URL is
 * always this server's own PUBLIC_URL), replacing what an earlier start wrote.
 */
export async function syncServerNodes(db: Db, config: Config) {
  const self = config.serverNodes.find((n) => n.code === config.nodeCode);
  const rows = [
    ...config.serverNodes.filter((n) => n.code !== config.nodeCode),
    {
      code: config.nodeCode,
      name: self?.name ?? NODE_NAMES[config.region],
      region: config.region,
      url: config.publicUrl,
    },
  ];
  await db.transaction(async (tx) => {
    const repo = createNodesRepo(tx);
    for (const n of rows) {
      await repo.upsertNode({ ...n, url: `${n.url}${regionSettings[n.region].basePath}` });
    }
    await repo.deleteNodesExcept(rows.map((n) => n.code));
  });
}

/** Seeds the demo data when the database has no user yet; returns whether it did. */
export async function seedDemoIfEmpty(db: Db, config: Config): Promise<boolean> {
  if (config.production || !config.seedDemo) return false;
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db, config.region);
  return true;
}
