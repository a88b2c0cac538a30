import { vi } from 'vitest';

/** A JSON answer, as the API sends one. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers one call: gets the request's JSON body (undefined when it has none) and the request. */
export type Route = (body: unknown, request: Request) => Response | Promise<Response>;

/** A call the app made: 'METHOD path' (path without /api/), its JSON body and its Authorization header. */
export interface ApiCall {
  key: string;
  body: unknown;
  authorization: string | null;
  /** Every request header (not enumerable, so whole-call comparisons look at key, body and authorization). */
  readonly headers: Headers;
  /** The request's search parameters (not enumerable either). */
  readonly query: URLSearchParams;
}

/** What the server says to a path it does not know. */
export const notFound: Route = () => json({ message: 'Not found' }, 404);

/**
 * Answers API calls by 'METHOD path' (path without /api/, e.g. 'POST login'); any other call fails
 * like a dropped network, or gets `otherwise` when given. Every request body is read, as a real
 * fetch does (ky waits for the body to be consumed), and every call is kept, in order.
 */
export function mockApi(routes: Record<string, Route>, { otherwise }: { otherwise?: Route } = {}): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const key = `${request.method} ${new URL(request.url).pathname.replace(/^\/api\//, '')}`;
    const text = await request.text();
    const body = text ? JSON.parse(text) : undefined;
    const call = { key, body, authorization: request.headers.get('authorization') } as ApiCall;
    Object.defineProperty(call, 'headers', { value: request.headers, enumerable: false });
    Object.defineProperty(call, 'query', { value: new URL(request.url).searchParams, enumerable: false });
    calls.push(call);
    const route = routes[key] ?? otherwise;
    if (!route) throw new TypeError(`Failed to fetch (${key})`);
    return route(body, request);
  });
  return calls;
}

/** An answer held open until the test lets it go (the loading and saving states). */
export function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Answers only `key`, and that when the test lets it go (`answer.resolve`): the page's loading state. */
export function heldAnswer(key: string) {
  const answer = deferred();
  const calls = mockApi({ [key]: () => answer.promise });
  return { answer, calls };
}

/** Answers `key` with `answer(query)` (a list page's search params) and keeps every query string it was asked, in order. */
export function mockQueriedApi(key: string, answer: (query: URLSearchParams) => Response | Promise<Response>) {
  const queries: string[] = [];
  const calls = mockApi({
    [key]: (_body, request) => {
      const query = new URL(request.url).searchParams;
      queries.push(query.toString());
      return answer(query);
    },
  });
  return { queries, calls };
}
