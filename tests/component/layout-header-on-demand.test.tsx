import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteLayout } from '@/client/features/layout/components/site-layout';
import { SearchBox } from '@/client/features/search/components/search-box';
import { configureHttp } from '@/client/lib/http';
import { useSession } from '@/client/stores/session';
import { mockApi, notFound } from './api-mock';
import { resetStores } from './fixtures';
import { renderWithRouter } from './render';

/**
 * The top bar's closed menu loads its contents on first use: here the import waits until the test
 * lets it through, as on a slow phone.
 */
const gates = vi.hoisted(() => {
  const gate = () => {
    let open = () => {};
    const passed = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { passed, open };
  };
  return { menu: gate() };
});
vi.mock('@/client/features/layout/components/mobile-menu-panel', async (importOriginal) => {
  await gates.menu.passed;
  return importOriginal();
});

beforeEach(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  configureHttp({ token: () => useSession.getState().session?.token ?? null, unauthorized: () => {} });
  resetStores();
  mockApi({}, { otherwise: notFound });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the top bar before its panels have loaded', () => {
  it('Menu tapped before its contents are here: the panel opens as they arrive; closed, it is drawn as before', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderWithRouter(
      <SiteLayout search={<SearchBox />}>
        <h1>Page</h1>
      </SiteLayout>,
    );
    const header = screen.getByRole('banner');
    // What the server draws, and hydration must find.
    const closed = header.outerHTML;

    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByTestId('menu-backdrop')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();

    gates.menu.open();
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    // Focus moves in as the panel's effects run, right after it shows.
    await vi.waitFor(() => expect(panel).toContainElement(document.activeElement as HTMLElement));
    expect(screen.getByTestId('menu-backdrop')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(header.outerHTML).toBe(closed);
  });
});
