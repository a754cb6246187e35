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
