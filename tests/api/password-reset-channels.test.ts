import { describe, expect, it } from 'vitest';
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
});
