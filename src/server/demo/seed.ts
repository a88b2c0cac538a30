import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { GHANA_REGIONS } from '@/shared/delivery';
import { toPesewas } from '@/shared/money';
import { deliveryOptions, orders, products, promoCodes, shopSettings } from '../db/schema';
import type { Tx } from '../db/transaction';
import type { Logger } from '../logger';
import type { ImageStore } from '../services/catalogue/images';
import { productArtSvg } from './art';
import { DEMO_PRODUCTS } from './catalogue';

/** Renders the generated product art and stores it like an upload; runs two at a time. */
async function renderProductImages(images: ImageStore): Promise<string[][]> {
  const result: string[][] = DEMO_PRODUCTS.map(() => []);
  const jobs = DEMO_PRODUCTS.flatMap((product, p) => product.art.map((spec, i) => ({ p, i, svg: productArtSvg(spec, product.name) })));
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (!job) break;
      const png = await sharp(Buffer.from(job.svg)).png({ compressionLevel: 1 }).toBuffer();
      (result[job.p] as string[])[job.i] = await images.save(png);
    }
  };
  await Promise.all([worker(), worker()]);
  return result;
}

/**
 * The demo catalogue into an empty shop; the number of products added. Runs inside the start-up's
 * set-up transaction (shop-basics.ts), after the settings row exists, and is loaded only then (a
 * dynamic import), so the catalogue and its art stay off a production server's start-up path.
 */
export async function seedDemoCatalogue(tx: Tx, images: ImageStore, log: Logger): Promise<number> {
  const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(products);
  if (count > 0) return 0;
  const [{ orderCount } = { orderCount: 0 }] = await tx.select({ orderCount: sql<number>`count(*)::int` }).from(orders);
  const started = performance.now();
  log.info('drawing the demo catalogue images (about 20 s, first start only)', { products: DEMO_PRODUCTS.length });
  const imageKeys = await renderProductImages(images);
  // Inside the set-up transaction: a crash mid-seed leaves an empty shop, seeded again next start.
  const now = Date.now();
  await tx.insert(products).values(
    DEMO_PRODUCTS.map((p, i) => ({
      name: p.name,
      description: p.description,
      category: p.category,
      pricePesewas: toPesewas(p.price),
      stock: p.stock,
      images: imageKeys[i] ?? [],
      newArrival: p.newArrival,
      rating: p.rating,
      ratingCount: p.ratingCount,
      unitsSold: p.unitsSold,
      // Marked so go-live removes exactly what the demo made (services/shop/go-live.ts).
      demo: true,
      // Spread creation times so "newest" has a meaningful order; new arrivals are the latest.
      createdAt: new Date(now - (p.newArrival ? i : 60 + i) * 86_400_000),
    })),
  );
  // Recorded with the catalogue: a database that was empty is a demo shop, where the sandbox may simulate Mobile Money.
  if (orderCount === 0) await tx.update(shopSettings).set({ demoShop: true }).where(eq(shopSettings.id, 1));
  // The spec's SAVE10 is demo data: a real shop makes its own codes (a code anyone can read in the spec is a free 10 %).
  await tx.insert(promoCodes).values({ code: 'SAVE10', percent: 10, demo: true }).onConflictDoNothing();
  // SAVE10 from the original migration exists unmarked in older databases: in a demo shop it is demo data too.
  if (orderCount === 0) await tx.update(promoCodes).set({ demo: true }).where(eq(promoCodes.code, 'SAVE10'));
  await seedDemoDelivery(tx);
  log.info('seeded demo catalogue', { products: DEMO_PRODUCTS.length, ms: Math.round(performance.now() - started) });
  return DEMO_PRODUCTS.length;
}

/**
 * How a Ghanaian shop usually delivers: its own rider in Accra (fee with the order, free on big
 * orders), a courier to the other regions (the fee paid to the rider on arrival, as couriers collect
 * it), and pickup at the shop. Only into a shop with no options of its own.
 */
async function seedDemoDelivery(tx: Tx): Promise<void> {
  const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(deliveryOptions);
  if (count > 0) return;
  const others = GHANA_REGIONS.filter((r) => r !== 'Greater Accra');
  await tx.insert(deliveryOptions).values([
    {
      name: 'Delivery in Accra',
      regions: ['Greater Accra'],
      feePesewas: toPesewas(25),
      freeFromPesewas: toPesewas(500),
      eta: 'Same or next day',
      feePaidWith: 'order',
      position: 0,
      demo: true,
    },
    { name: 'Courier outside Accra', regions: others, feePesewas: toPesewas(45), eta: '2–4 days', feePaidWith: 'rider', position: 1, demo: true },
    { name: 'Pickup at the shop', regions: [], feePesewas: 0, eta: 'Ready the same day', feePaidWith: 'order', pickup: true, position: 2, demo: true },
  ]);
}
