import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePrefetchWhenIdle } from '@/client/lib/use-prefetch-when-idle';

function Prefetching({ load }: { load: () => Promise<unknown> }) {
  usePrefetchWhenIdle(load);
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a lazy part prefetched when the phone is idle', () => {
  it('is imported at the first idle moment after mounting, once', () => {
    const idle = vi.fn((_run: () => void, _options?: { timeout: number }) => 7);
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const load = vi.fn(() => Promise.resolve({}));
    const { rerender, unmount } = render(<Prefetching load={load} />);
    rerender(<Prefetching load={load} />);
    expect(idle).toHaveBeenCalledTimes(1);
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    expect(load).not.toHaveBeenCalled();
    idle.mock.calls[0]?.[0]();
    expect(load).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('without requestIdleCallback (Safari), 2 s after mounting; not at all once unmounted', () => {
    const load = vi.fn(() => Promise.resolve({}));
    render(<Prefetching load={load} />);
    vi.advanceTimersByTime(1999);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);

    const later = vi.fn(() => Promise.resolve({}));
    const { unmount } = render(<Prefetching load={later} />);
    unmount();
    vi.advanceTimersByTime(5000);
    expect(later).not.toHaveBeenCalled();
  });

  it('leaves a failed import to the tap that wants the part (nothing thrown, nothing unhandled)', async () => {
    const failure = Promise.reject(new Error('Failed to fetch dynamically imported module'));
    const load = vi.fn(() => failure);
    render(<Prefetching load={load} />);
    vi.advanceTimersByTime(2000);
    await expect(failure).rejects.toThrow();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
