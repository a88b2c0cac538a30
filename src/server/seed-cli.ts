// `npm run seed [-- --reset]`: fills an empty shop with the demo data; --reset wipes everything first.
// Refuses to run while a server holds the same data folder (the lock in openDatabase).
import { rmSync } from 'node:fs';
import { runCli } from './cli';
import { parseEnv, uploadsDirFor } from './config';
import { openConfiguredDatabase } from './db/client';
import { resetDatabase } from './db/reset';
import { imageStorageFromEnv } from './image-storage';
import { createLogger } from './logger';
import { announceCatalogueChange } from './services/catalogue/catalogue-notify';
import { adminFromEnv, seedDemo } from './shop-basics';

async function main() {
  const env = parseEnv(process.env);
  const reset = process.argv.includes('--reset');
  const database = await openConfiguredDatabase(env, (line) => console.log(line));
  const imageStorage = await imageStorageFromEnv(env, uploadsDirFor(env));
  try {
    const uploadsDir = uploadsDirFor(env);
    if (reset) {
      await resetDatabase(database.db);
      rmSync(uploadsDir, { recursive: true, force: true });
      console.log('Removed all shop data.');
    }
    // The same set-up as every server start (ensureShopBasics), with the demo data.
    const { seededProducts, demoAccounts, warnings } = await seedDemo(database.db, {
      images: imageStorage.store,
      log: createLogger(env.LOG_LEVEL),
      admin: adminFromEnv(env),
    });
    // Shop processes running on DATABASE_URL drop their copies of the catalogue.
    if (reset || seededProducts > 0) await announceCatalogueChange(database.db, 'seed');
    console.log(seededProducts > 0 ? `Seeded ${seededProducts} demo products.` : 'The catalogue already has products; left as it is.');
    for (const account of demoAccounts) console.log(`Demo ${account.role}: ${account.email} / ${account.password}`);
    for (const warning of warnings) console.log(`Warning: ${warning}`);
  } finally {
    imageStorage.close();
    await database.close();
  }
}

runCli(main, { failed: 'Seeding failed' });
