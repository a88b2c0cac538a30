import { useEffect, useRef, useState } from 'react';
import { type ApiFailure, toApiFailure } from '../../../lib/http';

export type RequestState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; failure: ApiFailure };

/**
 * Runs `load` once `enabled`, again when `key` changes or on `retry` (Try again). An answer that
 * lands after the page moved on (another key, unmounted) is dropped.
 */
export function useRequest<T>(load: () => Promise<T>, { key, enabled = true, fallback }: { key: string; enabled?: boolean; fallback: string }) {
  const [state, setState] = useState<RequestState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The latest function, without making every render a new request.
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key or attempt (Try again) loads again
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState({ status: 'loading' });
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

  return { state, retry: () => setAttempt((n) => n + 1) };
}
