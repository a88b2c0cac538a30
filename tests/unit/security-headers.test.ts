import { DrizzleQueryError } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorForLog } from '@/server/db/errors';
import { securityHeaders } from '@/server/http/security-headers';

/** A bare app with only the middleware, as the server would be deployed behind (or without) a proxy. */
function appWith(config: { trustProxy: boolean; publicUrl: string }) {
  const app = new Hono();
  app.use(securityHeaders(config));
  app.get('*', (c) => c.text('ok'));
  return (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });
}

const hsts = async (answer: Response | Promise<Response>) => (await answer).headers.get('strict-transport-security');

describe('Strict-Transport-Security only when the browser came over TLS', () => {
  it('follows the trusted proxy: X-Forwarded-Proto https sends it, http never does', async () => {
    const request = appWith({ trustProxy: true, publicUrl: 'http://localhost:3000' });
    expect(await hsts(request('/', { 'x-forwarded-proto': 'https' }))).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts(request('/', { 'x-forwarded-proto': 'HTTPS' }))).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts(request('/', { 'x-forwarded-proto': 'http' }))).toBeNull();
    expect(await hsts(request('/'))).toBeNull();
    // A proxy that appends: its own entry (the last) decides, not what the client put first.
    expect(await hsts(request('/', { 'x-forwarded-proto': 'https, http' }))).toBeNull();
  });

  it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const request = appWith({ trustProxy: false, publicUrl: 'http://shop.local:3000' });
    expect(await hsts(request('/', { 'x-forwarded-proto': 'https' }))).toBeNull();
    expect(await hsts(request('http://shop.local/'))).toBeNull();
    // TLS ended in this very process.
    expect(await hsts(request('https://shop.local/'))).toBe('max-age=31536000; includeSubDomains');
  });

  it('trusts an https public address (TLS ends in front of the server), unless the proxy says plain http', async () => {
    expect(await hsts(appWith({ trustProxy: false, publicUrl: 'https://shop.example.com' })('/'))).toBe('max-age=31536000; includeSubDomains');
    const behindProxy = appWith({ trustProxy: true, publicUrl: 'https://shop.example.com' });
    expect(await hsts(behindProxy('/'))).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts(behindProxy('/', { 'x-forwarded-proto': 'http' }))).toBeNull();
  });
});

describe('errorForLog', () => {
  it("keeps a failed query's statement and cause, never its parameters", () => {
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['ama@example.com', '$argon2id$v=19$secret-hash'],
      new Error('connection terminated'),
    );
    const line = errorForLog(error);
    expect(line).toContain('insert into "users"');
    expect(line).toContain('connection terminated');
    expect(line).toMatch(/\n\s+at /); // where it was thrown
    expect(line).not.toContain('ama@example.com');
    expect(line).not.toContain('argon2');
  });

  it('keeps any other error whole', () => {
    const error = new Error('boom');
    expect(errorForLog(error)).toBe(error.stack);
    expect(errorForLog('plain')).toBe('plain');
  });
});
