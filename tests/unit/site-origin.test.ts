import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { siteOrigin } from '@/server/http/forwarded';

/** The origin a request to this app gets, under a config. */
async function originFor(config: Parameters<typeof siteOrigin>[1], headers: Record<string, string>, url = 'http://localhost/') {
  const app = new Hono().get('/', (c) => c.text(siteOrigin(c, config)));
  return (await app.request(url, { headers })).text();
}

describe('siteOrigin: the address pages name the shop by', () => {
  const unset = { publicUrl: 'http://localhost:3000', originFromRequest: true, trustProxy: false };

  it('is PUBLIC_URL when it is set, whatever the request says', async () => {
    expect(await originFor({ publicUrl: 'https://shop.example.com/', trustProxy: true }, { host: 'other.example', 'x-forwarded-host': 'x.example' })).toBe(
      'https://shop.example.com',
    );
  });

  it('is the request’s host without PUBLIC_URL', async () => {
    expect(await originFor(unset, { host: 'nkuto.local:8080' })).toBe('http://nkuto.local:8080');
    expect(await originFor(unset, { host: '192.168.1.20:3000' })).toBe('http://192.168.1.20:3000');
  });

  it('reads the proxy’s forwarded host and scheme only with TRUST_PROXY', async () => {
    const forwarded = { host: '127.0.0.1:3000', 'x-forwarded-host': 'shop.example.gh', 'x-forwarded-proto': 'https' };
    expect(await originFor({ ...unset, trustProxy: true }, forwarded)).toBe('https://shop.example.gh');
    expect(await originFor(unset, forwarded)).toBe('http://127.0.0.1:3000');
  });

  it('falls back to the default address for a Host that is no host name', async () => {
    expect(await originFor(unset, { host: 'evil.example/"><script>' })).toBe('http://localhost:3000');
    expect(await originFor(unset, { host: 'a b' })).toBe('http://localhost:3000');
  });
});
