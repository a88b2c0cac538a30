/**
 * 128 random bits as hex; `getRandomValues` works outside secure contexts too (a shop on a LAN
 * address). Its own module: the outbox (in the start-up code) needs it, the checkout store does not
 * need to start with the app.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `co-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
