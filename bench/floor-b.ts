/**
 * Floor B: floor A plus the envelope's own work, with node:crypto: the
 * request's `data` (about 200 bytes) decrypted with AES-128-ECB and parsed,
 * an answer of about 500 bytes serialised and encrypted. Nothing else (no
 * database, no session): what any encrypted call costs at least. Independent
 * of the server code; `tsx floor-b.ts <port>`.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { keyFromSecret } from '@ac/protocol/envelope';
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 8422);
const app = Fastify({ logger: false });

const answer = {
  utoken: 'x'.repeat(43),
  userInfo: { id: '00000000-0000-4000-8000-000000000000', name: 'demo', nickName: 'Demo User' },
  storage: { total: 1073741824, used: 0, surplus: 1073741824, free: 1073741824 },
  filler: 'y'.repeat(220),
};

app.post('/floor', async (req) => {
  const body = req.body as { data: string; secret: string };
  const key = Buffer.from(keyFromSecret(body.secret), 'utf8');
  const decipher = createDecipheriv('aes-128-ecb', key, null);
  const payload = JSON.parse(
    Buffer.concat([decipher.update(Buffer.from(body.data, 'base64')), decipher.final()]).toString('utf8'),
  );
  const cipher = createCipheriv('aes-128-ecb', key, null);
  const plain = Buffer.from(JSON.stringify({ ...answer, echo: payload.n }), 'utf8');
  return { code: '0', msg: 'ok', bizData: Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64') };
});
await app.listen({ port, host: '127.0.0.1' });
