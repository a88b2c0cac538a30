import { and, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { CATEGORIES } from '@/shared/constants';
import { correctTypos, searchWords, vocabularyOf } from '@/shared/typos';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/like';
import { products } from '../../db/schema';
import { onCatalogueChanged } from './catalogue-signal';

/**
 * How PostgreSQL searches the catalogue online: `trigram` (the pg_trgm extension: typo-tolerant, its
 * GIN indexes made by the catalogue_tracking migration) or `fulltext` (built in: words and their
 * prefixes, for a server where pg_trgm could not be created).
 */
export type SearchEngine = 'trigram' | 'fulltext';

/** A search's filter, and what ranks its hits: name hits first, then the best score. */
export interface SearchMatch {
  where: SQL;
  /** How the name matches, higher first: holding the query as typed, then with typos corrected (productSearch); 0 when it does not. */
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

/**
 * The products whose words match, through the full-text fallback's index (migration
 * catalogue_tracking; the expression as written there). A subquery, so the index serves even beside
 * the ILIKE conditions, which make the outer query read every row: parsing each description there
 * cost 170 ms a search at 5,000 products, the index 15 ms.
 */
const wordsMatch = (query: SQL) =>
  sql`${products.id} in (select p.id from ${products} p where to_tsvector('simple', p.name || ' ' || p.description) @@ ${query})`;

/**
 * Words and their prefixes, all of them (`shea but` finds Shea Butter): letters and digits only, so
 * nothing a shopper types can be read as tsquery syntax.
 */
function prefixQuery(text: string): string | undefined {
  const words = (text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
  return words.length ? words.map((word) => `'${word}':*`).join(' & ') : undefined;
}

/**
 * The categories whose name holds the text, as `category ILIKE '%text%'` would find them: six names,
 * matched here, so the database compares with the category's index instead of reading every row.
 */
function categoriesHolding(text: string): SQL | undefined {
  const lower = text.toLowerCase();
  const hits = CATEGORIES.filter((category) => category.toLowerCase().includes(lower));
  return hits.length ? inArray(products.category, hits) : undefined;
}

/**
 * The engine's part of the catalogue's online search (productSearch below adds the typos pg_trgm
 * cannot forgive; GET /products and GET /getProducts use it, so their hits agree). Both engines take the text as a substring of the name, the description or the
 * category name (ILIKE, as the search always has), so no product the old search found is lost.
 * - trigram: also names that hold the text with a typo or two (`<%`: word_similarity at or above
 *   pg_trgm's 0.6; 'shea buter' finds Shea Butter); ranked by that similarity. Descriptions match by
 *   substring only: word similarity over every description of a large catalogue cost 250 ms a search
 *   at 5,000 products (it cannot always use the index), the name's about a tenth of that, and the
 *   GIN trigram indexes serve both the `<%` on names and every ILIKE.
 * - fulltext: also every word as a prefix of a word in the name or description; ranked by ts_rank
 *   on the name (ranking every matching description would read each of them again).
 */
export function searchMatch(engine: SearchEngine, text: string): SearchMatch {
  const pattern = likePattern(text);
  const substring = [sql`${products.name} ilike ${pattern}`, sql`${products.description} ilike ${pattern}`, categoriesHolding(text)].filter(
    (condition): condition is SQL => condition !== undefined,
  );
  if (engine === 'trigram') {
    return {
      where: sql`(${text} <% ${products.name} or ${sql.join(substring, sql` or `)})`,
      // The name holding the text first; then by similarity, which puts a name with a typo (0.6 and up)
      // before a description's hit. One similarity a row for the order (each costs a few microseconds).
      nameHit: sql<number>`(${products.name} ilike ${pattern})::int`,
      score: sql<number>`word_similarity(${text}, ${products.name})::float8`,
    };
  }
  const words = prefixQuery(text);
  if (!words) {
    return { where: sql`(${sql.join(substring, sql` or `)})`, nameHit: sql<number>`(${products.name} ilike ${pattern})::int`, score: sql<number>`0::float8` };
  }
  const query = sql`to_tsquery('simple', ${words})`;
  return {
    where: sql`(${sql.join(substring, sql` or `)} or ${wordsMatch(query)})`,
    nameHit: sql<number>`(${products.name} ilike ${pattern} or to_tsvector('simple', ${products.name}) @@ ${query})::int`,
    score: sql<number>`ts_rank(to_tsvector('simple', ${products.name}), ${query})::float8`,
  };
}

/** At most this old: bounds what a lost change notification could leave (changes also drop it at once). */
const VOCABULARY_MAX_AGE_MS = 60_000;
const vocabularies = new WeakMap<Db, { words: Promise<string[]>; readAt: number }>();
const followed = new WeakSet<Db>();

/**
 * The words of the catalogue's names and categories (shared/typos.ts), read once per database handle
 * and again after products change (the catalogue signal; another process's change arrives through
 * it too). Names and category names, not descriptions, as the trigram engine forgives typos in names
 * only: a few thousand words at 5,000 products, read in a few milliseconds after each change. A failed
 * read is tried again next time.
 */
function catalogueVocabulary(db: Db): Promise<string[]> {
  const kept = vocabularies.get(db);
  if (kept && Date.now() - kept.readAt < VOCABULARY_MAX_AGE_MS) return kept.words;
  const words = db
    .select({ name: products.name })
    .from(products)
    .then((rows) => vocabularyOf([...rows.map((row) => row.name), ...CATEGORIES]));
  const vocabulary = { words, readAt: Date.now() };
  vocabularies.set(db, vocabulary);
  words.catch(() => {
    if (vocabularies.get(db) === vocabulary) vocabularies.delete(db);
  });
  if (!followed.has(db)) {
    followed.add(db);
    onCatalogueChanged(db, (change) => {
      if (change.kind !== 'stock') vocabularies.delete(db);
    });
  }
  return words;
}

/**
 * The search's matcher (GET /products and GET /getProducts): the engine's (searchMatch), and, when
 * the query holds words no name knows, also the products whose name or category holds the query with
 * those typos read as the catalogue's words ('shae buter' as 'shea butter'; two typos are beyond
 * pg_trgm's likeness in a short query, and full-text search has no typo tolerance at all). Both
 * engines alike; each corrected word is an ILIKE on the name (the trigram index serves it), so no
 * per-row function is added. Ranked after the names that hold the query as typed, before the rest.
 */
export async function productSearch(db: Db, text: string, forced?: SearchEngine): Promise<SearchMatch> {
  const [engine, vocabulary] = await Promise.all([searchEngine(db, forced), catalogueVocabulary(db)]);
  const match = searchMatch(engine, text);
  const corrected = correctTypos(searchWords(text), vocabulary);
  if (!corrected) return match;
  const correctedHit = and(...corrected.map((word) => or(ilike(products.name, likePattern(word)), categoriesHolding(word)))) as SQL;
  return {
    where: sql`(${match.where} or ${correctedHit})`,
    nameHit: sql<number>`(case when ${match.nameHit} = 1 then 2 when ${correctedHit} then 1 else 0 end)`,
    score: match.score,
  };
}
