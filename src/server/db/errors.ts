import { DrizzleQueryError } from 'drizzle-orm';

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

/**
 * An error as a log line may hold it. A failed query's message lists its parameters (names, e-mail
 * and home addresses, password hashes, a guest's order token kept for replays): only the statement,
 * the driver's message and where it was thrown are kept.
 */
export function errorForLog(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (!(error instanceof DrizzleQueryError)) return error.stack ?? error.message;
  const cause = error.cause instanceof Error ? error.cause.message : String(error.cause ?? 'no cause');
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return [`Failed query: ${error.query}`, `cause: ${cause}`, ...frames].join('\n');
}
