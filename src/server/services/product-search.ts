import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { likePattern } from '../db/like';
import { products } from '../db/schema';

/**
 * How PostgreSQL searches the catalogue online: `trigram` (the pg_trgm extension: typo-tolerant, its
 * GIN indexes made by the catalogue_tracking migration) or `fulltext` (built in: words and their
 * prefixes, for a server where pg_trgm could not be created).
 */
export type SearchEngine = 'trigram' | 'fulltext';

/** A search's filter, and what ranks its hits: name hits first, then the best score. */
export interface SearchMatch {
  where: SQL;
  /** 1 when the name matches, else 0. */
  nameHit: SQL<number>;
  /** How well the product matches, as float8 (higher is better). */
  score: SQL<number>;
}

const detected = new WeakMap<Db, Promise<SearchEngine>>();

/**
 * The engine this database offers, asked once per database handle (so once per process). The
 * extension may be missing or outside the search path: only a callable word_similarity counts. A
 * failed question (the database briefly away) is asked again next time rather than remembered.
 */
export function searchEngine(db: Db, forced?: SearchEngine): Promise<SearchEngine> {
  if (forced) return Promise.resolve(forced);
  let engine = detected.get(db);
  if (!engine) {
    engine = db
      .execute(sql`select to_regprocedure('word_similarity(text,text)') is not null as trigram`)
      .then((result) => ((result as unknown as { rows: { trigram: boolean }[] }).rows[0]?.trigram ? 'trigram' : 'fulltext'));
    detected.set(db, engine);
    engine.catch(() => detected.delete(db));
  }
  return engine;
}

/** The index expression of the full-text fallback (migration catalogue_tracking): used as written there, so the index serves. */
const searchDocument = sql`to_tsvector('simple', ${products.name} || ' ' || ${products.description})`;

/**
 * Words and their prefixes, all of them (`shea but` finds Shea Butter): letters and digits only, so
 * nothing a shopper types can be read as tsquery syntax.
 */
function prefixQuery(text: string): string | undefined {
  const words = (text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
  return words.length ? words.map((word) => `'${word}':*`).join(' & ') : undefined;
}

/**
 * The one matcher of the catalogue's online search (GET /products and GET /getProducts use it, so
 * their hits agree). Both engines also take the text as a substring of the name, description or
 * category (ILIKE, as the search always has), so no product the old search found is lost.
 * - trigram: `<%` (word_similarity at or above pg_trgm's 0.6) against the name or the description
 *   tolerates a typo or two ('shea buter' finds Shea Butter); ranked by the better of the two.
 * - fulltext: every word as a prefix of a word in the name or description; ranked by ts_rank.
 */
export function searchMatch(engine: SearchEngine, text: string): SearchMatch {
  const pattern = likePattern(text);
  const substring = sql`(${products.name} ilike ${pattern} or ${products.description} ilike ${pattern} or ${products.category} ilike ${pattern})`;
  if (engine === 'trigram') {
    return {
      where: sql`(${text} <% ${products.name} or ${text} <% ${products.description} or ${substring})`,
      nameHit: sql<number>`(${products.name} ilike ${pattern} or ${text} <% ${products.name})::int`,
      score: sql<number>`greatest(word_similarity(${text}, ${products.name}), word_similarity(${text}, ${products.description}))::float8`,
    };
  }
  const words = prefixQuery(text);
  if (!words) {
    return { where: substring, nameHit: sql<number>`(${products.name} ilike ${pattern})::int`, score: sql<number>`0::float8` };
  }
  const query = sql`to_tsquery('simple', ${words})`;
  return {
    where: sql`(${searchDocument} @@ ${query} or ${substring})`,
    nameHit: sql<number>`(${products.name} ilike ${pattern} or to_tsvector('simple', ${products.name}) @@ ${query})::int`,
    score: sql<number>`ts_rank(${searchDocument}, ${query})::float8`,
  };
}
