import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ApiError } from '@/shared/types';
import { errorForLog, isConnectionError } from '../db/errors';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { DeliveryChangedError } from '../services/orders/delivery';
import type { AppEnv } from './env';

/**
 * The app's onError: every failure becomes `{ message, errors? }` JSON, never HTML or a stack trace.
 * AppError keeps its status; Hono's HTTPException keeps its status (5xx with the generic message);
 * a lost database is a 503 to retry; anything else is a logged 500.
 */
export function errorAnswers(log: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof AppError) {
      if (error.cause !== undefined)
        log.error('request failed', { reqId: c.var.requestId, path: c.req.path, status: error.status, error: errorForLog(error.cause) });
      const body: ApiError = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
      if (error instanceof DeliveryChangedError) body.delivery = error.delivery;
      return c.json(body, error.status, error.headers);
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return c.json({ message: status >= 500 ? SERVER_MESSAGES.serverError : error.message || 'Bad request' }, status);
    }
    if (isConnectionError(error)) {
      log.warn('database unavailable', { reqId: c.var.requestId, error: errorForLog(error) });
      return c.json({ message: 'The shop is briefly unavailable. Please try again in a moment.' }, 503, { 'Retry-After': '5' });
    }
    log.error('unhandled error', { reqId: c.var.requestId, path: c.req.path, error: errorForLog(error) });
    return c.json({ message: SERVER_MESSAGES.serverError }, 500);
  };
}
