import { useEffect, useRef } from 'react';
import { usePageLive } from '../lib/page-context';
import { Busy } from './busy';
import { button } from './button.css';
import * as s from './load-more.css';
import { errorText } from './primitives.css';
import { RetryButton } from './retry-button';

interface LoadMoreProps {
  /** More products to come. */
  hasMore: boolean;
  /** The next page is being fetched. */
  loading: boolean;
  /** How many are listed: the sentinel looks again after each page (it may still be in view). */
  count: number;
  /** The next page failed: its message, and 'Try again'. */
  error: string | null;
  onMore: () => void;
  /** The button's words ('Load more products'). */
  label: string;
}

/** How far below the screen the next page is asked for: about two screens of cards ahead. */
const AHEAD = '1200px 0px';

/**
 * The end of a list that grows: a sentinel that asks for the next page as the shopper scrolls near
 * it, and a "Load more" button for keyboards, screen readers and browsers without
 * IntersectionObserver. Nothing when the list is complete.
 */
export function LoadMore({ hasMore, loading, count, error, onMore, label }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  // On the server's page, a press before the app takes over would do nothing: wait for it.
  const live = usePageLive();
  const more = useRef(onMore);
  more.current = onMore;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (`count`) looks again: an observer reports only changes, and the sentinel may still be in view
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || error || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) more.current();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, error, count]);

  if (error) {
    return (
      <div className={s.footer}>
        <p className={errorText} role="alert">
          Error: {error}
        </p>
        <RetryButton onRetry={onMore} size="sm" />
      </div>
    );
  }
  if (!hasMore) return null;
  return (
    <div className={s.footer}>
      <div ref={sentinel} className={s.sentinel} aria-hidden="true" />
      <button
        type="button"
        className={button({ tone: 'quiet' })}
        disabled={loading || !live}
        data-starting={live ? undefined : true}
        aria-busy={loading || undefined}
        onClick={onMore}
      >
        {loading && <Busy />}
        {label}
      </button>
    </div>
  );
}
