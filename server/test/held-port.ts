/**
 * A port for a test server without the free-port race: a socket listening on
 * port 0 (the system picks a free port) is held open until the app listens on
 * that very socket, so nothing else can take the port in between. Use it when
 * the app must know its own URL (PUBLIC_URL, SERVER_NODES) before it listens.
 */

import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';

async function listening(server: Server) {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

export async function holdPort() {
  const holder = createServer();
  const port = await listening(holder);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    /** The app listens on the held socket (closed with the app). */
    async serve(app: FastifyInstance) {
      // `handle` is net.Server.listen's option for an existing listening socket
      const handle = (holder as unknown as { _handle: object })._handle;
      await app.listen({ handle, host: '127.0.0.1' } as FastifyListenOptions);
    },
  };
}

/**
 * A node that is down behind its proxy: every request is answered at once with
 * 503 and the connection closed. Unlike a port picked free and closed again, no
 * other process can take it while the test uses it.
 */
export async function deadPort() {
  const server = createHttpServer((_req, res) => {
    res.writeHead(503, { connection: 'close', 'content-type': 'text/plain' }).end('service unavailable');
  });
  const port = await listening(server);
  return { port, url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}
