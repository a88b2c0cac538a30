import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShopperSpeedCard } from '@/client/features/admin/dashboard/components/shopper-speed';
import type { ShopperSpeed } from '@/shared/vitals';
import { json, mockApi } from './api-mock';
import { fakeTimersAndFreshStores, signedInAs, textsOf } from './fixtures';
import { renderWithRouter } from './render';

const ADMIN = { token: 'tok-admin', role: 'admin' as const, userId: 'a1', fullName: 'Kofi Admin', email: 'kofi@nkuto.com.gh' };

/** Two pages measured: the home page mostly good, product pages slow to load and jumpy. */
const SPEED: ShopperSpeed = {
  days: 28,
  pages: [
    {
      route: '/',
      visits: 1204,
      metrics: {
        LCP: { p75: 1850, samples: 1190, rating: 'good' },
        INP: { p75: 180, samples: 640, rating: 'good' },
        CLS: { p75: 0.012, samples: 1204, rating: 'good' },
        TTFB: { p75: 950, samples: 1204, rating: 'needs-improvement' },
      },
    },
    {
      route: '/product/$id',
      visits: 1,
      metrics: { LCP: { p75: 4200, samples: 1, rating: 'poor' }, CLS: { p75: 0.15, samples: 1, rating: 'needs-improvement' } },
    },
  ],
};

const openCard = () => renderWithRouter(<ShopperSpeedCard />, { path: '/admin' });

fakeTimersAndFreshStores();
signedInAs(ADMIN);

describe("the dashboard's shoppers' speed card", () => {
  it('shows per page the 28-day p75 of each metric, rated in words on a green, amber or red badge, and the visits behind it', async () => {
    const calls = mockApi({ 'GET getShopperSpeed': () => json(SPEED) });
    await openCard();

    const table = await screen.findByRole('table', { name: 'How fast your shop is for shoppers' });
    expect(table).toHaveAccessibleDescription(/over the last 28 days/);
    expect(textsOf(table, 'columnheader')).toEqual([
      'Page',
      'Loading (LCP)',
      'Response to taps (INP)',
      'Layout stability (CLS)',
      'Server response (TTFB)',
      'Visits',
    ]);
    const [home, product] = within(table).getAllByRole('row').slice(1);
    expect(Array.from(home!.querySelectorAll('th, td'), (cell) => cell.textContent)).toEqual([
      'Home',
      '1.85 sGood1,190 visits',
      '180 msGood640 visits',
      '0.012Good1,204 visits',
      '950 msNeeds work1,204 visits',
      '1,204',
    ]);
    expect(Array.from(product!.querySelectorAll('th, td'), (cell) => cell.textContent)).toEqual([
      'Product pages',
      '4.2 sPoor1 visit',
      'not measured',
      '0.15Needs work1 visit',
      'not measured',
      '1',
    ]);
    // The colour repeats the words: green for good, amber for needs improvement, red for poor.
    expect(
      within(home!)
        .getAllByText('Good')
        .map((badge) => badge.dataset.tone),
    ).toEqual(['success', 'success', 'success']);
    expect(within(home!).getByText('Needs work')).toHaveAttribute('data-tone', 'warning');
    expect(within(product!).getByText('Poor')).toHaveAttribute('data-tone', 'danger');
    expect(calls).toEqual([{ key: 'GET getShopperSpeed', body: undefined, authorization: 'Bearer tok-admin' }]);
  });

  it('says "No visits measured yet" before any visit, with no table', async () => {
    mockApi({ 'GET getShopperSpeed': () => json({ days: 28, pages: [] }) });
    await openCard();

    expect(await screen.findByText('No visits measured yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'How fast your shop is for shoppers' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
