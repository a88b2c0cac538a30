/** `/order/{id}?placed=true`: the confirmation shown right after checkout. */
interface OrderSearch {
  placed?: boolean;
}

/** validateSearch of /order/$id: tiny and hand-written (no zod) as it ships with the route tree. */
export function orderSearch(search: Record<string, unknown>): OrderSearch {
  return search.placed === true || search.placed === 'true' ? { placed: true } : {};
}
