import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiFailure } from '@/client/lib/http';
import { type RequestState, requestStateOf } from '@/client/lib/query-client';

/**
 * A settings form takes its values once: a copy older than the query's staleTime (an earlier
 * visit's) is not shown; the form waits for the fresh one its query reads.
 */
export function freshStateOf<T>(query: UseQueryResult<T, ApiFailure>): RequestState<T> {
  return query.isStale && query.isFetching ? { status: 'loading', previous: undefined } : requestStateOf(query);
}
