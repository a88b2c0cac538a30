import { describe, expect, it } from 'vitest';
import { imagesFromOtherOrigins, otherWidthWhenMissing } from '../../sw/images';
import { isProductImageUrl } from '../../sw/routes';

const KEY = '0123456789abcdef0123456789abcdef';
/** The plugin never reads the fetch event. */
const workerEvent = {} as Parameters<NonNullable<ReturnType<typeof imagesFromOtherOrigins>['requestWillFetch']>>[0]['event'];
const SHOP = 'https://shop.example.com';
const CDN_IMAGE = `https://cdn.example.com/shop/${KEY}-640.webp`;

describe("the service worker's image route", () => {
  it("keeps the shop's /uploads and, on another origin, only a stored WebP's URL (the CDN's)", () => {
    expect(isProductImageUrl(new URL(`${SHOP}/uploads/${KEY}-640.webp`), true)).toBe(true);
    expect(isProductImageUrl(new URL(`${SHOP}/assets/logo.webp`), true)).toBe(false);
    expect(isProductImageUrl(new URL(CDN_IMAGE), false)).toBe(true);
    expect(isProductImageUrl(new URL(`https://cdn.example.com/${KEY}-1200.webp`), false)).toBe(true);
    for (const other of [
      `https://cdn.example.com/shop/${KEY}-share.jpg`,
      `https://cdn.example.com/shop/${KEY}-640.webp?x=1`,
      'https://fonts.example.com/a.webp',
      `https://cdn.example.com/api/${KEY}`,
    ]) {
      expect(isProductImageUrl(new URL(other), false), other).toBe(false);
    }
  });

  it('asks the CDN with CORS (a plain answer it can check and keep) and leaves its own requests as they are', async () => {
    const plugin = imagesFromOtherOrigins(SHOP, async () => new Response('opaque'));
    const event = workerEvent;
    const asked = await plugin.requestWillFetch?.({ request: new Request(CDN_IMAGE, { mode: 'no-cors', credentials: 'include' }), event });
    expect([asked?.url, asked?.mode, asked?.credentials]).toEqual([CDN_IMAGE, 'cors', 'omit']);
    const own = new Request(`${SHOP}/uploads/${KEY}-640.webp`, { mode: 'no-cors' });
    expect(await plugin.requestWillFetch?.({ request: own, event })).toBe(own);
  });

  it('a CDN without CORS headers: the image is fetched as the page asked (shown, not kept), and later requests skip CORS', async () => {
    const fetched: Request[] = [];
    const plugin = imagesFromOtherOrigins(SHOP, async (request) => {
      fetched.push(request);
      return new Response('image bytes');
    });
    const event = workerEvent;
    const request = new Request(CDN_IMAGE, { mode: 'no-cors' });
    const answer = await plugin.handlerDidError?.({ request, event, error: new TypeError('Failed to fetch') });
    expect(await answer?.text()).toBe('image bytes');
    expect(fetched.map((r) => [r.url, r.mode])).toEqual([[CDN_IMAGE, 'no-cors']]);
    expect((await plugin.requestWillFetch?.({ request, event }))?.mode).toBe('no-cors');
    // The shop's own images have no fallback: offline, the cached copy or the error stands.
    expect(await plugin.handlerDidError?.({ request: new Request(`${SHOP}/uploads/${KEY}-640.webp`), event, error: new TypeError('offline') })).toBeUndefined();
  });

  it('offline: the fallback fails too, the error stands, and the CDN is still asked with CORS next time', async () => {
    const plugin = imagesFromOtherOrigins(SHOP, async () => {
      throw new TypeError('Failed to fetch');
    });
    const event = workerEvent;
    const request = new Request(CDN_IMAGE, { mode: 'no-cors' });
    expect(await plugin.handlerDidError?.({ request, event, error: new TypeError('Failed to fetch') })).toBeUndefined();
    expect((await plugin.requestWillFetch?.({ request, event }))?.mode).toBe('cors');
  });
});

describe('offline, a width of an image the phone never fetched', () => {
  /** The worker's image cache holding `kept` (URL → body), as CacheStorage answers `match` with ignoreVary. */
  const storageWith = (kept: Record<string, string>) => {
    const asked: string[] = [];
    const storage = {
      open: async () =>
        ({
          match: async (url: string, options?: CacheQueryOptions) => {
            asked.push(url);
            expect(options?.ignoreVary).toBe(true);
            return kept[url] === undefined ? undefined : new Response(kept[url]);
          },
        }) as unknown as Cache,
    };
    return { storage, asked };
  };
  const failedFor = async (plugin: ReturnType<typeof otherWidthWhenMissing>, url: string) =>
    plugin.handlerDidError?.({ request: new Request(url), event: workerEvent, error: new TypeError('Failed to fetch') });

  it("is answered with a width kept of the same image: the product page's 1200 and 320 px with the listing's 640", async () => {
    const { storage } = storageWith({ [`${SHOP}/uploads/${KEY}-640.webp`]: 'the 640 px image' });
    const plugin = otherWidthWhenMissing('product-images-v1', [320, 640, 1200], storage);
    expect(await (await failedFor(plugin, `${SHOP}/uploads/${KEY}-1200.webp`))?.text()).toBe('the 640 px image');
    expect(await (await failedFor(plugin, `${SHOP}/uploads/${KEY}-320.webp`))?.text()).toBe('the 640 px image');
    expect(await (await failedFor(plugin, `https://cdn.example.com/shop/${KEY}-1200.webp`))?.text()).toBeUndefined();
  });

  it('prefers the nearest larger width, else the largest smaller one; with none kept the error stands', async () => {
    const { storage, asked } = storageWith({ [`${SHOP}/uploads/${KEY}-320.webp`]: '320', [`${SHOP}/uploads/${KEY}-1200.webp`]: '1200' });
    const plugin = otherWidthWhenMissing('product-images-v1', [320, 640, 1200], storage);
    expect(await (await failedFor(plugin, `${SHOP}/uploads/${KEY}-640.webp`))?.text()).toBe('1200');
    expect(asked).toEqual([`${SHOP}/uploads/${KEY}-1200.webp`]);
    const none = storageWith({});
    expect(await failedFor(otherWidthWhenMissing('product-images-v1', [320, 640, 1200], none.storage), `${SHOP}/uploads/${KEY}-640.webp`)).toBeUndefined();
    expect(none.asked).toEqual([`${SHOP}/uploads/${KEY}-1200.webp`, `${SHOP}/uploads/${KEY}-320.webp`]);
    // Not a stored image's URL: nothing to look for.
    expect(await failedFor(plugin, `${SHOP}/uploads/logo.png`)).toBeUndefined();
  });
});
