#!/usr/bin/env node
/**
 * `npm run screenshots:momo`: the in-app Mobile Money checkout, one phone screenshot per state, for
 * README (docs/momo/*.webp, committed). Needs a build. Starts the built server with the sandbox on a
 * throwaway data folder (no demo catalogue: one product written into its database), then plays the
 * sandbox numbers in the system Chromium at 390x844:
 *   wallet.webp    the checkout form with the wallet fields and the sandbox's test numbers
 *   approve.webp   the prompt on the phone with its countdown (024 000 0001)
 *   otp.webp       Telecel's voucher (020 000 0002)
 *   declined.webp  a decline, with the wallet to change and Try again (024 000 0003)
 *   paid.webp      the confirmation after the approval
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import pg from 'pg';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'docs/momo');
const port = Number(process.env.SCREENSHOT_PORT ?? 3918);
const baseURL = `http://127.0.0.1:${port}`;

if (!existsSync(join(root, 'dist/server/index.js'))) {
  console.error('No build: run `npm run build` first.');
  process.exit(1);
}

const dataDir = await mkdtemp(join(tmpdir(), 'nkuto-momo-'));
const server = spawn(process.execPath, [join(root, 'dist/server/index.js')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', PAYMENTS_SANDBOX: 'true', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const serverExited = new Promise((resolve) => server.once('exit', resolve));

async function waitForServer(timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no server on ${baseURL}`);
}

async function productId() {
  // The embedded server's socket (src/server/db/embedded-postgres.ts: DATA_DIR/run, the shop's role; a short temp path fits).
  const url = `postgresql://shop@/postgres?host=${encodeURIComponent(join(dataDir, 'run'))}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `insert into products (name, description, category, price_pesewas, stock) values ('Raw Shea Butter', 'Unrefined, from Tamale.', 'Skin', 4550, 50) returning id`,
    );
    return rows[0].id;
  } finally {
    await client.end();
  }
}

async function shoot(page, file) {
  const png = await page.screenshot({ fullPage: false });
  await sharp(png).webp({ quality: 70 }).toFile(join(out, file));
  console.log(`docs/momo/${file}`);
}

let browser;
try {
  await waitForServer();
  const id = await productId();
  await mkdir(out, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });

  /** A fresh phone with the product in its cart, at the checkout with Mobile Money chosen. */
  async function atCheckout(phone) {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(`/product/${id}`);
    await page
      .getByRole('button', { name: /add to cart/i })
      .first()
      .click();
    await page.getByText('added to cart').first().waitFor();
    await page.goto('/checkout');
    const main = page.getByRole('main');
    await main.getByLabel('Full name').fill('Akosua Owusu');
    await main.getByLabel('Email').fill(`akosua+${Date.now()}@example.com`);
    await main.getByLabel('Phone').fill(phone);
    await main.getByLabel('City').fill('Accra');
    await main.getByLabel('Address').fill('12 Oxford Street, Osu');
    await page.getByRole('radio', { name: 'Mobile Money' }).check();
    return { context, page };
  }

  {
    const { context, page } = await atCheckout('024 000 0001');
    await page.getByText('Test numbers (test payments: no money moves)').click();
    await page.getByRole('group', { name: 'Mobile Money wallet' }).scrollIntoViewIfNeeded();
    await shoot(page, 'wallet.webp');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByText('Approve the prompt on your phone.').first().waitFor();
    await page.getByRole('heading', { name: 'Pay with Mobile Money' }).scrollIntoViewIfNeeded();
    await shoot(page, 'approve.webp');
    await page.getByText('Payment confirmed').first().waitFor({ timeout: 60_000 });
    await shoot(page, 'paid.webp');
    await context.close();
  }
  {
    const { context, page } = await atCheckout('020 000 0002');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByLabel('Code or voucher').waitFor();
    await page.getByRole('heading', { name: 'Pay with Mobile Money' }).scrollIntoViewIfNeeded();
    await shoot(page, 'otp.webp');
    await context.close();
  }
  {
    const { context, page } = await atCheckout('024 000 0003');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByText('The payment was declined on your phone.').first().waitFor();
    await page.getByRole('heading', { name: 'Pay with Mobile Money' }).scrollIntoViewIfNeeded();
    await shoot(page, 'declined.webp');
    await context.close();
  }
} finally {
  await browser?.close();
  server.kill('SIGINT');
  await serverExited;
  await rm(dataDir, { recursive: true, force: true });
}
