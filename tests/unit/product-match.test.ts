import { describe, expect, it } from 'vitest';
import { matchProducts } from '@/client/lib/product-match';
import { correctTypos, searchWords, vocabularyOf } from '@/shared/typos';
import { productNamed as product } from '../helpers/products';

const CATALOGUE = [
  product('cocoa', 'Cocoa Butter'),
  product('shea', 'Whipped Shea Butter – Unscented'),
  product('soap', 'African Black Soap', { category: 'Cleansers', description: 'With shea butter and plantain ash.' }),
  product('moringa', 'Moringa Oil', { category: 'Natural Oils' }),
  product('silk', 'Silk Hair Wrap', { category: 'Hair' }),
  product('care', 'Hair Care Gift Set', { category: 'Gifts and Sets' }),
];

const ids = (query: string) => matchProducts(CATALOGUE, query).map((p) => p._id);

describe("the phone's copy's search (lib/product-match.ts)", () => {
  it('finds a product through two typos in a short query, as through each one alone', () => {
    expect(ids('shae buter')).toEqual(['shea']);
    // The typo reading looks at names and categories (as the server's): Black Soap says shea butter in its description only.
    expect(ids('shae butter')).toEqual(['shea']);
    expect(ids('shea buter')).toEqual(['shea']);
    expect(ids('SHAE  BUTER')).toEqual(['shea']);
  });

  it('finds the words in any order, typos or not', () => {
    expect(ids('buter shae')).toEqual(['shea']);
    expect(ids('butter shea')).toEqual(['shea', 'soap']);
  });

  it('ranks names holding the query first, and reads typos where the query as typed finds nothing', () => {
    // 'butter' is in two names and one description; nothing needs correcting.
    expect(ids('butter')).toEqual(['cocoa', 'shea', 'soap']);
    // 'moringga' is one letter off: found only by its correction.
    expect(ids('moringga')).toEqual(['moringa']);
    // A category's name with a typo.
    expect(ids('clenasers')).toEqual(['soap']);
  });

  it('reads no unrelated short word as a catalogue word', () => {
    // One letter from 'silk', 'care', 'oil', 'soap', 'hair': none of them is a swap of neighbours.
    for (const query of ['milk', 'cake', 'oit', 'soup', 'heir', 'xyz', 'butt3r']) expect(ids(query), query).toEqual([]);
    // A wrong first letter is no typo the search guesses at.
    expect(ids('mutter')).toEqual([]);
  });

  it('matches nothing for a blank query, and keeps to the limit', () => {
    expect(ids('  ')).toEqual([]);
    expect(matchProducts(CATALOGUE, 'butter', 2).map((p) => p._id)).toEqual(['cocoa', 'shea']);
  });
});

describe('typo readings (shared/typos.ts), as the server uses them too', () => {
  const vocabulary = vocabularyOf(CATALOGUE.map((p) => p.name));

  it('reads each unknown word as its nearest catalogue word, and says when there is nothing to read', () => {
    expect(correctTypos(searchWords('Shae-Buter'), vocabulary)).toEqual(['shea', 'butter']);
    expect(correctTypos(searchWords('whiped shea'), vocabulary)).toEqual(['whipped', 'shea']);
    // Known words, or parts of them, are left as typed: nothing to correct.
    expect(correctTypos(searchWords('shea but'), vocabulary)).toBeNull();
    expect(correctTypos(searchWords('milk'), vocabulary)).toBeNull();
  });

  it('forgives two typos in a long word', () => {
    expect(correctTypos(['unsentted'], vocabulary)).toEqual(['unscented']);
    expect(correctTypos(['unsentd'], vocabulary)).toBeNull();
  });
});
