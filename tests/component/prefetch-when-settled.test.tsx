import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePrefetchWhenSettled } from '@/client/lib/use-prefetch-when-settled';

function Prefetching({ load }: { load: () => Promise<unknown> }) {
  usePrefetchWhenSettled(load);
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A requestIdleCallback that keeps what it is given, for the test to run as the idle moment. */
function stubIdle() {
  const idle = vi.fn((_run: () => void, _options?: { timeout: number }) => 7);
  vi.stubGlobal('requestIdleCallback', idle);
  vi.stubGlobal('cancelIdleCallback', vi.fn());
  return idle;
}

// The page settles once per page load (lib/when-idle.ts): the first test sees the wait, the others a settled page.
describe('a lazy part prefetched once the page has settled', () => {
  it('waits 3 s after the page loaded (the first seconds are for drawing it and its first taps), then for an idle moment, once', async () => {
    const idle = stubIdle();
    const load = vi.fn(() => Promise.resolve({}));
    const { rerender, unmount } = render(<Prefetching load={load} />);
    rerender(<Prefetching load={load} />);
    await vi.advanceTimersByTimeAsync(2999);
    expect(idle).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(idle).toHaveBeenCalledTimes(1);
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    expect(load).not.toHaveBeenCalled();
    idle.mock.calls[0]?.[0]();
    expect(load).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('on a settled page, at the next idle moment; without requestIdleCallback (Safari), 2 s later; not at all once unmounted', async () => {
    const load = vi.fn(() => Promise.resolve({}));
    render(<Prefetching load={load} />);
    // Settled already, or settling within 3 s when this test runs alone.
    await vi.advanceTimersByTimeAsync(3000);
    load.mockClear();
    const soon = vi.fn(() => Promise.resolve({}));
    render(<Prefetching load={soon} />);
    await vi.advanceTimersByTimeAsync(1999);
    expect(soon).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(soon).toHaveBeenCalledTimes(1);

    const later = vi.fn(() => Promise.resolve({}));
    const { unmount } = render(<Prefetching load={later} />);
    unmount();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(later).not.toHaveBeenCalled();
  });

  it('leaves a failed import to the tap that wants the part (nothing thrown, nothing unhandled)', async () => {
    // A rejection nobody caught would fail this run (Vitest reports unhandled rejections).
    const load = vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    render(<Prefetching load={load} />);
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).toHaveBeenCalledTimes(1);
    await expect(load.mock.results[0]?.value).rejects.toThrow('Failed to fetch');
  });
});
