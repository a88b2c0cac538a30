import type { UseQueryResult } from '@tanstack/react-query';
import { listStateOf } from '@/client/components/admin-list';
import type { ApiFailure } from '@/client/lib/http';

/**
 * A settings form takes its values once: a copy older than the query's staleTime (an earlier
 * visit's) is not shown; the form waits for the fresh one its query reads.
 */
export function freshStateOf<T>(query: UseQueryResult<T, ApiFailure>): { answer: T | undefined; failure: ApiFailure | null } {
  return query.isStale && query.isFetching ? { answer: undefined, failure: null } : listStateOf(query);
}
