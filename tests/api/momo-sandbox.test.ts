import { describe, expect, it } from 'vitest';
import { SANDBOX_APPROVE_AFTER_MS, SANDBOX_TIMER_SECONDS } from '@/server/payments/sandbox';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { setupTestApi } from '../helpers/api';
import { mobileMoneyOrderOfOne } from '../helpers/orders';
import { openFlags, orderRow } from '../helpers/rows';

/** The sandbox plays each network state in-app, chosen by the number (SANDBOX_MOMO_NUMBERS). */
const api = setupTestApi();

type Headers = Record<string, string>;
const charge = (headers: Headers, orderId: string, phone: string, network: string) =>
  api.json('POST', '/api/chargeMobileMoney', { headers, body: { orderId, phone, network } });
const verify = (headers: Headers, reference: string) => api.json('GET', `/api/verifyPayment/${encodeURIComponent(reference)}`, { headers });

/** A guest's Mobile Money order of one ₵30 item, ready to pay. */
const placed = () => mobileMoneyOrderOfOne(api, 30);

describe('the sandbox, in-app', () => {
  it('024 000 0001: a prompt marked as a test, approved after a few seconds, and the payment flagged as a test', async () => {
    const { order, headers } = await placed();
    const { body } = await charge(headers, order._id, '0240000001', 'mtn');
    expect(body).toMatchObject({ state: 'approve', test: true });
    expect(body.displayText).toMatch(/^TEST PAYMENT/);
    expect(new Date(body.expiresAt).getTime() - api.clock.now.getTime()).toBe(SANDBOX_TIMER_SECONDS * 1000);
    expect((await verify(headers, body.reference)).body.status).toBe('pending');

    api.clock.advance(SANDBOX_APPROVE_AFTER_MS);
    expect((await verify(headers, body.reference)).body).toMatchObject({ status: 'success', paymentStatus: 'Paid' });
    expect(await openFlags(api, order._id)).toEqual(['test_payment']);
  });

  it('020 000 0002: asks for a voucher; a wrong code is refused, 123456 pays', async () => {
    const { order, headers } = await placed();
    const { body } = await charge(headers, order._id, '020 000 0002', 'vod');
    expect(body).toMatchObject({ state: 'otp', test: true });
    expect(body.displayText).toContain('123456');
    const wrong = await api.json('POST', '/api/submitPaymentOtp', { headers, body: { reference: body.reference, otp: '111111' } });
    expect(wrong.body).toMatchObject({ state: 'otp', message: SERVER_MESSAGES.otpRejected });
    const right = await api.json('POST', '/api/submitPaymentOtp', { headers, body: { reference: body.reference, otp: '123456' } });
    expect(right.body).toMatchObject({ state: 'paid', paymentStatus: 'Paid' });
  });

  it('024 000 0003, 0004 and 0007: declined, not enough money, not a wallet, each in its own words', async () => {
    const cases = [
      ['0240000003', 'declined', SERVER_MESSAGES.chargeDeclined],
      ['0240000004', 'insufficient_funds', SERVER_MESSAGES.chargeInsufficientFunds],
      ['0240000007', 'wrong_number', SERVER_MESSAGES.chargeWrongNumber],
    ] as const;
    for (const [phone, reason, message] of cases) {
      const { order, headers } = await placed();
      const { body } = await charge(headers, order._id, phone, 'mtn');
      expect(body).toMatchObject({ state: 'failed', declineReason: reason, message });
      expect((await orderRow(api, order._id))?.paymentStatus).toBe('Pending');
    }
  });

  it('024 000 0005: never answered; after the countdown the attempt is timed out and a retry starts a new one', async () => {
    const { order, headers } = await placed();
    const { body } = await charge(headers, order._id, '0240000005', 'mtn');
    api.clock.advance(SANDBOX_TIMER_SECONDS * 1000);
    expect((await verify(headers, body.reference)).body.charge).toMatchObject({ state: 'timed_out', message: PAGE_MESSAGES.chargeTimedOut });
    const retry = await charge(headers, order._id, '0240000005', 'mtn');
    expect(retry.body.reference).not.toBe(body.reference);
    expect(retry.body.state).toBe('approve');
  });

  it('024 000 0006: declined the first time, approved on the retry', async () => {
    const { order, headers } = await placed();
    const first = await charge(headers, order._id, '0240000006', 'mtn');
    expect(first.body.state).toBe('failed');
    const retry = await charge(headers, order._id, '0240000006', 'mtn');
    expect(retry.body.state).toBe('approve');
    api.clock.advance(SANDBOX_APPROVE_AFTER_MS);
    expect((await verify(headers, retry.body.reference)).body.paymentStatus).toBe('Paid');
  });
});
