import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { PAGE_MESSAGES } from '../page-messages';

/** Field builders shared by the request schemas. zod/mini keeps the client bundle small. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * Whether a text holds a control character (C0, DEL or C1: U+0000 to U+001F, U+007F to U+009F),
 * never part of a name, an address or a title; a text of several lines may keep \n, \r and \t.
 */
export function hasControlCharacter(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 ? !(multiline && (code === 0x09 || code === 0x0a || code === 0x0d)) : code >= 0x7f && code <= 0x9f) return true;
  }
  return false;
}

/** The check every free text gets: control characters refused with a clear message. */
export function noControlCharacters(multiline = false) {
  return z.refine<string>((value) => !hasControlCharacter(value, multiline), { message: PAGE_MESSAGES.unusualCharacters });
}

export interface TextOptions {
  /** A text of several lines (a description, a message): \n, \r and \t are allowed. */
  multiline?: boolean;
}

/** A required, trimmed text; `message` is used for a missing, blank or over-long value. */
export function requiredText(message: string, max = 500, options: TextOptions = {}) {
  return z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, `At most ${max} characters.`), noControlCharacters(options.multiline));
}

/** Optional text where a blank value counts as absent (spec: "Empty fields are omitted"). */
export function optionalText(max = 500, options: TextOptions = {}) {
  return z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters.`), noControlCharacters(options.multiline)),
      z.transform((v) => (v === '' ? undefined : v)),
    ),
  );
}

export function emailAddress(missingMessage: string) {
  return z
    .string({ error: missingMessage })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, missingMessage),
      z.maxLength(LIMITS.maxEmailLength, PAGE_MESSAGES.invalidEmail),
      z.email(PAGE_MESSAGES.invalidEmail),
    );
}

export function productId(message: string = MESSAGES.invalidProduct) {
  return z.string({ error: message }).check(z.trim(), z.regex(UUID, message));
}

/** A whole number of items, sent as a number or as a digit string (the spec's guest cart sends strings). */
export function quantity(min: 0 | 1, message: string = MESSAGES.invalidQuantity) {
  return z.pipe(
    z.union([z.number(), z.string()], { error: message }),
    z.transform((value, ctx) => {
      const n = typeof value === 'number' ? value : /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(n) || n < min || n > 10_000) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return n;
    }),
  );
}

/** A positive page number or page size from a query string. */
export function positiveIntParam(max: number) {
  return z.optional(
    z.pipe(
      z.string(),
      z.transform((value, ctx) => {
        const n = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
        if (!Number.isInteger(n) || n < 1 || n > max) {
          ctx.issues.push({ code: 'custom', message: `Must be a whole number from 1 to ${max}.`, input: value });
          return z.NEVER;
        }
        return n;
      }),
    ),
  );
}

/** `?page=&limit=` of admin lists: without them a list answers everything (the spec's behaviour). */
export const pagingShape = {
  page: positiveIntParam(100_000),
  limit: positiveIntParam(LIMITS.maxPageSize),
};
