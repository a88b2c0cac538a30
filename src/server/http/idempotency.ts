import type { Context } from 'hono';
import { IDEMPOTENCY_KEY } from '@/shared/schemas/orders';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { badRequest } from '../errors';

/** The request's `Idempotency-Key`: one order per key. None is fine (the spec's own client sends none); a malformed one is a 400. */
export function idempotencyKeyOf(c: Context): string | undefined {
  const key = c.req.header('idempotency-key')?.trim();
  if (key === undefined || key === '') return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) throw badRequest(SERVER_MESSAGES.invalidIdempotencyKey);
  return key;
}
