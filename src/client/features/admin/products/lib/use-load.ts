import { useEffect, useRef, useState } from 'react';
import { type ApiFailure, toApiFailure } from '../../../../lib/http';

/**
 * `previous`: the last answer, kept while the next one loads, so a table keeps its rows (and the
 * focused Next button stays) instead of blinking to a skeleton on every page.
 */
export type LoadState<T> = { status: 'loading'; previous: T | undefined } | { status: 'ready'; data: T } | { status: 'error'; failure: ApiFailure };

/** What to show: the answer, or the one before it while the next loads. */
export const shownOf = <T>(state: LoadState<T>): T | undefined =>
  state.status === 'ready' ? state.data : state.status === 'loading' ? state.previous : undefined;

/**
 * Runs `load` now, again when `key` changes and on `reload` (Try again, or after a change). An
 * answer that lands after the page moved on (another key, unmounted) is dropped. Like lib's
 * useRequest, plus `update` for rows saved or deleted here.
 */
export function useLoad<T>(load: () => Promise<T>, key: string, fallback: string) {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading', previous: undefined });
  const [attempt, setAttempt] = useState(0);
  // The latest function, without making every render a new request.
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key or attempt loads again
  useEffect(() => {
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
  }, [key, attempt, fallback]);

  /** Changes what is shown (a row saved or deleted) without loading again. */
  const update = (change: (data: T) => T) =>
    setState((s) => {
      if (s.status === 'ready') return { status: 'ready', data: change(s.data) };
      if (s.status === 'loading' && s.previous !== undefined) return { status: 'loading', previous: change(s.previous) };
      return s;
    });

  return { state, reload: () => setAttempt((n) => n + 1), update };
}
