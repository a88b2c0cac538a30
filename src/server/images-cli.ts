// `npm run images:share`: makes the link-preview JPEG (`{key}-share.jpg`, 1200×630) of every stored
// image that has none yet, in the uploads folder the server uses (DATA_DIR/uploads). Safe while the
// shop runs: each file is written atomically, and the shop makes a missing one on its first request.
import { ConfigError, parseEnv, uploadsDirFor } from './config';
import { backfillShareImages } from './services/images';

async function main() {
  const dir = uploadsDirFor(parseEnv(process.env));
  const { made, existing, failed } = await backfillShareImages(dir);
  console.log(`Share images in ${dir}: ${made} made, ${existing} already there.`);
  if (failed.length > 0) {
    console.error(`Could not read the stored WebP of ${failed.length} image(s): ${failed.join(', ')}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `Failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
