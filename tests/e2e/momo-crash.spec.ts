import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { embeddedUrl } from '@/server/db/embedded-postgres';
import { expect, guestBilling, test } from './fixtures';

/**
 * The server dies (kill -9, a power cut) while a Mobile Money charge is on its way to the network,
 * and comes back: the shopper still pays, within a minute, and is charged once. This test runs a
 * shop of its own (the built server, its own data folder and port, no demo catalogue: one product
 * written straight into its database), whose sandbox takes 3 s to answer a charge so the kill
 * lands mid-call.
 */
const port = Number(process.env.E2E_PORT ?? 3100) + 50;
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.e2e-crash-data';

test.use({ serviceWorkers: 'block', baseURL: origin });

function startShop(): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      PAYMENTS_SANDBOX: 'true',
      PAYMENTS_SANDBOX_DELAY_MS: '3000',
      RATE_LIMIT_AUTH_PER_IP: '0',
      RATE_LIMIT_AUTH_PER_EMAIL: '0',
      RATE_LIMIT_ORDERS_PER_IP: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  return { child, output: () => output };
}

async function answering(): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${origin}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 120_000, intervals: [250] },
    )
    .toBe(200);
}

let shop: ReturnType<typeof startShop> | undefined;
let productId = '';
const productName = 'Crash-test Shea Butter';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(dataDir, { recursive: true, force: true });
  shop = startShop();
  await answering();
  const client = new pg.Client({ connectionString: embeddedUrl(path.resolve(dataDir)) });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `insert into products (name, description, category, price_pesewas, stock) values ($1, 'Raw shea butter.', 'Skin', 4550, 10) returning id`,
      [productName],
    );
    productId = rows[0]?.id ?? '';
  } finally {
    await client.end();
  }
});

test.afterAll(async () => {
  shop?.child.kill('SIGINT');
  await new Promise((resolve) => (shop?.child.exitCode !== null ? resolve(null) : shop.child.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
});

test('the server is killed while a charge starts; restarted, the shopper still pays within a minute, charged once', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto(`/product/${productId}`);
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click();
  await expect(page.getByText(`${productName} added to cart`)).toBeVisible();
  await page.goto('/checkout');
  const billing = guestBilling('Adwoa Sarpong');
  const main = page.getByRole('main');
  await main.getByLabel('Full name').fill(billing.fullName);
  await main.getByLabel('Email').fill(billing.email);
  await main.getByLabel('Phone').fill('0240000001');
  await main.getByLabel('City').fill(billing.city);
  await main.getByLabel('Address', { exact: true }).fill(billing.address);
  await page.getByRole('radio', { name: 'Mobile Money' }).check();

  const chargeSent = page.waitForRequest((r) => r.url().endsWith('/api/chargeMobileMoney'));
  await page.getByRole('button', { name: 'Place order' }).click();
  await chargeSent;
  // A second in: the attempt is written and the sandbox is still "waiting on the network" (3 s). The power goes.
  await page.waitForTimeout(1_000);
  shop?.child.kill('SIGKILL');
  await new Promise((resolve) => shop?.child.once('exit', resolve));
  await expect(page.getByText('Sending the payment request to your phone…')).toBeVisible();

  shop = startShop();
  await answering();
  // From the restart: the page sends the same charge again, and the shop takes up the one it started.
  await expect(page.getByText('Order confirmed successfully!')).toBeVisible({ timeout: 60_000 });

  // One order, paid, and one attempt that paid it: the page never sent a second charge.
  const orderId = new URL(page.url()).pathname.split('/').pop();
  await expect(page.getByRole('main')).toContainText('Paid');
  expect(orderId).toBeTruthy();
  expect(shop.output()).toContain('charge taken up after its start got no answer');
  const client = new pg.Client({ connectionString: embeddedUrl(path.resolve(dataDir)) });
  await client.connect();
  try {
    const { rows } = await client.query<{ status: string }>('select status from payments');
    expect(rows).toEqual([{ status: 'success' }]);
  } finally {
    await client.end();
  }
});
