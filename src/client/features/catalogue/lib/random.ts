import { useContext } from 'react';
import { PageContext } from '@/client/lib/page-context';
import { seededRandom } from '@/shared/random';

/**
 * One seed per visit: "random" picks (Best Sellers, similar products) differ between visits but stay
 * the same while the shopper moves around, so cards do not jump on every render or return. A page
 * the server rendered brings the seed it drew with (PageContext), so the browser picks the same cards.
 */
const VISIT_SEED = Math.floor(Math.random() * 2 ** 32);

/** The seed of this visit's random picks. */
export function useVisitSeed(): number {
  return useContext(PageContext)?.seed ?? VISIT_SEED;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Up to `count` items in a random order, stable for this visit and this `salt`. */
export function pickRandom<T extends { _id: string }>(items: readonly T[], count: number, salt: string, seed: number): T[] {
  const random = seededRandom(seed ^ hash(salt));
  // Shuffle a copy in id order, so the pick does not depend on the order the list arrived in.
  const pool = [...items].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, count);
}
