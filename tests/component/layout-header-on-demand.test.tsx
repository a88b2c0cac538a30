import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteLayout } from '@/client/features/layout/components/site-layout';
import { SearchBox } from '@/client/features/search/components/search-box';
import { loadCopy } from '@/client/lib/catalogue-copy';
import { configureHttp } from '@/client/lib/http';
import { importCatalogueCopy } from '@/client/lib/use-phone-copy';
import { useSession } from '@/client/stores/session';
import { mockApi, notFound } from './api-mock';
import { givenPhoneCopy, makeProduct, resetStores } from './fixtures';
import { renderWithRouter } from './render';

/**
 * The top bar's closed panels load their code on first use (the menu's contents, the search
 * suggestions): here each import waits until the test lets it through, as on a slow phone.
 */
const gates = vi.hoisted(() => {
  const gate = () => {
    let open = () => {};
    const passed = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { passed, open };
  };
  return { menu: gate(), suggestions: gate() };
});
vi.mock('@/client/features/layout/components/mobile-menu-panel', async (importOriginal) => {
  await gates.menu.passed;
  return importOriginal();
});
vi.mock('@/client/features/search/components/search-suggestions', async (importOriginal) => {
  await gates.suggestions.passed;
  return importOriginal();
});

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  configureHttp({ token: () => useSession.getState().session?.token ?? null, unauthorized: () => {} });
  resetStores();
  await givenPhoneCopy([makeProduct({ name: 'Raw Shea Butter' }), makeProduct({ name: 'Shea Lip Balm' }), makeProduct({ name: 'Baobab Oil' })]);
  await importCatalogueCopy();
  await loadCopy();
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

  it('search: every character typed before the suggestions arrive is kept, their matches show once they have', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { container } = await renderWithRouter(<SearchBox />);
    const closed = container.innerHTML;
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.type(box, 'shea');
    await advance(1000);
    expect(box).toHaveValue('shea');
    expect(box).toHaveAttribute('aria-expanded', 'false');

    gates.suggestions.open();
    await vi.waitFor(async () => {
      await advance(300);
      expect(box).toHaveAttribute('aria-expanded', 'true');
    });
    expect(screen.getAllByRole('option').map((o) => o.querySelector('span > span')?.textContent)).toEqual(['Raw Shea Butter', 'Shea Lip Balm']);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]?.id);

    // Emptied and left: drawn as before the suggestions came.
    await user.clear(box);
    await user.click(document.body);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(container.innerHTML).toBe(closed);
  });
});
