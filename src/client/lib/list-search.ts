import { useNavigate, useSearch } from '@tanstack/react-router';

/**
 * Search params of the admin lists (`?q=&status=&page=`), read by hand: a route's validateSearch
 * ships with the route tree, so it stays zod-free. Shared by the admin lists of orders, customers and products.
 */

/** A search text: trimmed, at most `max` characters (the API refuses more); a number typed as the text counts too. */
export function textParam(value: unknown, max = 100): string | undefined {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const trimmed = text.trim().slice(0, max);
  return trimmed === '' ? undefined : trimmed;
}

/** A page number of 2 or more; page 1 (the default) keeps the address clean. */
export function pageParam(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n > 1 ? n : undefined;
}

/** `value` when it is one of `allowed`, else nothing (an unknown filter is dropped). */
export function oneOf<T>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

/** Keys whose value is undefined are left out of the address. */
function withoutEmpty<S extends object>(search: S): S {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as S;
}

/**
 * The current page's list search, parsed with `parse`, and how to change it; `replace` keeps the
 * Back button from filling up with every search typed.
 */
export function useListSearch<S extends object>(parse: (raw: Record<string, unknown>) => S) {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const search = parse(raw);
  const setSearch = (patch: Partial<S>, { replace = false }: { replace?: boolean } = {}) => {
    void navigate({ to: '.', search: withoutEmpty(parse({ ...search, ...patch })), replace });
  };
  return [search, setSearch] as const;
}

/**
 * The search box of a list searched by `q` and paged by `page`: it shows the search in effect, and
 * a new text starts again from page 1, replacing the address.
 */
export function searchBoxOf<S extends { q?: string; page?: number }>(
  search: S,
  setSearch: (patch: Partial<S>, options?: { replace?: boolean }) => void,
): { value: string; onSearch(q: string): void } {
  return { value: search.q ?? '', onSearch: (q) => setSearch({ q, page: undefined } as Partial<S>, { replace: true }) };
}
