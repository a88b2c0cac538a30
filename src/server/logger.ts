export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** Field names whose values never reach a log line, whatever a caller passes. */
const SECRET_FIELD = /pass(word)?|token|secret|authorization|cookie|hash/i;

function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) out[key] = SECRET_FIELD.test(key) ? '[redacted]' : value;
  return out;
}

/** One JSON object per line on stdout, the shape log collectors expect. */
export function createLogger(level: LogLevel = 'info', write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Logger {
  const emit =
    (at: LogLevel) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[at] < ORDER[level]) return;
      write(JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...redact(fields) }));
    };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
