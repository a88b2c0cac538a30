// `npm run images:share`: makes the link-preview JPEG (`{key}-share.jpg`, 1200×630) of every stored
// image that has none yet, where the server keeps them (STORAGE_URL's bucket, else DATA_DIR/uploads).
// Safe while the shop runs: each file is written whole, and the shop makes a missing one on its first request.
import { runCli } from './cli';
import { parseEnv, uploadsDirFor } from './config';
import { imageStorageFromEnv } from './image-storage';
import { backfillShareImages, diskImageFiles } from './services/catalogue/images';

async function main() {
  const env = parseEnv(process.env);
  const storage = await imageStorageFromEnv(env, uploadsDirFor(env));
  const files = storage.store.files ?? diskImageFiles(uploadsDirFor(env));
  try {
    const { made, existing, failed } = await backfillShareImages(files);
    console.log(`Share images in ${files.where}: ${made} made, ${existing} already there.`);
    if (failed.length > 0) {
      console.error(`Could not read the stored WebP of ${failed.length} image(s): ${failed.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    storage.close();
  }
}

runCli(main);
