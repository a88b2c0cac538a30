import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages, users } from '@/server/db/schema';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { setupTestApi } from '../helpers/api';

// A shop with SMTP but no SMS gateway: resets by e-mail only.
const api = setupTestApi({ passwordReset: { email: true, sms: false } });

describe('resets only where the shop can send', () => {
  it('the public settings say which ways work, and a way that cannot send is refused', async () => {
    const settings = await api.json('GET', '/api/settings');
    expect(settings.body.data.passwordReset).toEqual({ email: true, sms: false });
    const bySms = await api.json('POST', '/api/forgotPassword', { body: { contact: '0241234567' } });
    expect(bySms).toMatchObject({ status: 400, body: { message: ACCOUNT_TEXTS.resetByUnavailable } });
    const byEmail = await api.json('POST', '/api/forgotPassword', { body: { contact: 'anyone@example.com' } });
    expect(byEmail).toMatchObject({ status: 200, body: { channel: 'email' } });
  });

  it('the admin’s reset by SMS is refused too, rather than only logged', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const customer = await api.createUser();
    await api.db.update(users).set({ phone: '+233241230000' }).where(eq(users.id, customer.id));
    const bySms = await api.json('POST', `/api/sendPasswordReset/${customer.id}`, { token: admin.token, body: { channel: 'sms' } });
    expect(bySms).toMatchObject({ status: 409, body: { message: ACCOUNT_TEXTS.adminResetCannotSend('sms') } });
    expect(await api.db.select().from(outboxMessages)).toEqual([]);
    const byEmail = await api.json('POST', `/api/sendPasswordReset/${customer.id}`, { token: admin.token, body: { channel: 'email' } });
    expect(byEmail.status).toBe(200);
  });
});
