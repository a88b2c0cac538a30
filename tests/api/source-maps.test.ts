import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupTestApi } from '../helpers/api';

/**
 * Source maps are the app's source and never go to the public: the build moves them out of
 * dist/client (scripts/move-sourcemaps.mjs; scripts/check-budget.mjs fails on one left there), and a
 * map left in the folder the server serves (an older build, a bare `vite build`) still answers 404.
 */
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'shop-client-'));
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Nkuto Naturals</title><div id="root"></div>');
writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log("app")');
const map = JSON.stringify({ version: 3, sources: ['../../src/client/app.tsx'], sourcesContent: ['const secret = 1;'], mappings: 'AAAA' });
writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.map'), map);
writeFileSync(path.join(clientDir, 'assets', 'style-abc123.css.map'), map);
writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
writeFileSync(path.join(clientDir, 'sw.js.map'), map);

const api = setupTestApi({ clientDir });

describe('source maps', () => {
  it('answer 404 even when a build left them in the client folder', async () => {
    expect((await api.request('GET', '/assets/app-abc123.js')).status).toBe(200);
    for (const url of ['/assets/app-abc123.js.map', '/assets/style-abc123.css.map', '/sw.js.map', '/assets/APP-ABC123.JS.MAP', '/assets/app-abc123.js%2emap']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await api.request(method, url, { headers: { 'accept-encoding': 'gzip, br' } });
        expect(res.status, `${method} ${url}`).toBe(404);
        if (method === 'GET') expect(await res.text()).not.toContain('sourcesContent');
      }
    }
  });
});
