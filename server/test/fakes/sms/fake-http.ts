/**
 * Test support: the shared part of the local fakes of the SMS providers'
 * HTTP APIs (aliyun.fake.ts, tencent.fake.ts, twilio.fake.ts). A fake keeps
 * what it accepted, answers `GET /messages` with it (the e2e journeys read
 * codes there), and refuses like the provider does: bad signatures, missing
 * or wrong parameters, numbers in a format the provider does not take, and
 * a number over its daily limit. `refuseConnections` takes it off the
 * network as far as a client can tell: every connection is reset as it
 * opens, before any HTTP answer, until `acceptConnections` (the port stays
 * held, so no other process can take it meanwhile: docs/decisions/0032-suite-speed-and-postgresql-journeys.md).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FakeSms = { to: string; signName?: string; template?: string; params?: unknown; text?: string; at: string };

export type FakeRequest = { method: string; url: URL; headers: IncomingMessage['headers']; body: string };
export type FakeAnswer = { status: number; json: unknown };

export type SmsFake = {
  url: string;
  /** Accepted messages, oldest first. */
  messages: FakeSms[];
  /** Requests refused, with the provider's code (what a test expects to see refused). */
  refused: { code: string; detail: string }[];
  /** The next `n` sends are answered as the provider answers during an outage (a 5xx with its error shape). */
  failNext(n: number): void;
  /** From now on every new connection is reset at once (TCP RST), as from a provider that is down. */
  refuseConnections(): void;
  /** Serves again after `refuseConnections`. */
  acceptConnections(): void;
  /** Connections reset while refusing. */
  readonly connectionsRefused: number;
  /** Sends answered as during an outage (failNext). */
  readonly outageAnswers: number;
  close(): Promise<void>;
};

export type FakeOptions = {
  port?: number;
  host?: string;
  /** Messages a number may receive before the daily-limit refusal (default 10). */
  dailyLimit?: number;
};

/** Counts accepted messages per number; `over` tells whether one more would pass the limit. */
export function dailyCounter(limit: number, messages: FakeSms[]) {
  return { over: (to: string) => messages.filter((m) => m.to === to).length >= limit };
}

export async function startFake(
  options: FakeOptions,
  state: { messages: FakeSms[]; refused: { code: string; detail: string }[] },
  handle: (req: FakeRequest) => FakeAnswer,
  /** The provider's answer while it is unavailable. */
  unavailable: FakeAnswer,
): Promise<SmsFake> {
  let outage = 0;
  let outageAnswers = 0;
  let refusing = false;
  let connectionsRefused = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.local');
      let answer: FakeAnswer;
      if (req.method === 'GET' && url.pathname === '/messages') {
        const to = url.searchParams.get('to');
        answer = { status: 200, json: to ? state.messages.filter((m) => m.to === to) : state.messages };
      } else if (outage > 0) {
        outage -= 1;
        outageAnswers += 1;
        answer = unavailable;
      } else {
        try {
          answer = handle({
            method: req.method ?? 'GET',
            url,
            headers: req.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        } catch (e) {
          answer = { status: 500, json: { error: (e as Error).message } };
        }
      }
      res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(answer.json));
    });
  });
  // before the HTTP parser reads anything: the client sees the connection reset, no answer
  server.on('connection', (socket: Socket) => {
    if (!refusing) return;
    connectionsRefused += 1;
    socket.resetAndDestroy();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages: state.messages,
    refused: state.refused,
    failNext: (n) => {
      outage = n;
    },
    refuseConnections: () => {
      refusing = true;
    },
    acceptConnections: () => {
      refusing = false;
    },
    get outageAnswers() {
      return outageAnswers;
    },
    get connectionsRefused() {
      return connectionsRefused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
