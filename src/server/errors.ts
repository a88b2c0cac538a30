/**
 * A refusal the client caused or must hear about; the app's onError turns it into `{ message, errors? }`.
 * A server fault with a message of its own (a 500) keeps what went wrong as its `cause`, for the log.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 502 | 503,
    message: string,
    readonly errors?: { path: (string | number)[]; message: string }[],
    readonly headers?: Record<string, string>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: AppError['errors']) => new AppError(400, message, errors);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
