import { request } from '@playwright/test';
import type { DeliveryOption } from '@/shared/delivery';

/**
 * Runs once, after the suite's servers have started (Playwright starts webServer before globalSetup).
 * The demo seeds three delivery options, but the suite's checkouts are written for a shop
 * without any: delivery.spec.ts makes the options it tests, each for a town of its own, and
 * go-live.spec.ts checks the demo's own options on a server of its own. So the main server's are
 * removed before any test runs.
 */
export default async function globalSetup(): Promise<void> {
  const baseURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
  const api = await request.newContext({ baseURL });
  try {
    const login = await api.post('/api/login', { data: { email: 'admin@nkutonaturals.com.gh', password: 'nkuto-admin-2026' } });
    if (!login.ok()) throw new Error(`the demo admin could not sign in: ${login.status()} ${await login.text()}`);
    const headers = { authorization: `Bearer ${(await login.json()).token}` };
    const listed = await api.get('/api/deliveryOptions', { headers });
    if (!listed.ok()) throw new Error(`listing delivery options failed: ${listed.status()}`);
    for (const option of ((await listed.json()) as { data: DeliveryOption[] }).data) {
      const removed = await api.delete(`/api/deliveryOptions/${option._id}`, { headers });
      if (!removed.ok()) throw new Error(`removing the delivery option ${option.name} failed: ${removed.status()}`);
    }
  } finally {
    await api.dispose();
  }
}
