import { useEffect, useRef, useState } from 'react';
import { type ApiFailure, toApiFailure } from './http';

/**
 * `previous`: the last answer, kept while the next one loads, so a paged table keeps its rows (and
 * the Next button keeps focus) instead of blinking to a skeleton on every page.
 */
export type RequestState<T> = { status: 'loading'; previous: T | undefined } | { status: 'ready'; data: T } | { status: 'error'; failure: ApiFailure };

/** What to show: the answer, or the one before it while the next loads. */
export const shownOf = <T>(state: RequestState<T>): T | undefined =>
  state.status === 'ready' ? state.data : state.status === 'loading' ? state.previous : undefined;

/**
 * Runs `load` once `enabled` (now, by default), again whenever `key` changes (another page, another search) and on `retry`
 * (Try again). An answer that lands after the page moved on (another key, unmounted) is dropped.
 * `update` changes what is shown (a row saved or deleted on the page) without loading again.
 * Shared by the admin areas.
 */
export function useRequest<T>(load: () => Promise<T>, { key, enabled = true, fallback }: { key: string; enabled?: boolean; fallback: string }) {
  const [state, setState] = useState<RequestState<T>>({ status: 'loading', previous: undefined });
  const [attempt, setAttempt] = useState(0);
  // The latest function, without making every render a new request.
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key or attempt (Try again) loads again
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState((current) => ({ status: 'loading', previous: shownOf(current) }));
    loadRef.current().then(
      (data) => {
        if (live) setState({ status: 'ready', data });
      },
      async (error: unknown) => {
        const failure = await toApiFailure(error, fallback);
        if (live) setState({ status: 'error', failure });
      },
    );
    return () => {
      live = false;
    };
  }, [key, enabled, attempt, fallback]);

  const update = (change: (data: T) => T) =>
    setState((s) => {
      if (s.status === 'ready') return { status: 'ready', data: change(s.data) };
      if (s.status === 'loading' && s.previous !== undefined) return { status: 'loading', previous: change(s.previous) };
      return s;
    });

  return { state, retry: () => setAttempt((n) => n + 1), update };
}
