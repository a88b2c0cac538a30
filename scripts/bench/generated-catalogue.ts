/**
 * The generated catalogue of the `catalogue5000` bench scenario, and of the end-to-end suite's big
 * shop (tests/e2e/big-catalogue-seed.ts): a varied, realistic natural-cosmetics catalogue of any
 * size, the same for the same seed.
 */
import { createHash } from 'node:crypto';
import type { products } from '@/server/db/schema';
import type { Category } from '@/shared/constants';
import { seededRandom } from '@/shared/random';

export type NewProduct = typeof products.$inferInsert;

const PRODUCT_TYPES: Record<Category, string[]> = {
  Hair: ['Hair Butter', 'Leave-In Conditioner', 'Scalp Oil', 'Hair Mask', 'Edge Control', 'Shampoo Bar', 'Growth Pomade'],
  Skin: ['Body Butter', 'Face Cream', 'Body Lotion', 'Lip Balm', 'Body Scrub', 'Face Serum', 'Hand Cream'],
  Cleansers: ['African Black Soap', 'Face Wash', 'Body Wash', 'Cleansing Bar', 'Liquid Black Soap', 'Clay Cleanser'],
  'Gifts and Sets': ['Gift Box', 'Starter Set', 'Travel Kit', 'Spa Hamper', 'Care Duo', 'Wedding Favour Pack'],
  'Natural Oils': ['Oil', 'Body Oil', 'Massage Oil', 'Carrier Oil', 'Face Oil'],
  Others: ['Wooden Comb', 'Sisal Loofah', 'Soap Dish', 'Bath Sponge', 'Kente Pouch'],
};
// Roughly the mix of a real natural-cosmetics shop: mostly skin and hair, few accessories.
const CATEGORY_WEIGHTS: [Category, number][] = [
  ['Skin', 0.3],
  ['Hair', 0.22],
  ['Cleansers', 0.18],
  ['Natural Oils', 0.15],
  ['Gifts and Sets', 0.1],
  ['Others', 0.05],
];
const PRICE_RANGE_CEDIS: Record<Category, [number, number]> = {
  Hair: [25, 180],
  Skin: [15, 220],
  Cleansers: [10, 90],
  'Gifts and Sets': [120, 650],
  'Natural Oils': [30, 260],
  Others: [8, 75],
};
const PREFIXES = ['Raw', 'Whipped', 'Organic', 'Cold-Pressed', 'Unrefined', 'Handmade', 'Pure', 'Nourishing', 'Soothing', 'Gentle', 'Golden', 'Rich'];
const INGREDIENTS = [
  'Shea',
  'Cocoa Butter',
  'Moringa',
  'Baobab',
  'Coconut',
  'Neem',
  'Hibiscus',
  'Lemongrass',
  'Turmeric',
  'Aloe Vera',
  'Palm Kernel',
  'Ginger',
  'Rosemary',
  'Castor',
  'Avocado',
  'Tiger Nut',
];
const SIZES = ['50 ml', '100 ml', '150 g', '200 ml', '250 g', '500 ml', '1 kg'];
const TOWNS = ['Tamale', 'Kumasi', 'Bolgatanga', 'Ho', 'Cape Coast', 'Techiman', 'Wa', 'Koforidua', 'Sunyani'];
const SENTENCES = [
  (ing: string, type: string, town: string) =>
    `Our ${type.toLowerCase()} is made in small batches with ${ing.toLowerCase()} sourced from women's cooperatives near ${town}.`,
  (ing: string) => `${ing} is rich in vitamins A and E and fatty acids that help the skin keep its moisture through the harmattan.`,
  () => 'Free from parabens, mineral oil and synthetic fragrance; suitable for sensitive skin and for children over three.',
  (_ing: string, type: string) => `Apply the ${type.toLowerCase()} to clean skin or hair morning and evening, and massage gently until absorbed.`,
  () => 'Store in a cool, dry place away from direct sunlight. The texture may soften in hot weather; this does not affect quality.',
  (ing: string, _type: string, town: string) =>
    `Every jar carries the batch number and the ${town} cooperative it came from, so you know where your ${ing.toLowerCase()} grew.`,
];

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)] as T;
}

function pickCategory(rand: () => number): Category {
  let r = rand();
  for (const [category, weight] of CATEGORY_WEIGHTS) {
    r -= weight;
    if (r < 0) return category;
  }
  return 'Skin';
}

/** A varied, realistic catalogue: prices by category, some sold out, some unrated, 1-3 images each. */
export function generateCatalogue(count: number, now = Date.now()): NewProduct[] {
  const rand = seededRandom(20_261_122);
  const rows: NewProduct[] = [];
  for (let i = 0; i < count; i++) {
    const category = pickCategory(rand);
    const type = pick(rand, PRODUCT_TYPES[category]);
    const ingredient = pick(rand, INGREDIENTS);
    const town = pick(rand, TOWNS);
    const [low, high] = PRICE_RANGE_CEDIS[category];
    const sentenceCount = 2 + Math.floor(rand() * 3);
    const start = Math.floor(rand() * SENTENCES.length);
    const description = Array.from({ length: sentenceCount }, (_, s) =>
      (SENTENCES[(start + s) % SENTENCES.length] as (typeof SENTENCES)[number])(ingredient, type, town),
    ).join(' ');
    const stockRoll = rand();
    const rated = rand() > 0.25;
    const newArrival = rand() < 0.1;
    const ageDays = newArrival ? rand() * 30 : 30 + rand() * 690;
    const imageCount = 1 + Math.floor(rand() * 3);
    rows.push({
      name: `${pick(rand, PREFIXES)} ${ingredient} ${type} ${pick(rand, SIZES)}`,
      description,
      category,
      // Prices end in .00 or .50, like a real price list.
      pricePesewas: Math.round((low + rand() * (high - low)) * 2) * 50,
      stock: stockRoll < 0.08 ? 0 : stockRoll < 0.2 ? 1 + Math.floor(rand() * 5) : 6 + Math.floor(rand() * 295),
      // Only the keys matter to getProducts: it turns them into URLs without touching the files.
      images: Array.from({ length: imageCount }, (_, j) => createHash('sha256').update(`bench-${i}-${j}`).digest('hex').slice(0, 32)),
      newArrival,
      rating: rated ? Math.round((3 + rand() * 2) * 10) / 10 : null,
      ratingCount: rated ? 1 + Math.floor(rand() ** 2 * 400) : 0,
      unitsSold: Math.floor(rand() ** 3 * 3_000),
      createdAt: new Date(now - ageDays * 86_400_000),
    });
  }
  return rows;
}
