/**
 * Floor A: a bare Fastify server answering a small JSON POST, the ceiling of
 * any Fastify route on this machine. Independent of the server code; the
 * bench starts it as its own process: `tsx floor-a.ts <port>`.
 */
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 8421);
const app = Fastify({ logger: false });
app.post('/floor', async (req) => ({ code: '0', msg: 'ok', bizData: { echo: (req.body as { data?: string }).data } }));
await app.listen({ port, host: '127.0.0.1' });
