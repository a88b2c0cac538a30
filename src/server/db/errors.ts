import { DrizzleQueryError } from 'drizzle-orm';

/** The error and the causes it wraps (drizzle wraps driver errors: the driver's error is the cause). */
function* chain(error: unknown): Generator<object> {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** PostgreSQL error codes, as both PGlite and node-postgres report them. */
function pgCode(error: unknown): string | undefined {
  for (const current of chain(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';

/** The constraint (or unique index) a violation names, as both drivers report it. */
export function violatedConstraint(error: unknown): string | undefined {
  for (const current of chain(error)) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

/** Socket errors and PostgreSQL's connection failures, shutdowns (57P01-57P03) and "cannot connect now". */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

/**
 * node-postgres's own errors for a connection that died carry no code: a query in flight when the
 * socket closed, the next query on that client (say the ROLLBACK of a transaction whose connection was
 * cut, which then replaces the transaction's own error), a pool that could not connect in time, and
 * a query that had no answer within the pool's query_timeout.
 */
const CONNECTION_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Query read timeout',
];

/** Lost or refused connections: the answer is 503, and the pool reconnects on the next call. */
export function isConnectionError(error: unknown): boolean {
  for (const current of chain(error)) {
    const { code, message, syscall } = current as { code?: unknown; message?: unknown; syscall?: unknown };
    // The embedded server's Unix socket is gone while it is down: a connect that finds no file.
    if (code === 'ENOENT' && syscall === 'connect') return true;
    if (typeof code === 'string') return CONNECTION_CODES.has(code);
    if (typeof message === 'string' && CONNECTION_MESSAGES.includes(message)) return true;
  }
  return false;
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
