import * as z from 'zod/mini';

/**
 * `/search?q=`: the query as text (the router reads `?q=123` as a number), at most 200 characters;
 * anything else, or nothing, is an empty query.
 */
export const searchParamsSchema = z.object({
  q: z._default(
    z.catch(
      z.pipe(
        z.union([z.string(), z.number()]),
        z.transform((v) => String(v).slice(0, 200)),
      ),
      '',
    ),
    '',
  ),
});
