import { mkdir, rmdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { adminHeaders } from './fixtures';

/** The demo admin the e2e server seeds (src/server/db/seed.ts DEMO_ADMIN). */
export const DEMO_ADMIN = { fullName: 'Shop Admin', email: 'admin@nkutonaturals.com.gh', password: 'nkuto-admin-2026' } as const;

/** Fills and sends the /signin form already on screen (it may carry a ?redirect=). */
export async function submitSignIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const form = page.getByRole('main');
  await form.getByLabel('Email', { exact: true }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs the demo admin in through the real /signin form; an admin lands on the dashboard, /admin. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/signin');
  await submitSignIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL((url) => url.pathname === '/admin' || url.pathname === '/admin/');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** The admin menu (nav 'Admin'): always shown from 1024 px; below that, opened with 'Menu'. */
export async function adminMenu(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Admin' });
  const toggle = page.getByRole('button', { name: 'Menu' });
  if (!(await nav.isVisible()) && (await toggle.isVisible())) await toggle.click();
  await expect(nav).toBeVisible();
  return nav;
}

/** Opens an admin page through its menu link (e.g. 'Settings', 'All Products'). */
export async function openAdminPage(page: Page, link: string): Promise<void> {
  const nav = await adminMenu(page);
  await nav.getByRole('link', { name: link, exact: true }).click();
}

/** Authorised calls as the demo admin, to check what the server holds (paths without /api/). */
export async function adminApi(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  return {
    async get<T>(path: string, params?: Record<string, string | number>): Promise<T> {
      const res = await request.get(`/api/${path}`, { headers, params });
      expect(res.ok(), `GET /api/${path}: ${res.status()} ${await res.text()}`).toBe(true);
      return (await res.json()) as T;
    },
    async patch<T>(path: string, data: unknown): Promise<T> {
      const res = await request.patch(`/api/${path}`, { headers, data });
      expect(res.ok(), `PATCH /api/${path}: ${res.status()} ${await res.text()}`).toBe(true);
      return (await res.json()) as T;
    },
  };
}

const LOCK_WAIT_MS = 45_000;
const LOCK_STALE_MS = 60_000;

/**
 * Runs `body` while holding the shop-settings lock. Settings are one shop-wide row and the admin
 * specs run in two projects at once, so tests that change them take turns (a directory made with
 * mkdir is the lock: only one worker can create it). A lock left by a killed run goes stale.
 */
export async function withShopSettingsLock<T>(body: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), `nkuto-e2e-shop-settings-${process.env.E2E_PORT ?? 3100}.lock`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > LOCK_STALE_MS) await rmdir(lock).catch(() => {});
      else if (Date.now() > deadline) throw new Error(`The shop-settings lock ${lock} stayed taken for ${LOCK_WAIT_MS / 1000} s`);
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await body();
  } finally {
    await rmdir(lock).catch(() => {});
  }
}
