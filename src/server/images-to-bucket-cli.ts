// `npm run images:to-bucket`: copies every stored image file of DATA_DIR/uploads that STORAGE_URL's
// bucket lacks into it, and prints the counts. The folder is left as it is, so the command can be run
// again (it copies only what is still missing) and the shop can go back to the folder; it is safe while
// the shop runs. Exits with 1 when a file could not be copied (run it again) or the bucket does not answer.
import { runCli } from './cli';
import { parseEnv, uploadsDirFor } from './config';
import { imageStorageFromEnv, reasonOf } from './image-storage';
import { copyImageFiles, diskImageFiles } from './services/catalogue/images';

async function main() {
  const env = parseEnv(process.env);
  if (!env.STORAGE_URL) {
    console.error('Set STORAGE_URL to the bucket to copy the images into (s3://ACCESS_KEY:SECRET@host:port/bucket).');
    process.exit(1);
  }
  const storage = await imageStorageFromEnv(env, uploadsDirFor(env));
  const from = diskImageFiles(uploadsDirFor(env));
  const to = storage.store.files;
  if (!to) throw new Error('STORAGE_URL gave no bucket');
  try {
    const problem = await storage.problem();
    if (problem) {
      console.error(`${problem}. Nothing was copied.`);
      process.exitCode = 1;
      return;
    }
    const { copied, present, failed } = await copyImageFiles(from, to);
    console.log(`Images from ${from.where} to ${to.where}: ${copied} copied, ${present} already there, ${failed.length} failed.`);
    if (failed.length > 0) {
      console.error(`Not copied (run the command again): ${failed.join(', ')}`);
      process.exitCode = 1;
    }
  } catch (error) {
    console.error(`Failed: ${reasonOf(error)}`);
    process.exitCode = 1;
  } finally {
    storage.close();
  }
}

runCli(main);
