import type { Context, MiddlewareHandler } from 'hono';
import type * as z from 'zod/mini';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { AppError, badRequest } from '../errors';
import type { AppEnv } from './env';

type Issues = z.core.$ZodIssue[];

export function toErrors(issues: Issues): AppError['errors'] {
  return issues.map((issue) => ({ path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: issue.message }));
}

interface Visit {
  value: unknown;
  key?: string | number;
  parent?: Visit;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value));

/**
 * Where the input holds a text with U+0000, which PostgreSQL text can neither store nor compare (a
 * search with it fails too). Iterative, with paths built only for a find: a body may nest thousands
 * of levels deep.
 */
function nulCharacterPath(input: unknown): (string | number)[] | undefined {
  const pending: Visit[] = [{ value: input }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === 'string' && value.includes('\u0000')) {
      const path: (string | number)[] = [];
      for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key);
      return path;
    }
    const children: [string | number, unknown][] = Array.isArray(value) ? [...value.entries()] : isPlainObject(value) ? Object.entries(value) : [];
    for (const [key, item] of children) pending.push({ value: item, key, parent: visit });
  }
  return undefined;
}

export function parseWith<S extends z.ZodMiniType>(schema: S, value: unknown): z.infer<S> {
  // Before the schema: no field may carry it, whatever its own rules say.
  const nulPath = nulCharacterPath(value);
  if (nulPath) throw badRequest(SERVER_MESSAGES.nulCharacter, [{ path: nulPath, message: SERVER_MESSAGES.nulCharacter }]);
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues;
    throw badRequest(issues[0]?.message ?? 'Invalid input', toErrors(issues));
  }
  return result.data;
}

/**
 * Reads and validates a JSON body. The body is parsed whatever Content-Type says (a missing header
 * must not turn a good request into `{}`); an empty body counts as `{}`.
 */
export async function readJson<S extends z.ZodMiniType>(c: Context, schema: S): Promise<z.infer<S>> {
  let text: string;
  try {
    text = await c.req.text();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(SERVER_MESSAGES.invalidJson);
  }
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest(SERVER_MESSAGES.invalidJson);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badRequest(SERVER_MESSAGES.jsonObjectRequired);
  return parseWith(schema, value);
}

/**
 * readJson as middleware, typed the way Hono's validator is: the handler takes the value with
 * `c.req.valid('json')`, and the route's type tells the typed client (hc) what body it sends.
 */
export function jsonBody<S extends z.ZodMiniType<object>>(
  schema: S,
): MiddlewareHandler<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  return async (c, next) => {
    c.req.addValidatedData('json', await readJson(c, schema));
    await next();
  };
}

/**
 * readQuery as middleware (see jsonBody): `c.req.valid('query')` in the handler. The client writes
 * each parameter as text or a number (written as digits), every one optional to the type: the
 * schema decides what is required.
 */
export function queryOf<S extends z.ZodMiniType<object>>(
  schema: S,
): MiddlewareHandler<AppEnv, string, { in: { query: { [K in keyof z.input<S>]?: string | number } }; out: { query: z.output<S> } }> {
  return async (c, next) => {
    c.req.addValidatedData('query', readQuery(c, schema));
    await next();
  };
}

export function readQuery<S extends z.ZodMiniType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}

/** One multipart or url-encoded form field: text, a file, or several of them when repeated. */
export type FormValue = string | File | (string | File)[];

/** Reads a form body with repeated fields kept; a body that cannot be read is a 400 with `unreadable`. */
export async function readForm(c: Context, unreadable: string): Promise<Record<string, FormValue>> {
  try {
    return (await c.req.parseBody({ all: true })) as Record<string, FormValue>;
  } catch (error) {
    if (error instanceof AppError) throw error; // the body limit's 413
    throw badRequest(unreadable);
  }
}
