/**
 * Directory entries filed under a mainland number's 11 digits (before migration
 * 0009_normalize-mobiles, which re-keyed only this node's own users' entries): an entry naming
 * another node is still found by the number in any spelling, moves to the E.164 key as it is
 * found, and goes with the account's other entries when this node forgets it.
 */
import { calls } from '@ac/protocol/calls';
import type { TGetNodeByDealerResponse } from '@ac/protocol/registration';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadPort } from '../../../test/held-port.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accountDirectory } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { accountKey, legacyAccountKey } from './node-directory.ts';

const NODE_SECRET = 'a-node-secret-of-at-least-32-characters';
let t: TestApp;
let dead: Awaited<ReturnType<typeof deadPort>>;

beforeAll(async () => {
  dead = await deadPort();
  // the other node is listed (its entries are believed) but down: only the directory can answer
  const SERVER_NODES = JSON.stringify([{ code: 'north', name: 'North', region: 'cn', url: dead.url }]);
  t = await createTestApp({ region: 'cn', env: { NODE_CODE: 'south', SERVER_NODES, NODE_SECRET } });
});
afterAll(async () => {
  await t?.close();
  await dead?.close();
});

const dealer = (account: string) => t.client.call<TGetNodeByDealerResponse>(calls.nodes.getNodeByDealer, { account });
const keysOf = async (nodeCode: string) =>
  (await t.db.select().from(accountDirectory).where(eq(accountDirectory.nodeCode, nodeCode))).map((r) => r.accountKey);

describe('directory entries under the pre-E.164 key', () => {
  it('keys: the E.164 number, and its 11 digits for a mainland number only', () => {
    expect(accountKey('138 0000 0000')).toBe(sha256Hex('+8613800000000'));
    expect(legacyAccountKey('+86 138 0000 0000')).toBe(sha256Hex('13800000000'));
    expect(legacyAccountKey('+85251234567')).toBeNull();
    expect(legacyAccountKey('ada@example.com')).toBeNull();
  });

  it('an entry naming another node is found by any spelling of the number and moved to the E.164 key', async () => {
    await t.db.insert(accountDirectory).values({ accountKey: sha256Hex('13700001111'), nodeCode: 'north' });
    const found = await dealer('+86 137 0000 1111');
    expect(found.data.node.code).toBe('north');
    expect(await keysOf('north')).toEqual([sha256Hex('+8613700001111')]);
    // found again under the key it now has
    expect((await dealer('13700001111')).data.node.code).toBe('north');
    expect((await dealer('0086-137-0000-1111')).data.node.code).toBe('north');
  });

  it('an E.164 entry already there wins over the old one, which stays untouched', async () => {
    await t.db.insert(accountDirectory).values([
      { accountKey: sha256Hex('13700002222'), nodeCode: 'north' },
      { accountKey: sha256Hex('+8613700002222'), nodeCode: 'south' },
    ]);
    // an entry naming this node without a live account is a deleted account: this node answers
    expect((await dealer('13700002222')).data.node.code).toBe('south');
    const rows = await t.db
      .select()
      .from(accountDirectory)
      .where(eq(accountDirectory.accountKey, sha256Hex('13700002222')));
    expect(rows).toHaveLength(1);
  });

  it('lookups at once move the entry once', async () => {
    await t.db.insert(accountDirectory).values({ accountKey: sha256Hex('13700003333'), nodeCode: 'north' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => dealer('13700003333')));
    expect(answers.map((a) => a.data.node.code)).toEqual(Array(6).fill('north'));
    const keys = await keysOf('north');
    expect(keys).toContain(sha256Hex('+8613700003333'));
    expect(keys).not.toContain(sha256Hex('13700003333'));
  });
});
