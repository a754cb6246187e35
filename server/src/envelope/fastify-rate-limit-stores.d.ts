/** The two stores @fastify/rate-limit ships (plain CommonJS files without types of their own). */
declare module '@fastify/rate-limit/store/*.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';

  const Store: new (
    ...args: unknown[]
  ) => FastifyRateLimitStore & {
    read(
      key: string,
      cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void;
  };
  export default Store;
}
