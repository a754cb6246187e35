/** Recognises PostgreSQL errors by SQLSTATE, on node-postgres and PGlite alike. */

function sqlState(e: unknown): string | undefined {
  for (let err = e as { code?: unknown; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code)) return err.code;
  }
  return undefined;
}

/** 23505: a unique index refused the row. */
export function isUniqueViolation(e: unknown): boolean {
  return sqlState(e) === '23505';
}

/**
 * SQLSTATE classes of a database that is gone for the moment: 08 (connection
 * exception), 57P01-57P03 (shut down by an administrator, crash shutdown,
 * cannot connect now: starting up or shutting down).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3])$/;
/** node-postgres' own words when there is no connection to run a query on. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
];
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The database cannot be reached (restarting, down, network): the request
 * may succeed a moment later, unlike any other failure. Walks the causes
 * drizzle wraps around the driver's error.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  const state = sqlState(e);
  if (state) return UNAVAILABLE_STATES.test(state);
  for (
    let err = e as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
    err;
    err = err.cause as typeof err
  ) {
    if (typeof err.code === 'string' && UNAVAILABLE_ERRNOS.has(err.code)) return true;
    if (typeof err.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => (err.message as string).includes(m))) {
      return true;
    }
    if (err instanceof AggregateError && err.errors.some((x) => isDatabaseUnavailable(x))) return true;
  }
  return false;
}
