/**
 * Deployment settings from the environment: the PostgreSQL pool (size,
 * statement timeout, TLS), the HTTP server's timeouts and the token that
 * guards /metrics. Spread into config.ts's schema like the payment and
 * OAuth variables; a wrong value stops the server naming the variable.
 */
import { z } from 'zod';

const millis = (max: number) => z.coerce.number().int().min(0).max(max);

export const deployEnvShape = {
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** 0 = no limit. */
  DATABASE_STATEMENT_TIMEOUT_MS: millis(3_600_000).default(15_000),
  /** off: plain TCP; require: TLS without checking the certificate; verify: TLS with the certificate checked. */
  DATABASE_SSL: z.enum(['off', 'require', 'verify']).default('off'),
  /** Whole request (headers and body) must arrive within it; 0 = no limit. */
  REQUEST_TIMEOUT_MS: millis(600_000).default(30_000),
  /** Idle keep-alive connections close after it: above the load balancer's idle timeout (60 s on most). */
  KEEP_ALIVE_TIMEOUT_MS: millis(600_000).default(72_000),
  /** Socket inactivity timeout; 0 = none (the request and keep-alive timeouts bound connections). */
  CONNECTION_TIMEOUT_MS: millis(3_600_000).default(0),
  /** Bearer token for GET /metrics; without it /metrics answers loopback requests only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
};
type DeployEnv = z.infer<z.ZodObject<typeof deployEnvShape>>;

export type DatabaseSsl = DeployEnv['DATABASE_SSL'];

export type DeployConfig = {
  database: { poolSize: number; statementTimeoutMs: number; ssl: DatabaseSsl };
  http: { requestTimeoutMs: number; keepAliveTimeoutMs: number; connectionTimeoutMs: number };
  metricsToken: string | undefined;
};

export function deployConfig(e: DeployEnv): DeployConfig {
  return {
    database: {
      poolSize: e.DATABASE_POOL_SIZE,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      ssl: e.DATABASE_SSL,
    },
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
    },
    metricsToken: e.METRICS_TOKEN,
  };
}
