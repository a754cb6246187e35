/**
 * Avatars live in the database: a file uploaded through one instance is
 * served by every other instance on the same database (PGlite here, a
 * PostgreSQL database in the server-pg project).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import type { TLoginResponse } from '@ac/protocol/session';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeClient } from '../../test/envelope-client.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { buildApp } from '../app/build-app.ts';
import { loadConfig } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../seed/demo.ts';
import { seedEssentials } from '../seed/seed.ts';
import { createDbAvatarStore, importAvatarDirectory } from './avatar-store.ts';

let database: Database;
let one: FastifyInstance;
let other: FastifyInstance;
beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://127.0.0.1:8080', LOG_LEVEL: 'silent' });
  database = await openTestDatabase();
  await seedEssentials(database.db, config);
  await seedDemo(database.db, config.region);
  one = await buildApp(config, { database, logger: false });
  other = await buildApp(config, { database, logger: false });
});
afterAll(async () => {
  await one.close();
  await other.close();
  await database.close();
});

describe('avatar store', () => {
  it('serves an avatar uploaded through one instance from another', async () => {
    const login = await envelopeClient(one).call<TLoginResponse>(calls.session.login, {
      account: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });
    const png = await sharp({ create: { width: 150, height: 150, channels: 3, background: 'green' } })
      .png()
      .toBuffer();
    const boundary = 'ac-store-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const uploaded = await one.inject({
      method: 'POST',
      url: `${httpPaths.avatarUploads[0]}?utoken=${encodeURIComponent(login.data.utoken)}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    const answer = uploaded.json() as { code: string; bizData: { favicon: string } };
    expect(answer.code).toBe(Code.ok);
    const path = new URL(answer.bizData.favicon).pathname;

    const fromOther = await other.inject({ method: 'GET', url: path });
    expect(fromOther.statusCode).toBe(200);
    expect(fromOther.headers['content-type']).toBe('image/png');
    const fromOne = await one.inject({ method: 'GET', url: path });
    expect(fromOther.rawPayload.equals(fromOne.rawPayload)).toBe(true);
    expect(await sharp(fromOther.rawPayload).metadata()).toMatchObject({ format: 'png', width: 150 });
  });

  it('keeps bytes as they are, answers null for a missing file and refuses other names', async () => {
    const store = createDbAvatarStore(database.db);
    const bytes = Buffer.from([0, 1, 2, 253, 254, 255]);
    await store.put('abcdefghijklmnop0123.jpg', bytes);
    expect((await store.get('abcdefghijklmnop0123.jpg'))?.equals(bytes)).toBe(true);
    await store.delete('abcdefghijklmnop0123.jpg');
    expect(await store.get('abcdefghijklmnop0123.jpg')).toBeNull();
    await store.delete('abcdefghijklmnop0123.jpg');
    await expect(store.get('../etc/passwd')).rejects.toThrow(/bad avatar name/);
  });

  it('copies the avatars an earlier version kept on disk, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ac-avatars-'));
    try {
      const png = Buffer.from([137, 80, 78, 71, 1, 2, 3]);
      writeFileSync(join(dir, 'diskAvatarNumberOne.png'), png);
      writeFileSync(join(dir, 'diskAvatarNumberTwo.jpg'), Buffer.from([255, 216, 255, 9]));
      writeFileSync(join(dir, 'notes.txt'), 'not an avatar');
      expect(await importAvatarDirectory(database.db, dir)).toBe(2);
      expect(await importAvatarDirectory(database.db, dir)).toBe(0);
      const store = createDbAvatarStore(database.db);
      expect((await store.get('diskAvatarNumberOne.png'))?.equals(png)).toBe(true);
      const served = await other.inject({ method: 'GET', url: `${httpPaths.avatarPrefix}diskAvatarNumberTwo.jpg` });
      expect(served.headers['content-type']).toBe('image/jpeg');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await importAvatarDirectory(database.db, join(tmpdir(), 'ac-no-such-avatars-dir'))).toBe(0);
  });
});
