import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import type { TUserDetail } from '@ac/protocol/profile';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoAppForTests } from '../../../test/demo-app.ts';
import { auditLog, avatarFiles } from '../../db/schema/index.ts';

const UPLOAD = httpPaths.avatarUploads[0];

const { t, demo } = demoAppForTests();

const image = (size: number, height = size) =>
  sharp({ create: { width: size, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

function form(data: Buffer, filename: string, type: string, field = 'file') {
  const boundary = `----ac${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(data: Buffer, filename: string, opts: { type?: string; field?: string; path?: string } = {}) {
  const body = form(data, filename, opts.type ?? 'image/jpeg', opts.field);
  const res = await t.app.inject({
    method: 'POST',
    url: `${opts.path ?? UPLOAD}?utoken=${encodeURIComponent(demo.token)}`,
    ...body,
  });
  return { status: res.statusCode, ...(res.json() as { code: string; msg: string; bizData?: { favicon: string } }) };
}

const storedFiles = async () => (await t.db.select({ name: avatarFiles.name }).from(avatarFiles)).map((r) => r.name);

describe('avatar upload', () => {
  it('accepts a PNG named .jpg (it is an image), re-encodes it and serves it', async () => {
    const res = await upload(await image(150).png().toBuffer(), 'me.jpg');
    expect(res.code).toBe(Code.ok);
    expect(res.bizData!.favicon).toMatch(/^http:\/\/127\.0\.0\.1:8080\/avatars\/[\w-]{43}\.png$/);
    const detail = await t.client.call<TUserDetail>(calls.profile.getUserDetail, {}, { token: demo.token });
    expect(detail.data.favicon).toBe(res.bizData!.favicon);

    const file = await t.app.inject({ method: 'GET', url: new URL(res.bizData!.favicon).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 150, height: 150 });
  });

  it('refuses an HTML file named .png, whatever its declared type', async () => {
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const res = await upload(html, 'cat.png', { type: 'image/png' });
    expect(res.code).toBe(Code.avatarType);
    const gif = await image(150).gif().toBuffer();
    expect((await upload(gif, 'a.png', { type: 'image/png' })).code).toBe(Code.avatarType);
  });

  it('refuses files of 2 MB and more', async () => {
    const big = Buffer.concat([await image(150).png().toBuffer(), Buffer.alloc(2.1 * 1024 * 1024, 7)]);
    const res = await upload(big, 'big.png', { type: 'image/png' });
    expect(res.code).toBe(Code.avatarTooLarge);
  });

  it('refuses sizes other than 150, 200 or 300 px squares', async () => {
    for (const [w, h] of [
      [160, 160],
      [150, 200],
      [600, 600],
    ] as const) {
      const res = await upload(await image(w, h).jpeg().toBuffer(), 'x.jpg');
      expect(res.code, `${w}x${h}`).toBe(Code.avatarDimensions);
    }
  });

  it('strips EXIF and other metadata', async () => {
    const withExif = await image(200)
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCamMaker', Copyright: 'Private Person' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    expect(withExif.includes('SecretCamMaker')).toBe(true);
    const res = await upload(withExif, 'photo.jpeg');
    expect(res.code).toBe(Code.ok);
    const file = await t.app.inject({ method: 'GET', url: new URL(res.bizData!.favicon).pathname });
    expect(file.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(200);
    expect(file.rawPayload.includes('SecretCamMaker')).toBe(false);
  });

  it('keeps one file per user: the previous avatar is deleted', async () => {
    expect(await storedFiles()).toHaveLength(1);
    const res = await upload(await image(300).png().toBuffer(), 'new.png', { path: httpPaths.avatarUploads[1] });
    expect(res.code).toBe(Code.ok);
    expect(await storedFiles()).toEqual([new URL(res.bizData!.favicon).pathname.split('/').pop()]);
  });

  it('needs a session, the utoken or the ticket cookie', async () => {
    const body = form(await image(150).png().toBuffer(), 'a.png', 'image/png');
    const anon = await t.app.inject({ method: 'POST', url: UPLOAD, ...body });
    expect(anon.json()).toMatchObject({ code: Code.sessionExpired });
    const byCookie = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      cookies: { gstarsso_ticket: demo.token },
      ...body,
    });
    expect(byCookie.json()).toMatchObject({ code: Code.ok });
  });

  it('asks for the file when there is none or it is under another name', async () => {
    const png = await image(150).png().toBuffer();
    expect((await upload(png, 'a.png', { field: 'avatar' })).code).toBe(Code.avatarMissing);
    expect((await upload(Buffer.alloc(0), 'a.png')).code).toBe(Code.avatarMissing);
    const json = await t.app.inject({
      method: 'POST',
      url: `${UPLOAD}?utoken=${demo.token}`,
      payload: { file: 'x' },
    });
    expect(json.json()).toMatchObject({ code: Code.avatarMissing });
  });

  it('answers an unreadable form 0000003, not a 500 (found by the fuzz suite)', async () => {
    const png = await image(150).png().toBuffer();
    const part = `Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const broken = [
      // no boundary, an empty one, a body ending inside the part
      { type: 'multipart/form-data', body: Buffer.from('--x--\r\n') },
      { type: 'multipart/form-data; boundary=', body: Buffer.from('--fuzz--\r\n') },
      { type: 'multipart/form-data; boundary=x', body: Buffer.concat([Buffer.from(`--x\r\n${part}`), png]) },
    ];
    const before = await storedFiles();
    for (const { type, body } of broken) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${UPLOAD}?utoken=${demo.token}`,
        headers: { 'content-type': type },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: Code.badEnvelope });
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 404 for unknown or malformed avatar names', async () => {
    for (const name of ['AAAAAAAAAAAAAAAAAAAAAAAA.png', '..%2F..%2Fetc%2Fpasswd', 'x.svg']) {
      const res = await t.app.inject({ method: 'GET', url: `/avatars/${name}` });
      expect(res.statusCode, name).toBe(404);
    }
  });

  it('audits each upload', async () => {
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.event, 'avatar.uploaded'));
    expect(rows.length).toBe(4);
    expect(rows[0]).toMatchObject({ ip: '127.0.0.1', detail: { type: 'image/png' } });
  });
});
