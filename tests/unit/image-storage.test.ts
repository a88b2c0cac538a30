import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/server/config';
import { securityHeaders } from '@/server/http/security-headers';
import { imageKeyOfUrl, storedFileUrl, withImageBase } from '@/server/services/catalogue/image-urls';
import { describeLocation, parseStorageUrl } from '@/server/storage-url';
import { shareImageOf, srcSetOf } from '@/shared/product-images';

const KEY = '0123456789abcdef0123456789abcdef';

describe('STORAGE_URL', () => {
  it('reads MinIO-style path-style addresses: credentials, host and port, bucket, prefix, region, plain http', () => {
    expect(parseStorageUrl('s3://minio-key:minio%2Fsecret%40x@minio.internal:9000/shop-images/nkuto/live?region=eu-west-2&tls=false')).toEqual({
      endpoint: 'http://minio.internal:9000',
      region: 'eu-west-2',
      bucket: 'shop-images',
      prefix: 'nkuto/live',
      forcePathStyle: true,
      credentials: { accessKeyId: 'minio-key', secretAccessKey: 'minio/secret@x' },
    });
  });

  it("takes AWS's virtual-host style with pathStyle=false, and the SDK's own credentials when the URL has none", () => {
    const aws = parseStorageUrl('s3://s3.eu-west-1.amazonaws.com/nkuto-images?region=eu-west-1&pathStyle=false');
    expect(aws).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      bucket: 'nkuto-images',
      prefix: '',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(describeLocation(aws)).toBe('s3://nkuto-images at https://s3.eu-west-1.amazonaws.com');
    expect(parseStorageUrl('s3://k:s@minio:9000/b-1').region).toBe('us-east-1');
  });

  it('stops the start with one line naming what is wrong, never the secret', () => {
    const problems = [
      ['https://k:s@host/bucket', /STORAGE_URL: must start with s3:\/\//],
      ['s3://k:s@host', /STORAGE_URL: must name a bucket/],
      ['s3://k:s@host/Bad_Bucket', /STORAGE_URL: must name a bucket/],
      ['s3://k:s@host/bucket?region=x&bogus=1', /STORAGE_URL: knows no option bogus/],
      ['s3://k:s@host/bucket?tls=maybe', /STORAGE_URL: tls must be true or false/],
      ['s3://onlykey@host/bucket', /STORAGE_URL: must give both the access key and the secret/],
      ['not a url', /STORAGE_URL: must be a URL/],
    ] as const;
    for (const [value, message] of problems) {
      let thrown = '';
      try {
        parseEnv({ STORAGE_URL: value });
      } catch (error) {
        thrown = (error as Error).message;
      }
      expect(thrown, value).toMatch(message);
      expect(thrown).not.toContain(':s@');
    }
  });
});

describe('STORAGE_PUBLIC_URL', () => {
  it('is an http(s) base without a trailing slash, query or credentials', () => {
    expect(parseEnv({ STORAGE_PUBLIC_URL: 'https://cdn.example.com/shop/' }).STORAGE_PUBLIC_URL).toBe('https://cdn.example.com/shop');
    expect(parseEnv({ STORAGE_PUBLIC_URL: 'https://CDN.example.com' }).STORAGE_PUBLIC_URL).toBe('https://cdn.example.com');
    expect(() => parseEnv({ STORAGE_PUBLIC_URL: 'ftp://cdn.example.com' })).toThrowError(/STORAGE_PUBLIC_URL: must be an http/);
    expect(() => parseEnv({ STORAGE_PUBLIC_URL: 'https://cdn.example.com/x?v=1' })).toThrowError(/STORAGE_PUBLIC_URL: must have no \?query/);
    expect(() => parseEnv({ STORAGE_PUBLIC_URL: 'https://u:p@cdn.example.com' })).toThrowError(/STORAGE_PUBLIC_URL: must not carry credentials/);
  });

  it('image URLs take the base of the request being answered, and /uploads outside one', async () => {
    expect(storedFileUrl(`${KEY}-640.webp`)).toBe(`/uploads/${KEY}-640.webp`);
    const inside = await withImageBase('https://cdn.example.com/shop', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return storedFileUrl(`${KEY}-640.webp`);
    });
    expect(inside).toBe(`https://cdn.example.com/shop/${KEY}-640.webp`);
    expect(storedFileUrl(`${KEY}-640.webp`)).toBe(`/uploads/${KEY}-640.webp`);
  });

  it('the URLs a client sends back name their key at any base; share and srcset follow the base', () => {
    for (const url of [
      `/uploads/${KEY}-640.webp`,
      `https://shop.example.com/uploads/${KEY}-320.webp`,
      `https://cdn.example.com/shop/${KEY.toUpperCase()}-1200.webp?v=2`,
      KEY,
    ]) {
      expect(imageKeyOfUrl(url) ?? (url === KEY ? KEY : undefined), url).toBe(KEY);
    }
    expect(imageKeyOfUrl('https://example.com/logo.png')).toBeUndefined();
    expect(shareImageOf(`https://cdn.example.com/shop/${KEY}-640.webp`)).toBe(`https://cdn.example.com/shop/${KEY}-share.jpg`);
    expect(shareImageOf(`/uploads/${KEY}-640.webp`)).toBe(`/uploads/${KEY}-share.jpg`);
    expect(shareImageOf('https://cdn.example.com/logo-640.webp')).toBeUndefined();
    expect(srcSetOf(`https://cdn.example.com/shop/${KEY}-640.webp`)).toBe(
      `https://cdn.example.com/shop/${KEY}-320.webp 320w, https://cdn.example.com/shop/${KEY}-640.webp 640w, https://cdn.example.com/shop/${KEY}-1200.webp 1200w`,
    );
  });

  it("the CSP lets images (and the service worker's fetch of them) come from its origin only; /uploads may be embedded cross-origin", async () => {
    const answer = async (imagePublicUrl: string | undefined, url: string) => {
      const app = new Hono();
      app.use(securityHeaders({ trustProxy: false, publicUrl: 'https://shop.example.com', imagePublicUrl }));
      app.get('*', (c) => c.text('ok'));
      return (await app.request(url)).headers;
    };
    const withCdn = await answer('https://cdn.example.com/shop', '/products');
    expect(withCdn.get('content-security-policy')).toContain(
      "img-src 'self' data: blob: https://cdn.example.com; font-src 'self'; connect-src 'self' https://cdn.example.com;",
    );
    expect(withCdn.get('cross-origin-resource-policy')).toBe('same-origin');
    expect((await answer('https://cdn.example.com/shop', `/uploads/${KEY}-640.webp`)).get('cross-origin-resource-policy')).toBe('cross-origin');
    const without = await answer(undefined, `/uploads/${KEY}-640.webp`);
    expect(without.get('content-security-policy')).toContain("img-src 'self' data: blob:; font-src 'self'; connect-src 'self';");
    expect(without.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});
