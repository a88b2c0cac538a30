#!/usr/bin/env node
/**
 * `npm run screenshots`: real screenshots of the running shop for the manifest's richer install
 * sheet, written as WebP into public/screenshots (committed):
 *   - home.webp      the home page on a phone (390x844 at 2x: 780x1688), form_factor narrow
 *   - products.webp  /products on a landscape tablet (1280x800), form_factor wide
 * Needs a build (`npm run build`). Starts the built server on a throwaway data folder (the demo
 * catalogue is seeded on the first start, about 20 s), drives the system Chromium, then stops it.
 * SCREENSHOT_PORT (3917) and CHROMIUM_PATH (/usr/bin/chromium) override the defaults.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'public/screenshots');
const port = Number(process.env.SCREENSHOT_PORT ?? 3917);
const baseURL = `http://127.0.0.1:${port}`;
/** The manifest says each screenshot's size; keep them light for the install sheet. */
const MAX_BYTES = 120 * 1024;

const SHOTS = [
  { file: 'home.webp', path: '/', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { file: 'products.webp', path: '/products', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: true },
];

if (!existsSync(join(root, 'dist/server/index.js')) || !existsSync(join(root, 'dist/client/index.html'))) {
  console.error('No build: run `npm run build` first.');
  process.exit(1);
}

const dataDir = await mkdtemp(join(tmpdir(), 'nkuto-shots-'));
const server = spawn(process.execPath, [join(root, 'dist/server/index.js')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const serverExited = new Promise((resolve) => server.once('exit', resolve));

async function waitForServer(timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit code ${server.exitCode})`);
    try {
      const res = await fetch(`${baseURL}/api/getProducts`);
      const body = res.ok ? await res.json() : null;
      const products = Array.isArray(body) ? body : body?.data;
      // Listening, and the demo catalogue is in.
      if (Array.isArray(products) && products.length > 0) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no server on ${baseURL} after ${timeoutMs / 1000} s`);
}

/** Every image on the page has loaded (lazy ones below the fold excepted: they are not in the shot). */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    const inView = [...document.images].filter((img) => img.getBoundingClientRect().top < window.innerHeight);
    const loaded = (img) =>
      new Promise((resolve) => {
        img.addEventListener('load', resolve, { once: true });
        img.addEventListener('error', resolve, { once: true });
      });
    await Promise.all(inView.filter((img) => !img.complete).map(loaded));
  });
  // Entrance animations and the skeleton-to-content swap.
  await page.waitForTimeout(800);
}

async function toWebp(png, file) {
  for (let quality = 70; quality >= 40; quality -= 10) {
    const webp = await sharp(png).webp({ quality, effort: 6 }).toBuffer();
    if (webp.length <= MAX_BYTES || quality === 40) {
      await sharp(webp).toFile(join(out, file));
      const { width, height } = await sharp(webp).metadata();
      const { size } = await stat(join(out, file));
      console.log(`public/screenshots/${file}  ${width}x${height}  quality ${quality}  ${size} bytes`);
      return;
    }
  }
}

let browser;
try {
  await waitForServer();
  await mkdir(out, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  for (const { file, path, ...device } of SHOTS) {
    // No service worker: the shot shows what the network serves, and nothing is left cached.
    const context = await browser.newContext({ ...device, serviceWorkers: 'block', reducedMotion: 'reduce', locale: 'en-GH' });
    const page = await context.newPage();
    await page.goto(`${baseURL}${path}`);
    await settle(page);
    await toWebp(await page.screenshot({ type: 'png' }), file);
    await context.close();
  }
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await serverExited;
  await rm(dataDir, { recursive: true, force: true });
}
