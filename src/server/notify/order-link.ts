import { timingSafeEqual } from 'node:crypto';
import { sign } from '../secret';

/** How long a link in a message opens its order. */
export const ORDER_LINK_DAYS = 30;
const DAY_MS = 86_400_000;
/** Days are counted from here, so two bytes last until 2199. */
const EPOCH_MS = Date.UTC(2020, 0, 1);
const SIGNATURE_CHARS = 12;

/**
 * The short code in a message's order link (`/o/{code}`): the order's id and the last day the link
 * works, signed with the shop's one server secret (ARCHITECTURE §8b) under its own purpose. 36
 * characters, nothing stored; it opens that one order read-only.
 */
export function orderLinkCode(secret: Buffer, orderId: string, now: Date): string {
  const payload = Buffer.alloc(18);
  Buffer.from(orderId.replaceAll('-', ''), 'hex').copy(payload, 0);
  payload.writeUInt16BE(Math.floor((now.getTime() - EPOCH_MS) / DAY_MS) + ORDER_LINK_DAYS, 16);
  const body = payload.toString('base64url');
  return body + sign(secret, 'order-link', body).slice(0, SIGNATURE_CHARS);
}

/** The order a code opens, or undefined when it is malformed, forged or past its last day. */
export function orderIdOfLink(secret: Buffer, code: string, now: Date): string | undefined {
  if (!/^[A-Za-z0-9_-]{36}$/.test(code)) return undefined;
  const body = code.slice(0, 24);
  const expected = Buffer.from(sign(secret, 'order-link', body).slice(0, SIGNATURE_CHARS));
  if (!timingSafeEqual(expected, Buffer.from(code.slice(24)))) return undefined;
  const payload = Buffer.from(body, 'base64url');
  const lastDay = payload.readUInt16BE(16);
  if (Math.floor((now.getTime() - EPOCH_MS) / DAY_MS) > lastDay) return undefined;
  const hex = payload.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a URL points at this machine or a private network (localhost, loopback, a private, link-local
 * or unspecified IPv4 or IPv6 address), or is no URL at all: a link to it in a message would open
 * nothing on the shopper's phone.
 */
export function isLocalAddress(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return true;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host.startsWith('[')) {
    const v6 = host.slice(1, -1);
    return v6 === '::1' || v6 === '::' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith('::ffff:');
  }
  const v4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (!v4) return false;
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}
