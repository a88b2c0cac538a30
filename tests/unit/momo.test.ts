import { describe, expect, it } from 'vitest';
import { declineReasonOf, detectMomoNetwork, formatMomoNumber, localMomoNumber, SANDBOX_MOMO_NUMBERS, sandboxScriptFor } from '@/shared/momo';
import { chargeMobileMoneySchema } from '@/shared/schemas/orders';
import { expectEach } from '../helpers/expect-each';

describe('the Mobile Money network of a number', () => {
  const cases: [string, string][] = [
    ['024', 'mtn'],
    ['025', 'mtn'],
    ['053', 'mtn'],
    ['054', 'mtn'],
    ['055', 'mtn'],
    ['059', 'mtn'],
    ['020', 'vod'],
    ['050', 'vod'],
    ['026', 'atl'],
    ['027', 'atl'],
    ['056', 'atl'],
    ['057', 'atl'],
  ];
  for (const [prefix, network] of cases) {
    it(`${prefix} is ${network}, typed locally or with +233`, () => {
      expectEach(detectMomoNetwork, [
        [`${prefix}1234567`, network],
        [`+233 ${prefix.slice(1)} 123 4567`, network],
        [`233${prefix.slice(1)}1234567`, network],
      ]);
    });
  }

  it('a prefix no network owns, or a number of the wrong shape, has no network: the shopper chooses', () => {
    expect(detectMomoNetwork('0301234567')).toBeUndefined(); // a landline
    expect(detectMomoNetwork('0281234567')).toBeUndefined();
    expect(detectMomoNetwork('024123456')).toBeUndefined();
    expect(detectMomoNetwork('')).toBeUndefined();
  });
});

describe('the number sent to Paystack', () => {
  it('is the local form 0XXXXXXXXX, whatever the shopper typed', () => {
    for (const typed of ['+233 55 324 1149', '233553241149', '055-324-1149', '0553241149']) expect(localMomoNumber(typed), typed).toBe('0553241149');
  });

  it('refuses what is not a Ghana mobile number', () => {
    for (const typed of ['553241149', '+2330553241149', '0053241149', '05532411490']) expect(localMomoNumber(typed), typed).toBeUndefined();
  });

  it('the charge request schema sends the local form on and names what is missing', () => {
    const ok = chargeMobileMoneySchema.safeParse({ orderId: 'x', phone: '+233 24 000 0001', network: 'mtn' });
    expect(ok.success && ok.data.phone).toBe('0240000001');
    const bad = chargeMobileMoneySchema.safeParse({ orderId: 'x', phone: '12345', network: 'orange' });
    expect(bad.success).toBe(false);
    const messages = bad.success ? [] : bad.error.issues.map((i) => i.message);
    expect(messages).toContain('Enter a Ghana mobile number: 0XX XXX XXXX or +233 XX XXX XXXX.');
    expect(messages).toContain('Choose the Mobile Money network of this number.');
  });

  it('is shown grouped as it is read aloud', () => {
    expect(formatMomoNumber('0553241149')).toBe('055 324 1149');
  });
});

describe("the network's words as a reason", () => {
  it('tells a short wallet, a wrong number and a timeout from a plain decline', () => {
    const reasons = {
      'Insufficient funds in the wallet': 'insufficient_funds',
      'Invalid phone number': 'wrong_number',
      'Transaction timed out': 'timeout',
      'Declined by the customer': 'declined',
    };
    for (const [words, reason] of Object.entries(reasons)) expect(declineReasonOf(words), words).toBe(reason);
    expect(declineReasonOf(undefined)).toBe('declined');
  });
});

describe('the sandbox numbers', () => {
  it('each plays its own state, each is a valid number of the network it names, and any other number approves', () => {
    const scripts = SANDBOX_MOMO_NUMBERS.map((n) => n.script);
    expect(new Set(scripts).size).toBe(scripts.length);
    for (const n of SANDBOX_MOMO_NUMBERS) {
      expect(detectMomoNetwork(n.number)).toBeDefined();
      expect(sandboxScriptFor(n.number)).toBe(n.script);
    }
    expect(detectMomoNetwork('0200000002')).toBe('vod');
    expect(sandboxScriptFor('0551234567')).toBe('approve');
  });
});
