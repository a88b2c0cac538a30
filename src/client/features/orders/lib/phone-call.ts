import { HTTPError } from 'ky';
import { type ApiFailure, toApiFailure } from '@/client/lib/http';

/** A refused phone check: the server's words, and how many seconds to wait before asking again (its `Retry-After`), if it said. */
export type PhoneCallFailure = ApiFailure & { retryAfter: number | null };

/**
 * Runs one of the phone check's calls like `apiCall`, keeping the answer's `Retry-After`
 * (a code asked for again within a minute: 429 "use the code we sent"), which the shopper sees as a wait.
 */
export async function phoneCall<T>(call: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const header = error instanceof HTTPError ? error.response.headers.get('retry-after') : null;
    const failure = await toApiFailure(error, fallback);
    throw Object.assign(failure, { retryAfter: header && /^\d+$/.test(header) ? Number(header) : null });
  }
}
