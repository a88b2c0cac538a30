import { ApiFailure } from '../../lib/http';

/** Zod issues (or the server's `errors`) as one message per field: the first one wins. */
export function fieldErrors<F extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[], fields: readonly F[]) {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field) && !errors[field as F]) errors[field as F] = issue.message;
  }
  return errors;
}

/** The first field (in form order) that has an error. */
export function firstInvalid<F extends string>(errors: Partial<Record<F, string>>, fields: readonly F[]): F | undefined {
  return fields.find((f) => errors[f] !== undefined);
}

/**
 * What a failed call tells the shopper: the server's message (or `fallback` when it sent none), and
 * `network` when no answer came back at all.
 */
export function failureMessage(error: unknown, fallback: string, network: string): string {
  if (error instanceof ApiFailure) return error.status === 0 && error.message === fallback ? network : error.message;
  return network;
}
