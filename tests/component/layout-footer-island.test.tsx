// @vitest-environment jsdom
// jsdom, not the suite's happy-dom: the newsletter form's answer never shows under happy-dom (layout-site.test.tsx).
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeferredIsland, deferredIsland } from '@/client/components/deferred-island';
import { SiteFooterContents } from '@/client/features/layout/components/site-footer';
import { configureHttp } from '@/client/lib/http';
import { queryClient } from '@/client/lib/query-client';
import { json, mockApi } from './api-mock';
import { resetStores } from './fixtures';
import { renderWithRouter } from './render';

/** The newsletter form's code, held back until a test lets it come (as on a slow phone). */
const newsletterCode = vi.hoisted(() => {
  let arrive!: () => void;
  const here = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { here, arrive };
});
vi.mock('@/client/features/layout/components/newsletter-form', async (original) => {
  await newsletterCode.here;
  return original();
});

/** A footer-like island: a link and a field, the same markup drawn and rendered. */
function Contents() {
  return (
    <>
      <a href="/products">Products</a>
      <label>
        Email <input type="email" name="email" />
      </label>
    </>
  );
}
const DRAWN = '<a href="/products">Products</a><label>Email <input type="email" name="email"></label>';

/** An island whose code comes when the test says so. */
function heldIsland() {
  let arrive!: () => void;
  const here = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const load = vi.fn(() => here.then(() => Contents));
  return { island: deferredIsland({ tag: 'footer', className: 'test-footer', load }), load, arrive: () => act(async () => arrive()) };
}

/** A copy of the page drawn before the app (the server's HTML, or index.html). */
function drawnPage() {
  const page = document.createElement('div');
  page.innerHTML = `<footer class="test-footer">${DRAWN}</footer>`;
  document.body.append(page);
  return page;
}

beforeEach(() => {
  document.body.innerHTML = '';
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a deferred island', () => {
  it('taking over the server’s page, keeps its nodes until the code is here, then draws into the same element, keeping focus and typed text', async () => {
    const page = drawnPage();
    const { island, load, arrive } = heldIsland();
    const footer = page.querySelector('footer');
    const link = page.querySelector('a');
    const field = page.querySelector('input');
    const errors = vi.spyOn(console, 'error');

    await act(async () => {
      hydrateRoot(page, <DeferredIsland island={island} />);
    });
    // Live without its code (not even asked for yet): the server's nodes, untouched.
    expect(load).not.toHaveBeenCalled();
    expect(page.querySelector('footer')).toBe(footer);
    expect(page.querySelector('a')).toBe(link);

    // The shopper moves into the field (which asks for the code at once) and types.
    await userEvent.type(field as HTMLInputElement, 'ama@exa');
    expect(load).toHaveBeenCalledTimes(1);
    await arrive();

    expect(page.querySelector('footer')).toBe(footer);
    const drawnField = screen.getByRole('textbox', { name: 'Email' });
    expect(drawnField).not.toBe(field);
    expect(drawnField).toHaveValue('ama@exa');
    expect(drawnField).toHaveFocus();
    expect(footer?.innerHTML).toBe(DRAWN);
    expect(errors).not.toHaveBeenCalled();
  });

  it('drawing the page itself over a drawn copy (index.html), shows the same markup until the code is here', async () => {
    const copy = drawnPage();
    const { island, arrive } = heldIsland();
    render(<DeferredIsland island={island} />);
    // React replaced the drawn copy (createRoot empties #root).
    copy.remove();
    expect(screen.getByRole('contentinfo').innerHTML).toBe(DRAWN);
    await arrive();
    await vi.waitFor(() => expect(screen.getByRole('contentinfo').innerHTML).toBe(DRAWN), { timeout: 3000 });
  });

  it('with nothing drawn (an empty app shell), loads its code at once and appears as soon as it is here', async () => {
    const { island, load, arrive } = heldIsland();
    // Asked for with the app's start-up code, not when the browser is idle.
    expect(load).toHaveBeenCalledTimes(1);
    render(<DeferredIsland island={island} />);
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    await arrive();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
  });

  it('keeps the drawn markup when its code cannot be fetched', async () => {
    const page = drawnPage();
    const island = deferredIsland({ tag: 'footer', className: 'test-footer', load: () => Promise.reject(new TypeError('Failed to fetch')) });
    const link = page.querySelector('a');
    await act(async () => {
      hydrateRoot(page, <DeferredIsland island={island} />);
    });
    await act(async () => {
      page.querySelector('input')?.focus();
    });
    expect(page.querySelector('a')).toBe(link);
  });
});

describe('the footer’s newsletter form', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    configureHttp({ token: () => null, unauthorized: () => {} });
    resetStores();
    queryClient.clear();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps what the shopper typed into the placeholder, and focus, when the form arrives, and sends it', async () => {
    const calls = mockApi({
      'GET settings': () => json({ message: 'down' }, 500),
      'POST subscribe': () => json({ message: 'Thank you for subscribing!' }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderWithRouter(
      <footer>
        <SiteFooterContents />
      </footer>,
    );
    const placeholder = screen.getByRole('textbox', { name: 'Email address for the newsletter' });
    expect(placeholder.closest('form')).toBeNull();
    await user.type(placeholder, 'ama@example.com');

    await act(async () => newsletterCode.arrive());
    const field = await vi.waitFor(() => {
      const form = screen.getByRole('textbox', { name: 'Email address for the newsletter' });
      expect(form.closest('form')).not.toBeNull();
      return form;
    });
    expect(field).toHaveValue('ama@example.com');
    expect(field).toHaveFocus();

    // Sent as it is with Enter (no blur to make the form library read the field): it heard the carried-over text.
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Thank you for subscribing!')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST subscribe')?.body).toEqual({ email: 'ama@example.com' });
  });
});
