import type { ApiError } from '../../shared/types';

/** Minimal JSON fetch until the storefront brings its configured ky client. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(`/api${path}`, { signal, headers: { accept: 'application/json' } });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`Server returned non-JSON response: ${text.slice(0, 100)}`);
  }
  if (!res.ok) throw new Error((body as ApiError).message ?? `HTTP error: ${res.status}`);
  return body as T;
}
