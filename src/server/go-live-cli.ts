// `npm run go-live [-- --yes]`: turns the demo into the owner's shop (services/shop/go-live.ts): a backup
// first, then the demo's rows removed. Refuses while a server holds the data folder (openConfiguredDatabase).
import { createInterface } from 'node:readline/promises';
import { runCli } from './cli';
import { backupsDirFor, parseEnv, uploadsDirFor } from './config';
import { BackupError } from './db/backup';
import { DataDirLockedError, openConfiguredDatabase } from './db/client';
import { AppError } from './errors';
import { imageStorageFromEnv } from './image-storage';
import { announceCatalogueChange } from './services/catalogue/catalogue-notify';
import { backupNow } from './services/shop/backups';
import { demoDataCounts, goLive, goLiveBlockedBy } from './services/shop/go-live';

const listCounts = (c: { products: number; customers: number; orders: number; promoCodes: number; deliveryOptions: number }) =>
  `${c.products} products, ${c.customers} customer accounts, ${c.orders} orders, ${c.promoCodes} promo codes, ${c.deliveryOptions} delivery options`;

async function confirmed(): Promise<boolean> {
  if (process.argv.includes('--yes')) return true;
  if (!process.stdin.isTTY) throw new AppError(400, 'Not asking without a terminal: run npm run go-live -- --yes to go live.');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question('Type yes to go live: ')).trim().toLowerCase() === 'yes';
  } finally {
    rl.close();
  }
}

async function main() {
  const env = parseEnv(process.env);
  const database = await openConfiguredDatabase(env, (line) => console.log(line));
  const imageStorage = await imageStorageFromEnv(env, uploadsDirFor(env));
  try {
    const { db } = database;
    // Refused before asking: a shop already live, or no admin left who can sign in.
    const blocked = await goLiveBlockedBy(db);
    if (blocked) throw new AppError(409, blocked);
    console.log(`Going live removes the demo data: ${listCounts(await demoDataCounts(db))}, and the demo accounts.`);
    console.log('Orders shoppers placed, your own products and your admin account stay. A backup is taken first.');
    if (!(await confirmed())) {
      console.log('Nothing changed.');
      return;
    }
    const url = database.url;
    if (!url) throw new AppError(503, 'This database cannot be backed up here, so go-live does not run.');
    const result = await goLive({ db, images: imageStorage.store, backup: () => backupNow(url, backupsDirFor(env), env.BACKUP_KEEP) });
    // Shop processes on DATABASE_URL drop their copies of the catalogue.
    await announceCatalogueChange(db, 'go-live');
    console.log(`Backup written: ${result.backupFile}`);
    console.log(`Removed: ${listCounts(result.removed)}, ${result.removed.images} images.`);
    console.log(
      'Your shop is live. Next: add your products and delivery options, set PAYSTACK_SECRET_KEY for Mobile Money, and open the setup guide in the admin.',
    );
  } finally {
    imageStorage.close();
    await database.close();
  }
}

runCli(main, { failed: 'Go-live failed', known: [AppError, BackupError, DataDirLockedError] });
