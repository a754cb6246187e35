/**
 * Data every start needs (the goods catalogue, this server node) and, on an
 * empty database outside production, the demo data of API.md.
 */
import { count } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { goods, users } from '../db/schema/index.ts';
import { createNodesRepo } from '../modules/nodes/nodes.repo.ts';
import { catalogueRows } from './catalogue.ts';
import { seedDemo } from './demo.ts';

const NODE_NAMES = { us: 'International', cn: 'China' } as const;

export async function seedEssentials(db: Db, config: Config) {
  await db.insert(goods).values(catalogueRows()).onConflictDoNothing();
  await createNodesRepo(db).upsertNode({
    code: config.region,
    name: NODE_NAMES[config.region],
    region: config.region,
    url: `${config.publicUrl}${config.basePath}`,
  });
}

/** Seeds the demo data when the database has no user yet; returns whether it did. */
export async function seedDemoIfEmpty(db: Db, config: Config): Promise<boolean> {
  if (!config.seedDemo) return false;
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db, config.region);
  return true;
}
