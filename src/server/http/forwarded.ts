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

/** A host as a browser sends it: a name or address and an optional port, nothing that could break out of a URL. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The shop's address for absolute URLs in a page (link previews, canonical links, JSON-LD, the
 * sitemap): PUBLIC_URL when it is set; else the address the request came to (its Host, or the
 * proxy's X-Forwarded-Host and -Proto with TRUST_PROXY), so a shop run without PUBLIC_URL still
 * names itself as shoppers reach it. A Host that is no host name falls back to PUBLIC_URL's default.
 */
export function siteOrigin(c: Context, config: { publicUrl: string; originFromRequest?: boolean; trustProxy: boolean }): string {
  const configured = new URL(config.publicUrl).origin;
  if (!config.originFromRequest) return configured;
  const host = fromProxy(c, 'x-forwarded-host', config.trustProxy) ?? c.req.header('host');
  if (!host || !HOST.test(host)) return configured;
  const tls = cameOverTls(c, { trustProxy: config.trustProxy, publicUrl: 'http:' });
  return `${tls ? 'https' : 'http'}://${host.toLowerCase()}`;
}
