import type { ApiFailure } from '../lib/http';
import * as styles from './load-failure.css';
import { errorText } from './primitives.css';
import { RetryButton } from './retry-button';

/**
 * The server's own message when it explains the refusal (a 4xx with its own text, e.g. a 409), so it
 * can be shown under the screen's fixed text; nothing for a network failure or a server error.
 */
export function failureDetail(failure: ApiFailure, headline: string): string | undefined {
  return failure.status >= 400 && failure.status < 500 && failure.message !== headline ? failure.message : undefined;
}

/** Something could not be loaded: the screen's text, the server's explanation when it gave one, and Try again. */
export function LoadFailure({ message, failure, onRetry }: { message: string; failure?: ApiFailure; onRetry(): void }) {
  const detail = failure ? failureDetail(failure, message) : undefined;
  return (
    <div className={styles.failure}>
      <div role="alert">
        <p className={`${errorText} ${styles.text}`}>{message}</p>
        {detail && <p className={styles.text}>{detail}</p>}
      </div>
      <RetryButton onRetry={onRetry} />
    </div>
  );
}
