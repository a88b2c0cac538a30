import { describe, expect, it } from 'vitest';
import { pageUrl } from '@/server/http/pages';
import { createPageCache, encodePage } from '@/server/services/catalogue/page-cache';

describe('the rendered-page cache', () => {
  const counting = () => {
    const made: string[] = [];
    return {
      made,
      render: (key: string) => async () => {
        made.push(key);
        return encodePage(200, `<p>${key}</p>`);
      },
    };
  };

  it('keeps at most its number of pages, dropping the least recently used', async () => {
    const cache = createPageCache({ maxEntries: 2, maxBytes: 10_000_000 });
    const { made, render } = counting();
    for (const key of ['a', 'b', 'a', 'c', 'a', 'b']) await cache.get(key, render(key));
    // 'b' went when 'c' came ('a' had just been used); 'a' stayed.
    expect(made).toEqual(['a', 'b', 'c', 'b']);
    expect(cache.size).toBe(2);
  });

  it('keeps no more bytes than its bound, and never a page larger than the bound', async () => {
    const page = encodePage(200, 'x'.repeat(5000));
    const perPage = page.html.length + page.gzip.length + page.br.length;
    const cache = createPageCache({ maxEntries: 100, maxBytes: perPage * 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => page);
    expect(cache.size).toBe(2);
    const tiny = createPageCache({ maxEntries: 100, maxBytes: perPage - 1 });
    await tiny.get('a', async () => page);
    expect(tiny.size).toBe(0);
  });

  it('renders a page once for everyone asking at the same time', async () => {
    const cache = createPageCache();
    const { made, render } = counting();
    await Promise.all([cache.get('p', render('p')), cache.get('p', render('p')), cache.get('p', render('p'))]);
    expect(made).toEqual(['p']);
  });

  it('drops every page on a change, and does not keep a render that began before it', async () => {
    const cache = createPageCache();
    const { made, render } = counting();
    await cache.get('a', render('a'));
    let finish: () => void = () => undefined;
    const slow = cache.get('b', () => new Promise((resolve) => (finish = () => resolve(encodePage(200, 'old')))));
    cache.clear();
    finish();
    expect((await slow).html.toString()).toBe('old');
    await cache.get('a', render('a'));
    await cache.get('b', render('b'));
    expect(made).toEqual(['a', 'a', 'b']);
  });

  it('on a stock change drops the pages that read its products or a popularity listing (or did not say), and keeps the rest', async () => {
    const cache = createPageCache();
    const { made, render } = counting();
    const reading =
      (key: string, ids: string[], all = false) =>
      async () => ({ ...(await render(key)()), reads: { ids: new Set(ids), all } });
    const fill = async () => {
      await cache.get('shea', reading('shea', ['p1']));
      await cache.get('cocoa', reading('cocoa', ['p2']));
      await cache.get('oils', reading('oils', ['p3', 'p4']));
      await cache.get('best sellers', reading('best sellers', ['p3'], true));
      await cache.get('about', render('about'));
    };
    await fill();
    cache.invalidate({ kind: 'stock', productIds: ['p1', 'p4'] });
    await fill();
    expect(made).toEqual(['shea', 'cocoa', 'oils', 'best sellers', 'about', 'shea', 'oils', 'best sellers', 'about']);
    // A render a stock change overtook is kept only if the change cannot show in it.
    let finish: () => void = () => undefined;
    cache.invalidate({ kind: 'stock', productIds: ['p2'] });
    const slow = cache.get(
      'cocoa',
      () => new Promise((resolve) => (finish = () => resolve({ ...encodePage(200, 'old'), reads: { ids: new Set(['p2']), all: false } }))),
    );
    cache.invalidate({ kind: 'stock', productIds: ['p2'] });
    finish();
    await slow;
    await cache.get('cocoa', reading('cocoa', ['p2']));
    expect(made.at(-1)).toBe('cocoa');
  });

  it('keeps no error or not-found page', async () => {
    const cache = createPageCache();
    await cache.get('gone', async () => encodePage(404, 'not found'));
    expect(cache.size).toBe(0);
  });
});

describe('pageUrl: one page per shared link', () => {
  it('drops tracking parameters and orders the rest', () => {
    const search = new URLSearchParams('utm_source=whatsapp&sort=price-asc&fbclid=IwAR&gclid=1&UTM_Medium=x&q=shea');
    expect(pageUrl('/products', search)).toBe('/products?q=shea&sort=price-asc');
    expect(pageUrl('/product/abc', new URLSearchParams('fbclid=1&igshid=2&mc_cid=3&ttclid=4'))).toBe('/product/abc');
  });
});
