import { ApiFailure } from '@/client/lib/http';

/** Any failure as the ApiFailure the api calls throw (status 0: no answer came back). */
export function asFailure(error: unknown, fallback: string): ApiFailure {
  return error instanceof ApiFailure ? error : new ApiFailure(fallback, 0);
}
