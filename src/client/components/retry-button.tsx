import { button } from './button';

/** 'Try again' after something could not be loaded or sent: the one wording and look for every retry. */
export function RetryButton({ onRetry, size }: { onRetry(): void; size?: 'sm' }) {
  return (
    <button type="button" className={button({ tone: 'quiet', size })} onClick={onRetry}>
      Try again
    </button>
  );
}
