import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copiedProduct, loadCopy, startCatalogueSync, syncCatalogueCopy } from '@/client/lib/catalogue-copy';
import { useCatalogueCopy } from '@/client/lib/catalogue-copy-store';
import { productQuery } from '@/client/lib/queries/catalogue';
import { catalogueChanged, createShopQueryClient, queryClient, STOCK_STALE_MS } from '@/client/lib/query-client';
import type { CatalogueChanges } from '@/shared/catalogue';
import type { Product } from '@/shared/types';
import { type ApiCall, json, mockApi } from './api-mock';
import { catalogueChangesOf, givenPhoneCopy, makeProduct } from './fixtures';

/** Answers `GET /catalogueChanges` with `answers` in turn (the last one again after that); every call is kept. */
function serveChanges(...answers: (CatalogueChanges | Response)[]): ApiCall[] {
  let next = 0;
  return mockApi({
    'GET catalogueChanges': () => {
      const answer = answers[Math.min(next, answers.length - 1)] as CatalogueChanges | Response;
      next += 1;
      return answer instanceof Response ? answer : json(answer);
    },
  });
}

/** The `since` each call asked from (null: the whole catalogue). */
const sinces = (calls: ApiCall[]) => calls.filter((c) => c.key === 'GET catalogueChanges').map((c) => c.query.get('since'));

/** The copies of the module a test started afresh: forgotten after it, like the first one (setup.ts). */
const reloads: (() => Promise<void>)[] = [];

/** What a reload finds: the copy's code started afresh (nothing in memory) on the same IndexedDB. */
async function afterReload() {
  vi.resetModules();
  const copy = await import('@/client/lib/catalogue-copy');
  const store = await import('@/client/lib/catalogue-copy-store');
  reloads.push(copy.forgetCatalogueCopy);
  return { copy, state: () => store.useCatalogueCopy.getState() };
}

const byName = (products: readonly Product[] | null) => [...(products ?? [])].map((p) => `${p.name}:${p.stock}`).sort();

/** What the Network Information API says (Chromium on Android), until the test ends. */
function connection(fields: { saveData?: boolean; effectiveType?: string; type?: string }) {
  const target = Object.assign(new EventTarget(), fields);
  Object.defineProperty(navigator, 'connection', { value: target, configurable: true });
  return target;
}

afterEach(async () => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'connection');
  for (const forget of reloads.splice(0)) await forget();
});

const shea = makeProduct({ _id: 'shea', name: 'Shea', stock: 5 });
const soap = makeProduct({ _id: 'soap', name: 'Soap', stock: 8 });
const oil = makeProduct({ _id: 'oil', name: 'Oil', stock: 2 });

describe("the phone's copy of the catalogue", () => {
  it('a first visit downloads the whole catalogue once, without a token, and a reload finds it with its version', async () => {
    const calls = serveChanges(catalogueChangesOf([shea, soap, oil], { version: 'v1' }));
    await syncCatalogueCopy();
    expect(sinces(calls)).toEqual([null]);
    expect(calls[0]?.authorization).toBeNull();
    expect(useCatalogueCopy.getState()).toMatchObject({ kept: 'saved', download: 'idle', syncedAt: expect.any(Number) });
    // Nothing read into memory that no screen asked for.
    expect(useCatalogueCopy.getState().products).toBeNull();

    const reloaded = await afterReload();
    expect(byName(await reloaded.copy.loadCopy())).toEqual(['Oil:2', 'Shea:5', 'Soap:8']);
    expect(reloaded.state().kept).toBe('saved');
    // The next sync asks only what changed since the kept version.
    await reloaded.copy.syncCatalogueCopy();
    expect(sinces(calls)).toEqual([null, 'v1']);
  });

  it('applies what changed since its version: deleted products go, edited and added ones are written, stock moves', async () => {
    await givenPhoneCopy([shea, soap, oil], 'v1');
    const calls = serveChanges(
      catalogueChangesOf([{ ...shea, name: 'Shea Butter', price: 60 }, makeProduct({ _id: 'balm', name: 'Balm', stock: 4 })], {
        version: 'v2',
        full: false,
        deleted: ['soap'],
        stock: [
          { _id: 'oil', stock: 0, unitsSold: 12 },
          // A level for a product the same answer deleted changes nothing.
          { _id: 'soap', stock: 3, unitsSold: 1 },
        ],
      }),
    );
    await syncCatalogueCopy();
    expect(sinces(calls)).toEqual(['v1']);
    expect(await copiedProduct('soap')).toBeUndefined();
    expect(await copiedProduct('shea')).toMatchObject({ name: 'Shea Butter', price: 60, stock: 5 });
    expect(await copiedProduct('oil')).toMatchObject({ stock: 0, unitsSold: 12 });

    // As kept in IndexedDB, with the new version.
    const reloaded = await afterReload();
    expect(byName(await reloaded.copy.loadCopy())).toEqual(['Balm:4', 'Oil:0', 'Shea Butter:5']);
    await reloaded.copy.syncCatalogueCopy();
    expect(sinces(calls)).toEqual(['v1', 'v2']);
  });

  it('a copy read into memory follows the changes, and a full answer (a version the server no longer knows) replaces it', async () => {
    await givenPhoneCopy([shea, soap], 'v1');
    expect(byName(await loadCopy())).toEqual(['Shea:5', 'Soap:8']);
    serveChanges(
      catalogueChangesOf([], { version: 'v2', full: false, stock: [{ _id: 'shea', stock: 1, unitsSold: 4 }] }),
      catalogueChangesOf([oil], { version: 'v9', full: true }),
    );
    await syncCatalogueCopy();
    expect(byName(useCatalogueCopy.getState().products)).toEqual(['Shea:1', 'Soap:8']);
    await syncCatalogueCopy();
    expect(byName(useCatalogueCopy.getState().products)).toEqual(['Oil:2']);
    expect(await copiedProduct('shea')).toBeUndefined();
  });

  it('a failed sync keeps the copy as it was, and the next one asks again from the same version', async () => {
    await givenPhoneCopy([shea], 'v1');
    const calls = serveChanges(
      json({ message: 'Database unavailable' }, 503),
      json({ message: 'Database unavailable' }, 503),
      catalogueChangesOf([], { version: 'v2', full: false, stock: [{ _id: 'shea', stock: 2, unitsSold: 3 }] }),
    );
    await syncCatalogueCopy();
    expect(await copiedProduct('shea')).toMatchObject({ stock: 5 });
    expect(useCatalogueCopy.getState()).toMatchObject({ kept: 'saved', download: 'idle' });
    await syncCatalogueCopy();
    // ky's one retry of a GET made two calls of the first sync; the second asked from v1 again.
    expect(sinces(calls)).toEqual(['v1', 'v1', 'v1']);
    expect(await copiedProduct('shea')).toMatchObject({ stock: 2 });
  });

  it('a failed first download says so (the shopper may ask again) and leaves no copy', async () => {
    serveChanges(json({ message: 'down' }, 500));
    await syncCatalogueCopy();
    expect(useCatalogueCopy.getState()).toMatchObject({ kept: 'none', download: 'failed' });
    expect(await copiedProduct('shea')).toBeUndefined();
  });
});

describe('when the copy syncs', () => {
  it('at start, when the connection returns, when the shopper comes back once it may be stale, and on the phone’s own changes', async () => {
    await givenPhoneCopy([shea], 'v1');
    const calls = serveChanges(catalogueChangesOf([], { version: 'v1', full: false }));
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const visible = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    const stop = startCatalogueSync();
    await vi.waitFor(() => expect(sinces(calls)).toEqual(['v1']));

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sinces(calls)).toHaveLength(2));

    // Back within STOCK_STALE_MS: nothing asked.
    document.dispatchEvent(new Event('visibilitychange'));
    await act(async () => {});
    expect(sinces(calls)).toHaveLength(2);
    now += STOCK_STALE_MS + 1000;
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(sinces(calls)).toHaveLength(3));

    // An order placed on this phone (or an admin's edit): the one "catalogue changed" signal.
    await catalogueChanged(createShopQueryClient());
    await vi.waitFor(() => expect(sinces(calls)).toHaveLength(4));

    stop();
    window.dispatchEvent(new Event('online'));
    await act(async () => {});
    expect(sinces(calls)).toHaveLength(4);
    visible.mockRestore();
  });

  it('a product page showing a product from the copy reads it again once a sync changed it', async () => {
    await givenPhoneCopy([shea], 'v1');
    serveChanges(catalogueChangesOf([{ ...shea, price: 99 }], { version: 'v2', full: false }));
    await expect(queryClient.fetchQuery(productQuery('shea'))).resolves.toMatchObject({ price: shea.price });
    await syncCatalogueCopy();
    expect(queryClient.getQueryState(productQuery('shea').queryKey)?.isInvalidated).toBe(true);
  });
});

describe('Save-Data and slow connections', () => {
  it('with Save-Data the whole catalogue waits for Wi-Fi, then downloads', async () => {
    const phone = connection({ saveData: true, effectiveType: '4g', type: 'cellular' });
    const calls = serveChanges(catalogueChangesOf([shea], { version: 'v1' }));
    const stop = startCatalogueSync();
    await vi.waitFor(() => expect(useCatalogueCopy.getState().download).toBe('waiting'));
    // A reconnect on mobile data still waits.
    window.dispatchEvent(new Event('online'));
    await act(async () => {});
    expect(calls).toEqual([]);

    phone.type = 'wifi';
    phone.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(useCatalogueCopy.getState().kept).toBe('saved'));
    expect(sinces(calls)).toEqual([null]);
    stop();
  });

  it.each(['slow-2g', '2g', '3g'])('on a %s connection it waits too; a 4g one downloads at once', async (effectiveType) => {
    const phone = connection({ effectiveType, type: 'cellular' });
    const calls = serveChanges(catalogueChangesOf([shea], { version: 'v1' }));
    await syncCatalogueCopy();
    expect(useCatalogueCopy.getState()).toMatchObject({ kept: 'none', download: 'waiting' });
    expect(calls).toEqual([]);
    phone.effectiveType = '4g';
    await syncCatalogueCopy();
    expect(sinces(calls)).toEqual([null]);
  });

  it('a returning visit with Save-Data still syncs its copy (only what changed)', async () => {
    await givenPhoneCopy([shea], 'v1');
    connection({ saveData: true, type: 'cellular' });
    const calls = serveChanges(catalogueChangesOf([], { version: 'v2', full: false }));
    await syncCatalogueCopy();
    expect(sinces(calls)).toEqual(['v1']);
  });

  it('"Save the shop for offline use" downloads it when the shopper asks, and says when it is done', async () => {
    connection({ saveData: true, type: 'cellular' });
    const calls = serveChanges(catalogueChangesOf([shea, soap], { version: 'v1' }));
    // The button loads the copy's code when tapped (lib/use-phone-copy.ts): the page, the copy and its
    // store come from one start, as in the app (earlier tests started the copy's code afresh).
    const { copy } = await afterReload();
    const { SaveOffline } = await import('@/client/features/catalogue/components/save-offline');
    render(
      <QueryClientProvider client={queryClient}>
        <SaveOffline />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await act(() => copy.syncCatalogueCopy());
    const save = screen.getByRole('button', { name: 'Save the shop for offline use' });
    expect(save).toHaveAccessibleDescription(/browse and search the shop without a connection/);
    expect(calls).toEqual([]);

    await userEvent.click(save);
    expect(await screen.findByText('The shop is saved on this phone: you can browse it offline.')).toHaveAttribute('role', 'status');
    expect(sinces(calls)).toEqual([null]);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(byName(await copy.loadCopy())).toEqual(['Shea:5', 'Soap:8']);
  });
});
