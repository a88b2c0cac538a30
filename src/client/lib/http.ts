import type { HTTPError, KyInstance, Options, ResponsePromise } from 'ky';
import type { DeliveryChange } from '@/shared/delivery';
import type { ApiError } from '@/shared/types';

/**
 * The one configured HTTP client: JSON under /api, the bearer token from the session, no retries
 * for writes (an order must not be sent twice by the library; idempotency keys handle retries).
 *
 * ky itself arrives with the first call, or once the first screen is up (app.tsx), not with the
 * first screen (about 4 KB gzip of the home page's start-up, issue 44): a page the server drew
 * needs no call to show. Until then `http` and `publicHttp` stand in for the ky instances; once it
 * is here every call goes straight to ky, as before.
 */
let tokenSource: () => string | null = () => null;
let onUnauthorized: () => void = () => {};

/** Wired once at start-up (app.tsx), so lib code never imports stores or the router. */
export function configureHttp(options: { token: () => string | null; unauthorized: () => void }): void {
  tokenSource = options.token;
  onUnauthorized = options.unauthorized;
}

type Clients = { publicHttp: KyInstance; http: KyInstance; HTTPError: typeof HTTPError };
let clients: Clients | undefined;
let loading: Promise<Clients> | undefined;

/** Loads ky and makes the two clients (once). Tests wait on it, as a page that has been open a moment has it. */
export function loadHttp(): Promise<Clients> {
  loading ??= import('ky').then(({ default: ky, HTTPError }) => {
    /**
     * For the public answers every shopper shares (the catalogue, the shop settings): sent without the
     * token, so the service worker may keep them for offline use (it never caches a call with credentials).
     */
    const publicHttp = ky.create({
      prefixUrl: '/api',
      timeout: 20_000,
      retry: { limit: 1, methods: ['get'] },
    });
    const http = publicHttp.extend({
      hooks: {
        beforeRequest: [
          (request) => {
            const token = tokenSource();
            if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
          },
        ],
        afterResponse: [
          (request, _options, response) => {
            // A signed-in call refused as unauthenticated: the session is over (expired or revoked).
            if (response.status === 401 && request.headers.has('authorization')) onUnauthorized();
          },
        ],
      },
    });
    clients = { publicHttp, http, HTTPError };
    return clients;
  });
  return loading;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** What the app calls of a ky instance: as a function (hc's fetch, lib/api-client.ts) and its methods. */
export type HttpClient = ((input: string, options?: Options) => ResponsePromise) & Record<Method, (input: string, options?: Options) => ResponsePromise>;

/**
 * A call made before ky is here: sent once ky has arrived, read the way the caller reads it. ky sets
 * the Accept header for `.json()` only when it is asked for in the tick the call is made, so each
 * reader makes the call and asks in one go; a reply is read once.
 */
function laterReply(send: (loaded: Clients) => ResponsePromise): ResponsePromise {
  let reply: Promise<unknown> | undefined;
  const read = <T>(how: (sent: ResponsePromise) => Promise<T>): Promise<T> => {
    reply ??= loadHttp().then((loaded) => how(send(loaded)));
    return reply as Promise<T>;
  };
  const whole = () => read((sent) => Promise.resolve(sent));
  const later = {
    // biome-ignore lint/suspicious/noThenProperty: a stand-in for ky's ResponsePromise, which is awaited
    then: (onFulfilled?: (response: Response) => unknown, onRejected?: (reason: unknown) => unknown) => whole().then(onFulfilled, onRejected),
    catch: (onRejected?: (reason: unknown) => unknown) => whole().catch(onRejected),
    finally: (onFinally?: () => void) => whole().finally(onFinally),
    json: () => read((sent) => sent.json()),
    text: () => read((sent) => sent.text()),
    blob: () => read((sent) => sent.blob()),
    arrayBuffer: () => read((sent) => sent.arrayBuffer()),
    formData: () => read((sent) => sent.formData()),
  };
  return later as unknown as ResponsePromise;
}

function standIn(pick: (loaded: Clients) => KyInstance): HttpClient {
  const call = (input: string, options?: Options) => (clients ? pick(clients)(input, options) : laterReply((loaded) => pick(loaded)(input, options)));
  const method = (name: Method) => (input: string, options?: Options) =>
    clients ? pick(clients)[name](input, options) : laterReply((loaded) => pick(loaded)[name](input, options));
  return Object.assign(call, { get: method('get'), post: method('post'), put: method('put'), patch: method('patch'), delete: method('delete') });
}

/** Without the token: the public answers (see loadHttp). */
export const publicHttp = standIn((loaded) => loaded.publicHttp);
/** With the session's token, and a 401 on a signed-in call ending the session. */
export const http = standIn((loaded) => loaded.http);

/** Thrown with the text a shopper should see. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: ApiError['errors'] = undefined,
    /** A refused order's delivery as the shop has it now (409): the shopper confirms before anything is placed. */
    readonly delivery: DeliveryChange | undefined = undefined,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/**
 * The message of a failed call: the server's `message`, 'Server returned non-JSON response: …' for a
 * reply that is not JSON, or `fallback` when the network failed.
 */
export async function toApiFailure(error: unknown, fallback: string): Promise<ApiFailure> {
  if (error instanceof ApiFailure) return error;
  if (clients && error instanceof clients.HTTPError) {
    const text = await error.response.text().catch(() => '');
    try {
      const body = JSON.parse(text) as Partial<ApiError>;
      const message = typeof body.message === 'string' && body.message ? body.message : fallback;
      return new ApiFailure(message, error.response.status, body.errors, deliveryChangeOf(body.delivery));
    } catch {
      return new ApiFailure(`Server returned non-JSON response: ${text.slice(0, 100)}`, error.response.status);
    }
  }
  if (error instanceof SyntaxError) return new ApiFailure(`Server returned non-JSON response: ${error.message.slice(0, 100)}`, 0);
  return new ApiFailure(fallback, 0);
}

/** The answer's `delivery` when it has the shape the server sends (a fee or null, and a list of options). */
function deliveryChangeOf(value: unknown): DeliveryChange | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { fee, options } = value as Partial<DeliveryChange>;
  if (!(fee === null || typeof fee === 'number') || !Array.isArray(options)) return undefined;
  return { fee, options };
}

/** Runs a call and turns any failure into an ApiFailure with a shopper-facing message. */
export async function apiCall<T>(call: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw await toApiFailure(error, fallback);
  }
}
