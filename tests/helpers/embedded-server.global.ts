import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@/server/db/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The api:embedded suite's server, as its superuser: each test file makes a database of its own on it. */
    embeddedUrl: string;
    /** The same server as the shop's role (not a superuser): the shop under test connects so. */
    embeddedShopUrl: string;
  }
}

/**
 * One server of the shop's default engine for the whole api:embedded run (a server per file would
 * cost a start each). Without syncing: the suite checks behaviour; durability has its own tests
 * (embedded-postgres.test.ts), which start servers of their own.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-api-embedded-'));
  const server = await startEmbeddedPostgres({ dataDir, unsafeFastWrites: true });
  project.provide('embeddedUrl', server.adminUrl);
  project.provide('embeddedShopUrl', server.url);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
