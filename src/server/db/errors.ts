/** PostgreSQL error codes, as both PGlite and node-postgres report them. */
function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  // drizzle wraps driver errors; the code sits on the cause.
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
export const isCheckViolation = (error: unknown) => pgCode(error) === '23514';
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === '23503';
/** Lost or refused connections: the answer is 503, and the pool reconnects on the next call. */
export function isConnectionError(error: unknown): boolean {
  const code = pgCode(error);
  return code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === '57P01' || code === '57P03' || code === '08006' || code === '08003' || code === '08001';
}
