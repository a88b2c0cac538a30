import type { ErrorComponentProps } from '@tanstack/react-router';

/** The generic boundary (spec section 8): 'Something went wrong.' with the message. */
export function ErrorFallback({ error, reset }: ErrorComponentProps) {
  return (
    <section role="alert" style={{ padding: '24px', maxWidth: 640, margin: '0 auto' }}>
      <h1>Something went wrong.</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
      <button type="button" onClick={reset}>
        Try again
      </button>
    </section>
  );
}
