import { describe, expect, it } from 'vitest';
import { contactMessages, shopSettings, subscribers } from '@/server/db/schema';
import { setupTestApi } from '../helpers/api';

const api = setupTestApi();

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A body cut off mid-JSON is refused with 400, never 500, and `table` stays empty. */
function refusesMalformedJson(url: string, rawBody: string, table: typeof contactMessages | typeof subscribers) {
  it('refuses malformed JSON with 400, never 500', async () => {
    const { status, body } = await api.json('POST', url, { headers: JSON_HEADERS, rawBody });
    expect(status).toBe(400);
    expect(body.message).toBe('The request body is not valid JSON.');
    expect(await api.db.select().from(table)).toEqual([]);
  });
}

describe('GET /api/settings', () => {
  it('answers the fallback settings, shop name Nkuto Naturals, when none are saved', async () => {
    const { status, body } = await api.json('GET', '/api/settings');
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        shopName: 'Nkuto Naturals',
        email: '',
        phone: '',
        whatsapp: '',
        address: '',
        logo: null,
        socials: {},
        payments: { mobileMoney: true, testPayments: true },
        passwordReset: { email: false, sms: false },
        delivery: [],
        demoShop: false,
        vitalsSamplePercent: 100,
      },
    });
  });

  it('answers the saved settings to anyone, without a token', async () => {
    await api.db.insert(shopSettings).values({
      shopName: 'Shea Haven',
      email: 'hello@sheahaven.gh',
      phone: '+233 24 000 0000',
      whatsapp: '+233240000000',
      address: 'Osu, Accra',
      logo: '/uploads/0123456789abcdef0123456789abcdef-640.webp',
      socials: { instagram: 'https://instagram.com/sheahaven' },
    });

    const { status, body } = await api.json('GET', '/api/settings');
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        shopName: 'Shea Haven',
        email: 'hello@sheahaven.gh',
        phone: '+233 24 000 0000',
        whatsapp: '+233240000000',
        address: 'Osu, Accra',
        logo: '/uploads/0123456789abcdef0123456789abcdef-640.webp',
        socials: { instagram: 'https://instagram.com/sheahaven' },
        payments: { mobileMoney: true, testPayments: true },
        passwordReset: { email: false, sms: false },
        delivery: [],
        demoShop: false,
        vitalsSamplePercent: 100,
      },
    });
  });
});

describe('POST /api/contact', () => {
  const message = { name: 'Ama Mensah', email: 'ama@example.com', subject: 'Delivery to Kumasi', message: 'Do you deliver to Kumasi?' };

  it('stores the message and answers 201 "Message sent! ✅"', async () => {
    const { status, body } = await api.json('POST', '/api/contact', { body: message });
    expect(status).toBe(201);
    expect(body).toEqual({ message: 'Message sent! ✅' });

    const rows = await api.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...message, createdAt: api.clock.now });
  });

  it('trims the fields and stores the e-mail in lower case', async () => {
    const { status } = await api.json('POST', '/api/contact', {
      body: { name: '  Ama Mensah ', email: ' Ama@Example.COM ', subject: ' Hello ', message: ' Hi there ' },
    });
    expect(status).toBe(201);
    const rows = await api.db.select().from(contactMessages);
    expect(rows[0]).toMatchObject({ name: 'Ama Mensah', email: 'ama@example.com', subject: 'Hello', message: 'Hi there' });
  });

  it('refuses missing or blank fields with 400 "Please fill in all fields." and stores nothing', async () => {
    const cases: [string, unknown][] = [
      ['an empty body', {}],
      ['no name', { ...message, name: undefined }],
      ['no email', { ...message, email: undefined }],
      ['no subject', { ...message, subject: undefined }],
      ['no message', { ...message, message: undefined }],
      ['a blank message', { ...message, message: '   ' }],
      ['a blank name', { ...message, name: '' }],
      ['a number as name', { ...message, name: 42 }],
    ];
    for (const [label, body] of cases) {
      const res = await api.json('POST', '/api/contact', { body });
      expect(res.status, label).toBe(400);
      expect(res.body.message, label).toBe('Please fill in all fields.');
      expect(res.body.errors?.length, label).toBeGreaterThan(0);
    }
    expect(await api.db.select().from(contactMessages)).toEqual([]);
  });

  it('refuses an invalid e-mail with 400 and stores nothing', async () => {
    for (const email of ['not-an-email', 'ama@', '@example.com', 'ama example@example.com']) {
      const { status, body } = await api.json('POST', '/api/contact', { body: { ...message, email } });
      expect(status, email).toBe(400);
      expect(body.message, email).toBe('Please enter a valid email address.');
    }
    expect(await api.db.select().from(contactMessages)).toEqual([]);
  });

  refusesMalformedJson('/api/contact', '{"name":', contactMessages);

  it('refuses a body over 100 KB with 413 and stores nothing', async () => {
    const rawBody = JSON.stringify({ ...message, message: 'x'.repeat(200 * 1024) });
    const { status, body } = await api.json('POST', '/api/contact', { headers: JSON_HEADERS, rawBody });
    expect(status).toBe(413);
    expect(body).toEqual({ message: 'The request is too large.' });
    expect(await api.db.select().from(contactMessages)).toEqual([]);
  });
});

describe('POST /api/subscribe', () => {
  it('stores the subscriber and thanks them', async () => {
    const { status, body } = await api.json('POST', '/api/subscribe', { body: { email: 'kofi@example.com' } });
    expect(status).toBe(200);
    expect(body).toEqual({ message: 'Thank you for subscribing!' });

    const rows = await api.db.select().from(subscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'kofi@example.com', createdAt: api.clock.now });
  });

  it('a second sign-up with the same e-mail in another case answers 200 kindly and keeps one row', async () => {
    await api.json('POST', '/api/subscribe', { body: { email: 'kofi@example.com' } });

    const again = await api.json('POST', '/api/subscribe', { body: { email: '  Kofi@EXAMPLE.com ' } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: 'You are already subscribed. Thank you!' });

    const rows = await api.db.select().from(subscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email.toLowerCase()).toBe('kofi@example.com');
  });

  it('refuses a missing or invalid e-mail with 400 and stores nothing', async () => {
    const missing = await api.json('POST', '/api/subscribe', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please enter your email address.');
    expect(missing.body.errors?.length).toBeGreaterThan(0);

    for (const email of ['', 'kofi', 'kofi@', 'kofi@example', 42]) {
      const { status, body } = await api.json('POST', '/api/subscribe', { body: { email } });
      expect(status, String(email)).toBe(400);
      expect(body.message, String(email)).toEqual(expect.any(String));
    }
    const bad = await api.json('POST', '/api/subscribe', { body: { email: 'kofi@' } });
    expect(bad.body.message).toBe('Please enter a valid email address.');
    expect(await api.db.select().from(subscribers)).toEqual([]);
  });

  refusesMalformedJson('/api/subscribe', '{"email":', subscribers);
});
