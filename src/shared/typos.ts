/*
 * The search's typo tolerance, one rule for both sides: the online search (server,
 * services/catalogue/product-search.ts, on either database engine) and the phone's copy of the
 * catalogue (client/lib/product-match.ts). A query word the catalogue's names do not hold is read as
 * the nearest word they do, so 'shae buter' finds Shea Butter as 'shea butter' would, online and
 * offline alike.
 */

/** Runs of letters and digits, in lower case: the words of a query, a name or a category. */
export function searchWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The distinct words of these texts (the catalogue's names and categories), the most used first: a
 * tie between two corrections goes to the more common word.
 */
export function vocabularyOf(texts: Iterable<string>): string[] {
  const uses = new Map<string, number>();
  for (const text of texts) {
    for (const word of new Set(searchWords(text))) uses.set(word, (uses.get(word) ?? 0) + 1);
  }
  return [...uses.entries()].sort((a, b) => b[1] - a[1]).map(([word]) => word);
}

/**
 * How many typos a word may carry and still be read as a catalogue word: none under four letters or
 * with a digit (too many short words are a letter apart: oil, gel; sizes like 250ml are exact), at
 * four letters only two swapped letters ('shae'; one changed letter would turn 'milk' into 'silk' or
 * 'cake' into 'care'), one edit from five letters, two from eight.
 */
function typosAllowed(word: string): number {
  if (word.length < 4 || /\p{N}/u.test(word)) return 0;
  return word.length < 8 ? 1 : 2;
}

/**
 * Edits between two words (a letter added, dropped, changed, or two neighbours swapped: the
 * optimal string alignment distance), or `max + 1` as soon as it must exceed `max`.
 */
function editsBetween(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const beyond = max + 1;
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1;
      let edits = Math.min((previous[j] ?? beyond) + 1, (current[j - 1] ?? beyond) + 1, (previous[j - 1] ?? beyond) + change);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) edits = Math.min(edits, (twoBack[j - 2] ?? beyond) + 1);
      current.push(edits);
      rowBest = Math.min(rowBest, edits);
    }
    if (rowBest > max) return beyond;
    twoBack = previous;
    previous = current;
  }
  return Math.min(previous[b.length] ?? beyond, beyond);
}

/** Whether two words of one length differ only by two neighbouring letters swapped. */
function isSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const at = [...a].findIndex((letter, i) => letter !== b[i]);
  return at >= 0 && a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2);
}

/**
 * The vocabulary's word nearest to `word` within its allowance, or undefined. The first letter must
 * be right: shoppers rarely miss it, and it halves the words a short typo could be mistaken for.
 */
function nearestWord(word: string, vocabulary: readonly string[]): string | undefined {
  const allowed = typosAllowed(word);
  let nearest: string | undefined;
  let nearestEdits = allowed + 1;
  for (const known of vocabulary) {
    if (known[0] !== word[0] || Math.abs(known.length - word.length) > allowed) continue;
    const edits = editsBetween(word, known, allowed);
    if (edits >= nearestEdits || (word.length === 4 && !isSwap(word, known))) continue;
    nearest = known;
    nearestEdits = edits;
    // Nothing is nearer than one edit, and the vocabulary lists the most used words first.
    if (edits === 1) break;
  }
  return nearest;
}

/** A longer query is a sentence pasted in, not a product's name mistyped: not worth a guess per word. */
const MOST_WORDS_READ = 6;

/**
 * The query's words with each typo read as the catalogue word it most likely meant, or null when
 * there is nothing to correct (every word is in, or part of, a catalogue word, or too short to
 * guess at, or has no near word). The corrected words find products in addition to the query as typed.
 */
export function correctTypos(words: readonly string[], vocabulary: readonly string[]): string[] | null {
  if (words.length > MOST_WORDS_READ) return null;
  let corrected = false;
  const read = words.map((word) => {
    if (typosAllowed(word) === 0 || vocabulary.some((known) => known.includes(word))) return word;
    const nearest = nearestWord(word, vocabulary);
    if (nearest) corrected = true;
    return nearest ?? word;
  });
  return corrected ? read : null;
}
