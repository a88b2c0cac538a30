import ky, { HTTPError } from 'ky';
import type { DeliveryChange } from '@/shared/delivery';
import type { ApiError } from '@/shared/types';

/**
 * The one configured HTTP client: JSON under /api, the bearer token from the session, no retries
 * for writes (an order must not be sent twice by the library; idempotency keys handle retries).
 */
let tokenSource: () => string | null = () => null;
let onUnauthorized: () => void = () => {};

/** Wired once at start-up (app.tsx), so lib code never imports stores or the router. */
export function configureHttp(options: { token: () => string | null; unauthorized: () => void }): void {
  tokenSource = options.token;
  onUnauthorized = options.unauthorized;
}

/**
 * For the public answers every shopper shares (the catalogue, the shop settings): sent without the
 * token, so the service worker may keep them for offline use (it never caches a call with credentials).
 */
export const publicHttp = ky.create({
  prefixUrl: '/api',
  timeout: 20_000,
  retry: { limit: 1, methods: ['get'] },
});

export const http = publicHttp.extend({
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
  if (error instanceof HTTPError) {
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
