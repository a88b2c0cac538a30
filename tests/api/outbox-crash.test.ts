import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { products } from '@/server/db/schema';
import { login, registerCustomer } from '@/server/services/accounts/auth';
import { createPostgresDatabase } from '../helpers/database';
import { setupMessageSinks } from '../helpers/message-sinks';
import { checkoutForm } from '../helpers/orders';
import { listeningPort, type ServerProcess, startServer, waitFor } from '../helpers/server-process';

/**
 * The outbox's sender in real server processes: killed (SIGKILL) while the SMS gateway holds its
 * call, then started again on the same data, and two processes sending from one database. On the
 * default engine (api:embedded) and on DATABASE_URL (api:postgres); the two-process test needs a
 * shared server, so it runs on api:postgres only (CI runs both projects).
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const ADMIN = { email: 'owner@nkuto.test', password: 'an-admin-password-1' };

const sinks = setupMessageSinks();

async function target() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-outbox-'));
  const created = onPostgres ? await createPostgresDatabase() : undefined;
  return {
    env: {
      DATA_DIR: dataDir,
      ...(created ? { DATABASE_URL: created.url, APP_SECRET: 'an-outbox-test-server-secret-of-32-chars' } : {}),
      PORT: '0',
      SMS_PROVIDER: 'hubtel',
      SMS_API_KEY: sinks.gateway.apiKey,
      SMS_SENDER_ID: 'NkutoShop',
      SMS_BASE_URL: sinks.gateway.url,
      SMTP_URL: sinks.smtp.url,
      MAIL_FROM: 'Nkuto Naturals <orders@nkuto.test>',
      OUTBOX_POLL_MS: '200',
      OUTBOX_SEND_TIMEOUT_MS: '1000',
      OUTBOX_STALE_SECONDS: '2',
      ORDER_EXPIRY_INTERVAL_SECONDS: '3600',
    },
    /** A product with stock and the admin, written before the server starts; answers the product and the admin's token. */
    async seed(): Promise<{ productId: string; token: string }> {
      const database = await (created ? openDatabase({ kind: 'postgres', url: created.url, maxConnections: 2 }) : openDatabase({ kind: 'embedded', dataDir }));
      try {
        const [product] = await database.db
          .insert(products)
          .values({ name: 'Raw Shea Butter', pricePesewas: 11_000, stock: 100, category: 'Skin', images: ['0123456789abcdef0123456789abcdef'] })
          .returning({ id: products.id });
        const now = new Date();
        await registerCustomer(database.db, { fullName: 'Owner', ...ADMIN, confirmPassword: ADMIN.password }, now, 'admin');
        const { token } = await login(database.db, ADMIN, now);
        return { productId: product?.id ?? '', token };
      } finally {
        await database.close();
      }
    },
    async cleanup() {
      await created?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call<T = any>(port: number, method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function placeOrders(port: number, productId: string, count: number): Promise<string[]> {
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) {
    const placed = await call(port, 'POST', '/api/createGuestOrder', {
      ...checkoutForm,
      phone: `02430000${String(i).padStart(2, '0')}`,
      email: `buyer${i}@example.com`,
      cart: [{ productId, quantity: '1' }],
    });
    expect(placed.status).toBe(201);
    numbers.push(placed.body.order.orderNumber);
  }
  return numbers;
}

async function stop(server: ServerProcess) {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

describe('the outbox across a crash and across processes', () => {
  it('a server killed while the gateway holds its SMS does not send it again after the restart (outcome unknown, for the admin), and sends the e-mail once', async () => {
    const shop = await target();
    const { productId, token } = await shop.seed();
    let server = startServer(shop.env);
    try {
      let port = await listeningPort(server);
      sinks.gateway.hang(1);
      await placeOrders(port, productId, 1);
      // The SMS is in the gateway's hands; the process dies before it hears the answer.
      await waitFor(() => sinks.gateway.requests.length === 1, server.output, 15_000);
      server.child.kill('SIGKILL');
      await server.exited;

      server = startServer(shop.env);
      port = await listeningPort(server);
      await sinks.smtp.waitFor(1, 20_000);
      let messages: { channel: string; status: string }[] = [];
      const settled = () =>
        messages.some((m) => m.channel === 'sms' && m.status === 'unknown') && messages.some((m) => m.channel === 'email' && m.status === 'sent');
      for (let i = 0; i < 100 && !settled(); i++) {
        messages = (await call(port, 'GET', '/api/outboxMessages', undefined, token)).body.messages;
        if (!settled()) await new Promise((r) => setTimeout(r, 100));
      }
      expect(messages.map((m) => `${m.channel} ${m.status}`).sort()).toEqual(['email sent', 'sms unknown']);
      // The held call may have reached the phone: it is not made again by itself.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(sinks.gateway.requests).toHaveLength(1);
      expect(sinks.smtp.received).toHaveLength(1);
    } finally {
      await stop(server);
      await shop.cleanup();
    }
  }, 90_000);

  it.runIf(onPostgres)(
    'two server processes sending from one database never send a message twice',
    async () => {
      const shop = await target();
      sinks.gateway.reset();
      sinks.smtp.received.length = 0;
      const { productId } = await shop.seed();
      const first = startServer(shop.env);
      let second: ServerProcess | undefined;
      try {
        const port = await listeningPort(first);
        second = startServer(shop.env);
        await listeningPort(second);
        await placeOrders(port, productId, 15);
        await waitFor(() => sinks.gateway.sent.length >= 15, first.output, 30_000);
        await sinks.smtp.waitFor(15, 30_000);
        await new Promise((r) => setTimeout(r, 1_000));
        expect(sinks.gateway.requests).toHaveLength(15);
        expect(new Set(sinks.gateway.sent.map((s) => s.reference)).size).toBe(15);
        expect(sinks.smtp.received).toHaveLength(15);
        expect(new Set(sinks.smtp.received.map((m) => m.messageId)).size).toBe(15);
      } finally {
        await stop(first);
        if (second) await stop(second);
        await shop.cleanup();
      }
    },
    90_000,
  );
});
