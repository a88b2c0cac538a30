import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * What our proxy says about a request, read only when TRUST_PROXY says one stands in front. A proxy
 * appends the address it saw to X-Forwarded-For, after whatever the client sent: only the last entry
 * is the proxy's own word (the first is the client's, and it can write anything there).
 */
function fromProxy(c: Context, header: string, trustProxy: boolean): string | undefined {
  if (!trustProxy) return undefined;
  return c.req.header(header)?.split(',').at(-1)?.trim() || undefined;
}

/** The caller's address for rate limits. */
export function clientIp(c: Context, trustProxy: boolean): string {
  const forwarded = fromProxy(c, 'x-forwarded-for', trustProxy);
  if (forwarded) return forwarded.slice(0, 64);
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}

/**
 * Whether the shopper's browser reached us over TLS: the proxy's X-Forwarded-Proto when it sends one,
 * else the request's own scheme, else the shop's public address (TLS ended in front of us).
 */
export function cameOverTls(c: Context, options: { trustProxy: boolean; publicUrl: string }): boolean {
  const forwardedProto = fromProxy(c, 'x-forwarded-proto', options.trustProxy);
  if (forwardedProto) return forwardedProto.toLowerCase() === 'https';
  return c.req.url.startsWith('https:') || options.publicUrl.startsWith('https:');
}
