/**
 * The big shop of tests/e2e/big-catalogue.spec.ts: 5,000 generated products (the bench's generator,
 * scripts/bench/generated-catalogue.ts) written straight into an empty DATA_DIR before its server
 * starts (playwright.config.ts, the second webServer). Their photos are a few demo pictures drawn
 * once and shared, so seeding takes seconds rather than 5,000 image conversions.
 *
 *   DATA_DIR=.e2e-data-5000 node --import tsx tests/e2e/big-catalogue-seed.ts
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { parseEnv, uploadsDirFor } from '@/server/config';
import { openConfiguredDatabase } from '@/server/db/client';
import { products } from '@/server/db/schema';
import { productArtSvg } from '@/server/demo/art';
import { DEMO_PRODUCTS } from '@/server/demo/catalogue';
import { diskImageStore } from '@/server/services/catalogue/images';
import { generateCatalogue } from '../../scripts/bench/generated-catalogue';
import { BIG_CATALOGUE_SIZE } from './big-catalogue';

/** Distinct photos the products share. */
const PHOTOS = 3;
// 2,500 rows × 11 columns stays under PostgreSQL's 65,535 parameters per statement.
const ROWS_PER_INSERT = 2_500;

async function main(): Promise<void> {
  const started = performance.now();
  const env = parseEnv(process.env);
  const database = await openConfiguredDatabase(env);
  try {
    const [{ n } = { n: 0 }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    if (n > 0) throw new Error(`${env.DATA_DIR} already holds ${n} products: the big shop is seeded into an empty data folder`);
    const images = diskImageStore(uploadsDirFor(env));
    const keys: string[] = [];
    for (const demo of DEMO_PRODUCTS.slice(0, PHOTOS)) {
      const art = demo.art[0];
      if (!art) continue;
      const png = await sharp(Buffer.from(productArtSvg(art, demo.name)))
        .png({ compressionLevel: 1 })
        .toBuffer();
      keys.push(await images.save(png));
    }
    const rows = generateCatalogue(BIG_CATALOGUE_SIZE).map((row, i) => ({ ...row, images: [keys[i % keys.length] as string] }));
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await tx.insert(products).values(rows.slice(i, i + ROWS_PER_INSERT));
    });
    console.log(`Seeded ${rows.length} products with ${keys.length} shared photos into ${env.DATA_DIR} in ${Math.round(performance.now() - started)} ms.`);
  } finally {
    await database.close();
  }
}

await main();
