import { usePageLive } from '../lib/page-context';
import { button } from './button';
import * as s from './load-more.css';
import { errorText } from './primitives.css';
import { RetryButton } from './retry-button';

interface LoadMoreProps {
  /** More products to come. */
  hasMore: boolean;
  /** The next page is being fetched (the grid's status line says so; the button waits). */
  loading: boolean;
  /** The next page failed: its message, and 'Try again'. */
  error: string | null;
  onMore: () => void;
  /** The button's words ('Load more products'). */
  label: string;
}

/**
 * The end of a list that grows, under a WindowedGrid: the grid asks for the next page as the shopper
 * scrolls near the end (its `onEndReached`), this is the "Load more" button for keyboards and screen
 * readers, and where a failed page says so with Try again. Nothing when the list is complete.
 */
export function LoadMore({ hasMore, loading, error, onMore, label }: LoadMoreProps) {
  // On the server's page, a press before the app takes over would do nothing: wait for it.
  const live = usePageLive();

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
      <button
        type="button"
        className={button({ tone: 'quiet' })}
        disabled={loading || !live}
        data-starting={live ? undefined : true}
        aria-busy={loading || undefined}
        onClick={onMore}
      >
        {label}
      </button>
    </div>
  );
}
