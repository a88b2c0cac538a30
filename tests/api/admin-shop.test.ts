import { createHash } from 'node:crypto';
import { asc, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contactMessages, promoCodes, sessions, shopSettings, users } from '@/server/db/schema';
import { expectAdminOnly } from '../helpers/admin';
import { setupTestApi } from '../helpers/api';
import { guestOrder } from '../helpers/orders';

const api = setupTestApi();

const JSON_HEADERS = { 'content-type': 'application/json' };
const LOGO_URL = /^\/uploads\/[a-f0-9]{32}-320\.webp$/;

/** Everything an admin call here could change. Customers made by expectAdminOnly are left out. */
async function snapshot() {
  return {
    settings: await api.db.select().from(shopSettings),
    promos: await api.db.select().from(promoCodes).orderBy(asc(promoCodes.code)),
    contact: await api.db.select().from(contactMessages).orderBy(asc(contactMessages.id)),
    admins: await api.db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.role, 'admin')),
    revoked: await api.db.select({ id: sessions.id }).from(sessions).where(isNotNull(sessions.revokedAt)),
  };
}

const png = (background: string, size = 60) =>
  sharp({ create: { width: size, height: size, channels: 3, background } })
    .png()
    .toBuffer();

/** The key the image store gives these bytes (a content hash), to prove a refused upload stored nothing. */
const imageKey = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

const shopInfo = {
  shopName: 'Shea Haven',
  email: 'Hello@SheaHaven.gh',
  phone: '+233 24 000 0000',
  whatsapp: '+233 24 123 4567',
  address: '5 Cantonments Road, Accra',
};

function settingsForm(fields: Record<string, string>, logo?: { bytes: Buffer | string; name: string; type: string }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (logo) form.append('logo', new File([typeof logo.bytes === 'string' ? logo.bytes : new Uint8Array(logo.bytes)], logo.name, { type: logo.type }));
  return form;
}

async function seedSettings(logo: string | null = null) {
  await api.db.insert(shopSettings).values({
    shopName: 'Nkuto Naturals',
    email: 'hello@nkuto.gh',
    phone: '+233 24 111 2222',
    whatsapp: '233241112222',
    address: 'Osu, Accra',
    logo,
    socials: { facebook: 'https://www.facebook.com/nkuto', instagram: 'https://www.instagram.com/nkuto' },
  });
}

async function admin() {
  return api.createUser({ role: 'admin', fullName: 'Adwoa Admin' });
}

describe('admin shop calls refuse guests (401) and customers (403) and change nothing', () => {
  it('every route', async () => {
    await seedSettings();
    await api.json('POST', '/api/contact', { body: { name: 'Ama', email: 'ama@example.com', subject: 'Hi', message: 'Hello' } });
    await admin(); // an admin whose password and sessions must stay as they are
    const logo = await png('#2a6');
    const cases: [string, string, Parameters<typeof expectAdminOnly>[3]][] = [
      ['PATCH', '/api/settings', { body: shopInfo }],
      ['PATCH', '/api/settings', { form: settingsForm(shopInfo, { bytes: logo, name: 'logo.png', type: 'image/png' }) }],
      [
        'PATCH',
        '/api/changePassword',
        { body: { currentPassword: 'correct horse battery', newPassword: 'new-password-1', confirmPassword: 'new-password-1' } },
      ],
      ['GET', '/api/getContactMessages', {}],
      ['GET', '/api/getContactMessages?page=1&limit=5', {}],
      ['GET', '/api/promoCodes', {}],
      ['POST', '/api/promoCodes', { body: { code: 'NEW15', percent: 15 } }],
      ['PATCH', '/api/promoCodes/SAVE10', { body: { active: false } }],
      ['DELETE', '/api/promoCodes/SAVE10', {}],
    ];
    for (const [method, url, options] of cases) await expectAdminOnly(api, method, url, options, snapshot);
    // The refused upload stored no image either.
    expect((await api.request('GET', `/uploads/${imageKey(logo)}-320.webp`)).status).toBe(404);
  });

  it('an expired or unknown token is 401 on an admin call', async () => {
    const { status } = await api.json('GET', '/api/promoCodes', { token: 'x'.repeat(43) });
    expect(status).toBe(401);
  });
});

describe('PATCH /api/settings', () => {
  it('saves the form with a real image logo; GET /api/settings shows it publicly as a WebP URL', async () => {
    const { token } = await admin();
    const form = settingsForm(
      { ...shopInfo, 'socials[instagram]': 'https://www.instagram.com/sheahaven' },
      {
        bytes: await png('#2a6'),
        name: 'logo.png',
        type: 'image/png',
      },
    );
    const { status, body } = await api.json('PATCH', '/api/settings', { form, token });
    expect(status).toBe(200);
    expect(body).toEqual({
      message: 'Shop settings updated successfully',
      data: {
        shopName: 'Shea Haven',
        email: 'hello@sheahaven.gh',
        phone: '+233 24 000 0000',
        whatsapp: '233241234567',
        address: '5 Cantonments Road, Accra',
        logo: expect.stringMatching(LOGO_URL),
        socials: { instagram: 'https://www.instagram.com/sheahaven' },
        payments: { mobileMoney: true, testPayments: true },
        passwordReset: { email: false, sms: false },
        delivery: [],
        demoShop: false,
        vitalsSamplePercent: 100,
      },
    });

    const open = await api.json('GET', '/api/settings');
    expect(open.status).toBe(200);
    expect(open.body).toEqual({ data: body.data });

    const image = await api.request('GET', body.data.logo);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('webp');
    for (const width of [640, 1200]) {
      expect((await api.request('GET', body.data.logo.replace('-320.webp', `-${width}.webp`))).status).toBe(200);
    }
    // The database keeps the image key; the URL is made when answering.
    const [row] = await api.db.select().from(shopSettings);
    expect(row?.logo).toMatch(/^[a-f0-9]{32}$/);
  });

  it('keeps the logo when none is sent (also for an empty file input or the URL echoed back) and removes it with removeLogo', async () => {
    const { token } = await admin();
    const first = await api.json('PATCH', '/api/settings', {
      form: settingsForm(shopInfo, { bytes: await png('#c84'), name: 'logo.png', type: 'image/png' }),
      token,
    });
    const logo = first.body.data.logo;
    expect(logo).toMatch(LOGO_URL);

    const withoutFile = await api.json('PATCH', '/api/settings', { form: settingsForm({ ...shopInfo, shopName: 'Shea Haven 2' }), token });
    expect(withoutFile.status).toBe(200);
    expect(withoutFile.body.data).toMatchObject({ shopName: 'Shea Haven 2', logo });

    // A browser sends an untouched file input as an empty part with filename="".
    const parts = Object.entries(shopInfo).map(([name, value]) => `--XYZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const emptyInput = `${parts.join('')}--XYZ\r\nContent-Disposition: form-data; name="logo"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--XYZ--\r\n`;
    const keptEmpty = await api.json('PATCH', '/api/settings', {
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      rawBody: emptyInput,
      token,
    });
    expect(keptEmpty.status).toBe(200);
    expect(keptEmpty.body.data.logo).toBe(logo);

    const blankText = await api.json('PATCH', '/api/settings', { form: settingsForm({ ...shopInfo, logo: '' }), token });
    expect(blankText.body.data.logo).toBe(logo);

    const echoed = await api.json('PATCH', '/api/settings', { form: settingsForm({ ...shopInfo, logo }), token });
    expect(echoed.status).toBe(200);
    expect(echoed.body.data.logo).toBe(logo);

    const viaJson = await api.json('PATCH', '/api/settings', { body: { ...shopInfo, logo }, token });
    expect(viaJson.body.data.logo).toBe(logo);

    const removed = await api.json('PATCH', '/api/settings', { form: settingsForm({ ...shopInfo, removeLogo: 'true' }), token });
    expect(removed.status).toBe(200);
    expect(removed.body.data.logo).toBeNull();
    expect((await api.json('GET', '/api/settings')).body.data.logo).toBeNull();
  });

  it('JSON removes the logo with logo: null or removeLogo: true', async () => {
    const { token } = await admin();
    await seedSettings('0123456789abcdef0123456789abcdef');
    expect((await api.json('GET', '/api/settings')).body.data.logo).toBe('/uploads/0123456789abcdef0123456789abcdef-320.webp');
    const viaNull = await api.json('PATCH', '/api/settings', { body: { ...shopInfo, logo: null }, token });
    expect(viaNull.body.data.logo).toBeNull();

    await api.db.update(shopSettings).set({ logo: '0123456789abcdef0123456789abcdef' });
    const viaFlag = await api.json('PATCH', '/api/settings', { body: { ...shopInfo, removeLogo: true }, token });
    expect(viaFlag.body.data.logo).toBeNull();
  });

  it('refuses a text file as logo with 400 "The logo must be an image file." and changes nothing', async () => {
    const { token } = await admin();
    await seedSettings();
    const before = await snapshot();
    for (const logo of [
      { bytes: 'just some text, not a picture', name: 'notes.txt', type: 'text/plain' },
      { bytes: 'still text', name: 'sneaky.png', type: 'image/png' },
      { bytes: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', name: 'logo.svg', type: 'image/svg+xml' },
      { bytes: '', name: 'empty.png', type: 'image/png' },
    ]) {
      const { status, body } = await api.json('PATCH', '/api/settings', { form: settingsForm(shopInfo, logo), token });
      expect(status, logo.name).toBe(400);
      expect(body.message, logo.name).toBe('The logo must be an image file.');
      expect(body.errors, logo.name).toEqual([{ path: ['logo'], message: 'The logo must be an image file.' }]);
    }
    const asText = await api.json('PATCH', '/api/settings', { form: settingsForm({ ...shopInfo, logo: 'https://example.com/logo.png' }), token });
    expect(asText.status).toBe(400);
    expect(asText.body.message).toBe('The logo must be an image file.');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a logo over 5 MB with 413 and changes nothing', async () => {
    const { token } = await admin();
    await seedSettings();
    const before = await snapshot();
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 7);
    const { status, body } = await api.json('PATCH', '/api/settings', {
      form: settingsForm(shopInfo, { bytes: big, name: 'huge.png', type: 'image/png' }),
      token,
    });
    expect(status).toBe(413);
    expect(body).toEqual({ message: 'Each image must be at most 5 MB.' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a missing shop name, e-mail or phone with 400 and changes nothing (no image stored)', async () => {
    const { token } = await admin();
    await seedSettings();
    const before = await snapshot();
    const logo = await png('#913', 40);
    for (const missing of ['shopName', 'email', 'phone'] as const) {
      const fields: Record<string, string> = { ...shopInfo };
      delete fields[missing];
      const form = await api.json('PATCH', '/api/settings', { form: settingsForm(fields, { bytes: logo, name: 'logo.png', type: 'image/png' }), token });
      expect(form.status, missing).toBe(400);
      expect(form.body.message, missing).toBe('Shop name, email and phone are required.');
      expect(form.body.errors[0].path, missing).toEqual([missing]);

      const blank = await api.json('PATCH', '/api/settings', { body: { ...shopInfo, [missing]: '   ' }, token });
      expect(blank.status, missing).toBe(400);
      expect(blank.body.message, missing).toBe('Shop name, email and phone are required.');
    }
    const empty = await api.json('PATCH', '/api/settings', { body: {}, token });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Shop name, email and phone are required.');
    expect(empty.body.errors).toHaveLength(3);

    const badEmail = await api.json('PATCH', '/api/settings', { body: { ...shopInfo, email: 'not-an-email' }, token });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Please enter a valid email address.');

    expect(await snapshot()).toEqual(before);
    expect((await api.request('GET', `/uploads/${imageKey(logo)}-320.webp`)).status).toBe(404);
  });

  it('takes a JSON body: creates the settings row on the first save, normalises WhatsApp, keeps absent fields', async () => {
    const { token } = await admin();
    const { status, body } = await api.json('PATCH', '/api/settings', {
      body: { ...shopInfo, whatsapp: '024 123 4567', socials: { facebook: 'https://facebook.com/sheahaven' } },
      token,
    });
    expect(status).toBe(200);
    expect(body.message).toBe('Shop settings updated successfully');
    expect(body.data).toEqual({
      shopName: 'Shea Haven',
      email: 'hello@sheahaven.gh',
      phone: '+233 24 000 0000',
      whatsapp: '233241234567',
      address: '5 Cantonments Road, Accra',
      logo: null,
      socials: { facebook: 'https://facebook.com/sheahaven' },
      payments: { mobileMoney: true, testPayments: true },
      passwordReset: { email: false, sms: false },
      delivery: [],
      demoShop: false,
      vitalsSamplePercent: 100,
    });
    const [row] = await api.db.select().from(shopSettings);
    expect(row).toMatchObject({ id: 1, updatedAt: api.clock.now });

    // Only the three required fields: whatsapp, address and socials stay as they were.
    const partial = await api.json('PATCH', '/api/settings', { body: { shopName: 'Shea Haven Ltd', email: 'a@b.gh', phone: '0240000000' }, token });
    expect(partial.body.data).toEqual({ ...body.data, shopName: 'Shea Haven Ltd', email: 'a@b.gh', phone: '0240000000' });

    // Blank clears them.
    const cleared = await api.json('PATCH', '/api/settings', { body: { ...shopInfo, whatsapp: '', address: '' }, token });
    expect(cleared.body.data).toMatchObject({ whatsapp: '', address: '' });
  });

  it('sets the share of page views that report their speed (0-100, JSON or a form); absent keeps it; anything else is 400', async () => {
    const { token } = await admin();
    const saved = await api.json('PATCH', '/api/settings', { body: { ...shopInfo, vitalsSamplePercent: 25 }, token });
    expect(saved.status).toBe(200);
    expect(saved.body.data.vitalsSamplePercent).toBe(25);
    // The storefront reads it from the public settings.
    expect((await api.json('GET', '/api/settings')).body.data.vitalsSamplePercent).toBe(25);
    // Absent: kept.
    expect((await api.json('PATCH', '/api/settings', { body: shopInfo, token })).body.data.vitalsSamplePercent).toBe(25);
    // A form sends digits; 0 turns the measuring off.
    const off = await api.json('PATCH', '/api/settings', { form: settingsForm({ ...shopInfo, vitalsSamplePercent: '0' }), token });
    expect(off.status).toBe(200);
    expect(off.body.data.vitalsSamplePercent).toBe(0);

    const before = await snapshot();
    for (const bad of [101, -1, 2.5, '1e2', 'all', '', null, true]) {
      const refused = await api.json('PATCH', '/api/settings', { body: { ...shopInfo, vitalsSamplePercent: bad }, token });
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body.errors).toEqual([{ path: ['vitalsSamplePercent'], message: 'Enter a whole number from 0 to 100.' }]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('sets and removes social links one by one (blank removes)', async () => {
    const { token } = await admin();
    await seedSettings();
    const set = await api.json('PATCH', '/api/settings', {
      body: { ...shopInfo, socials: { tiktok: 'https://www.tiktok.com/@nkuto', x: ' https://x.com/nkuto ', facebook: '' } },
      token,
    });
    expect(set.status).toBe(200);
    expect(set.body.data.socials).toEqual({
      instagram: 'https://www.instagram.com/nkuto',
      tiktok: 'https://www.tiktok.com/@nkuto',
      x: 'https://x.com/nkuto',
    });

    const form = settingsForm({ ...shopInfo, 'socials[instagram]': '', tiktok: '', 'socials.x': 'https://x.com/nkuto_gh' });
    const viaForm = await api.json('PATCH', '/api/settings', { form, token });
    expect(viaForm.status).toBe(200);
    expect(viaForm.body.data.socials).toEqual({ x: 'https://x.com/nkuto_gh' });

    const asJsonField = await api.json('PATCH', '/api/settings', {
      form: settingsForm({ ...shopInfo, socials: JSON.stringify({ facebook: 'https://facebook.com/nkuto', x: null }) }),
      token,
    });
    expect(asJsonField.body.data.socials).toEqual({ facebook: 'https://facebook.com/nkuto' });
    expect((await api.json('GET', '/api/settings')).body.data.socials).toEqual({ facebook: 'https://facebook.com/nkuto' });
  });

  it('refuses social links that are not https and WhatsApp numbers that are not numbers, changing nothing', async () => {
    const { token } = await admin();
    await seedSettings();
    const before = await snapshot();
    for (const link of ['http://facebook.com/nkuto', 'javascript:alert(1)', 'facebook.com/nkuto', 'https://user:pw@facebook.com/x', 42]) {
      const { status, body } = await api.json('PATCH', '/api/settings', { body: { ...shopInfo, socials: { facebook: link } }, token });
      expect(status, String(link)).toBe(400);
      expect(body.message, String(link)).toBe('Social links must be full https:// addresses.');
      expect(body.errors[0].path).toEqual(['socials', 'facebook']);
    }
    for (const whatsapp of ['call me', '+233-24-abc', '12345', '+0241234567']) {
      const { status, body } = await api.json('PATCH', '/api/settings', { body: { ...shopInfo, whatsapp }, token });
      expect(status, whatsapp).toBe(400);
      expect(body.errors[0].path).toEqual(['whatsapp']);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers malformed JSON, malformed multipart and a bad socials field with 400, never 500', async () => {
    const { token } = await admin();
    await seedSettings();
    const before = await snapshot();
    const json = await api.json('PATCH', '/api/settings', { headers: JSON_HEADERS, rawBody: '{"shopName":', token });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('The request body is not valid JSON.');

    const multipart = await api.json('PATCH', '/api/settings', {
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      rawBody: '--XYZ\r\nContent-Disposition: form-data; name="shopName"\r\n\r\nShea',
      token,
    });
    expect(multipart.status).toBe(400);
    expect(multipart.body.message).toEqual(expect.any(String));

    const noBoundary = await api.json('PATCH', '/api/settings', { headers: { 'content-type': 'multipart/form-data' }, rawBody: 'shopName=x', token });
    expect(noBoundary.status).toBe(400);

    const socials = await api.json('PATCH', '/api/settings', { form: settingsForm({ ...shopInfo, socials: '{not json' }), token });
    expect(socials.status).toBe(400);
    expect(socials.body.message).toBe('socials must be an object of links.');

    const twoLogos = settingsForm(shopInfo, { bytes: await png('#111'), name: 'a.png', type: 'image/png' });
    twoLogos.append('logo', new File([new Uint8Array(await png('#222'))], 'b.png', { type: 'image/png' }));
    const two = await api.json('PATCH', '/api/settings', { form: twoLogos, token });
    expect(two.status).toBe(400);

    const array = await api.json('PATCH', '/api/settings', { headers: JSON_HEADERS, rawBody: '[1,2]', token });
    expect(array.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('takes a url-encoded form too', async () => {
    const { token } = await admin();
    const rawBody = new URLSearchParams({ ...shopInfo, address: 'Tema' }).toString();
    const { status, body } = await api.json('PATCH', '/api/settings', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody,
      token,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ shopName: 'Shea Haven', address: 'Tema', whatsapp: '233241234567' });
  });
});

describe('PATCH /api/changePassword', () => {
  const login = (email: string, password: string) => api.json('POST', '/api/login', { body: { email, password } });

  it('changes the password, keeps the caller signed in and signs out the account everywhere else', async () => {
    const me = await admin();
    const other = await login(me.email, me.password);
    expect(other.status).toBe(200);
    const { status, body } = await api.json('PATCH', '/api/changePassword', {
      body: { currentPassword: me.password, newPassword: 'baobab-fruit-88', confirmPassword: 'baobab-fruit-88' },
      token: me.token,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ message: 'Password changed successfully' });

    expect((await login(me.email, me.password)).status).toBe(401);
    const fresh = await login(me.email, 'baobab-fruit-88');
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.role).toBe('admin');

    expect((await api.json('GET', '/api/promoCodes', { token: me.token })).status).toBe(200);
    expect((await api.json('GET', '/api/promoCodes', { token: fresh.body.token })).status).toBe(200);
    const revoked = await api.json('GET', '/api/promoCodes', { token: other.body.token });
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toBe('Session expired, please sign in');
  });

  it('refuses a wrong current password with 400 "Incorrect old password" (never 401) and changes nothing', async () => {
    const me = await admin();
    const other = await login(me.email, me.password);
    const before = await snapshot();
    const { status, body } = await api.json('PATCH', '/api/changePassword', {
      body: { currentPassword: 'not-my-password', newPassword: 'baobab-fruit-88', confirmPassword: 'baobab-fruit-88' },
      token: me.token,
    });
    expect(status).toBe(400);
    expect(body.message).toBe('Incorrect old password');
    expect(await snapshot()).toEqual(before);
    expect((await login(me.email, me.password)).status).toBe(200);
    expect((await api.json('GET', '/api/promoCodes', { token: other.body.token })).status).toBe(200);
  });

  it.each([
    [{ currentPassword: 'x', newPassword: 'baobab-fruit-88', confirmPassword: 'baobab-fruit-89' }, 'New passwords do not match', ['confirmPassword']],
    [{ currentPassword: 'x', newPassword: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters long', ['newPassword']],
    [{ newPassword: 'baobab-fruit-88', confirmPassword: 'baobab-fruit-88' }, 'Please fill in all fields.', ['currentPassword']],
    [{ currentPassword: 'x', newPassword: '', confirmPassword: '' }, 'Please fill in all fields.', ['newPassword']],
    [{ currentPassword: 'x', newPassword: 'baobab-fruit-88' }, 'Please fill in all fields.', ['confirmPassword']],
    [{}, 'Please fill in all fields.', ['currentPassword']],
    [{ currentPassword: 12345678, newPassword: 'baobab-fruit-88', confirmPassword: 'baobab-fruit-88' }, 'Please fill in all fields.', ['currentPassword']],
  ])('refuses %j with 400 and changes nothing', async (input, message, path) => {
    const me = await admin();
    const before = await snapshot();
    const { status, body } = await api.json('PATCH', '/api/changePassword', { body: input, token: me.token });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(body.errors[0].path).toEqual(path);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses malformed JSON with 400', async () => {
    const me = await admin();
    const { status, body } = await api.json('PATCH', '/api/changePassword', { headers: JSON_HEADERS, rawBody: '{"currentPassword"', token: me.token });
    expect(status).toBe(400);
    expect(body.message).toBe('The request body is not valid JSON.');
  });
});

describe('GET /api/getContactMessages', () => {
  const send = (n: number) =>
    api.json('POST', '/api/contact', { body: { name: `Sender ${n}`, email: `s${n}@example.com`, subject: `Subject ${n}`, message: `Message ${n}` } });

  it('lists the messages newest first, all of them unless paged', async () => {
    const { token } = await admin();
    expect((await api.json('GET', '/api/getContactMessages', { token })).body).toEqual({ messages: [] });
    for (const n of [1, 2, 3]) {
      expect((await send(n)).status).toBe(201);
      api.clock.advance(60_000);
    }
    const { status, body } = await api.json('GET', '/api/getContactMessages', { token });
    expect(status).toBe(200);
    expect(body.messages.map((m: { name: string }) => m.name)).toEqual(['Sender 3', 'Sender 2', 'Sender 1']);
    expect(body.messages[0]).toEqual({
      _id: expect.any(String),
      name: 'Sender 3',
      email: 's3@example.com',
      subject: 'Subject 3',
      message: 'Message 3',
      createdAt: '2026-11-22T10:02:00.000Z',
    });
    expect(body.total).toBeUndefined();

    const paged = await api.json('GET', '/api/getContactMessages?page=2&limit=2', { token });
    expect(paged.status).toBe(200);
    expect(paged.body).toEqual({ messages: [expect.objectContaining({ name: 'Sender 1' })], total: 3, page: 2, limit: 2 });

    const firstPage = await api.json('GET', '/api/getContactMessages?limit=2', { token });
    expect(firstPage.body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(firstPage.body.messages.map((m: { name: string }) => m.name)).toEqual(['Sender 3', 'Sender 2']);
  });

  it('refuses bad paging with 400', async () => {
    const { token } = await admin();
    for (const query of ['page=0', 'limit=0', 'limit=1000', 'page=abc']) {
      const { status } = await api.json('GET', `/api/getContactMessages?${query}`, { token });
      expect(status, query).toBe(400);
    }
  });
});

describe('promo codes', () => {
  const validate = (code: string) => api.json('POST', '/api/validatePromo', { body: { code, subtotal: 100 } });
  const limits = { startsAt: null, endsAt: null, maxUses: null, onePerCustomer: false, uses: 0, state: 'active' };
  const save10 = { code: 'SAVE10', percent: 10, active: true, ...limits, createdAt: expect.any(String) };

  it('lists SAVE10, which every shop starts with', async () => {
    const { token } = await admin();
    const { status, body } = await api.json('GET', '/api/promoCodes', { token });
    expect(status).toBe(200);
    expect(body).toEqual({ data: [save10] });
  });

  it('creates a code in upper case that checkout accepts, then deactivates and deletes it', async () => {
    const { token } = await admin();
    const created = await api.json('POST', '/api/promoCodes', { body: { code: ' fiesta20 ', percent: 20 }, token });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      message: 'Promo code saved',
      data: [{ code: 'FIESTA20', percent: 20, active: true, ...limits, createdAt: api.clock.now.toISOString() }, save10],
    });
    const valid = await validate('fiesta20');
    expect(valid.body).toMatchObject({ valid: true, code: 'FIESTA20', percent: 20, discount: 20 });

    const product = await api.createProduct({ price: 50, stock: 10 });
    const placed = await guestOrder(api, [{ productId: product.id, quantity: 2 }], { promoCode: 'Fiesta20' });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ promoCode: 'FIESTA20', subtotal: 100, discount: 20, total: 80 });

    const off = await api.json('PATCH', '/api/promoCodes/fiesta20', { body: { active: false }, token });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ message: 'Promo code saved', data: [expect.objectContaining({ code: 'FIESTA20', active: false }), save10] });
    expect((await validate('FIESTA20')).body).toMatchObject({ valid: false, message: 'Invalid promo code' });
    const refused = await guestOrder(api, [{ productId: product.id, quantity: 1 }], { promoCode: 'FIESTA20' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Invalid promo code');

    const again = await api.json('PATCH', '/api/promoCodes/FIESTA20', { body: { active: true, percent: 25 }, token });
    expect(again.body.data[0]).toMatchObject({ code: 'FIESTA20', percent: 25, active: true });
    expect((await validate('fiesta20')).body).toMatchObject({ valid: true, percent: 25 });

    const deleted = await api.json('DELETE', '/api/promoCodes/Fiesta20', { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Promo code deleted', data: [save10] });
    expect((await validate('FIESTA20')).body.valid).toBe(false);

    const second = await api.json('DELETE', '/api/promoCodes/FIESTA20', { token });
    expect(second.status).toBe(404);
    expect(second.body).toEqual({ message: 'Promo code not found' });

    // The order placed with the code keeps its discount.
    const kept = await api.json('GET', `/api/getOrderById/${placed.body.order._id}`, { token });
    expect(kept.status).toBe(200);
    expect(kept.body.order).toMatchObject({ promoCode: 'FIESTA20', subtotal: 100, discount: 20, total: 80 });
  });

  it('refuses a duplicate code, in any case, with 409', async () => {
    const { token } = await admin();
    await api.json('POST', '/api/promoCodes', { body: { code: 'FIESTA20', percent: 20 }, token });
    const before = await snapshot();
    for (const code of ['fiesta20', ' Fiesta20 ', 'save10']) {
      const { status, body } = await api.json('POST', '/api/promoCodes', { body: { code, percent: 30 }, token });
      expect(status, code).toBe(409);
      expect(body).toEqual({ message: 'That promo code already exists.' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a bad percent or code with 400 and stores nothing', async () => {
    const { token } = await admin();
    const before = await snapshot();
    for (const percent of [0, 101, 'ten', 12.5, -5, null, '']) {
      const { status, body } = await api.json('POST', '/api/promoCodes', { body: { code: 'NEWCODE', percent }, token });
      expect(status, String(percent)).toBe(400);
      expect(body.message, String(percent)).toBe('The discount must be a whole percent from 1 to 100.');
    }
    const noPercent = await api.json('POST', '/api/promoCodes', { body: { code: 'NEWCODE' }, token });
    expect(noPercent.body.message).toBe('The discount must be a whole percent from 1 to 100.');
    for (const code of ['ab', '', 'HAS SPACE', 'SAVE-10', 'x'.repeat(41), 42]) {
      const { status, body } = await api.json('POST', '/api/promoCodes', { body: { code, percent: 10 }, token });
      expect(status, String(code)).toBe(400);
      expect(body.message, String(code)).toBe('Use 3 to 40 letters or digits for the code.');
    }
    const badActive = await api.json('POST', '/api/promoCodes', { body: { code: 'NEWCODE', percent: 10, active: 'yes' }, token });
    expect(badActive.status).toBe(400);
    const inactive = await api.json('POST', '/api/promoCodes', { body: { code: 'LATER5', percent: '5', active: false }, token });
    expect(inactive.status).toBe(201);
    expect(inactive.body.data[0]).toMatchObject({ code: 'LATER5', percent: 5, active: false });
    expect((await validate('LATER5')).body.valid).toBe(false);
    await api.db.delete(promoCodes).where(eq(promoCodes.code, 'LATER5'));
    expect(await snapshot()).toEqual(before);
  });

  it('PATCH changes SAVE10 percent; an empty or bad change is 400; an unknown code is 404', async () => {
    const { token } = await admin();
    const changed = await api.json('PATCH', '/api/promoCodes/save10', { body: { percent: 15 }, token });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual([{ ...save10, percent: 15 }]);
    expect((await validate('save10')).body).toMatchObject({ valid: true, percent: 15, discount: 15 });

    const before = await snapshot();
    const empty = await api.json('PATCH', '/api/promoCodes/SAVE10', { body: {}, token });
    expect(empty.status).toBe(400);
    for (const percent of [0, 101, 'ten']) {
      const { status, body } = await api.json('PATCH', '/api/promoCodes/SAVE10', { body: { percent }, token });
      expect(status).toBe(400);
      expect(body.message).toBe('The discount must be a whole percent from 1 to 100.');
    }
    for (const code of ['NOPE99', 'no%20such', '%20']) {
      const { status, body } = await api.json('PATCH', `/api/promoCodes/${code}`, { body: { active: false }, token });
      expect(status, code).toBe(404);
      expect(body).toEqual({ message: 'Promo code not found' });
    }
    expect((await api.json('DELETE', '/api/promoCodes/NOPE99', { token })).status).toBe(404);
    const malformed = await api.json('PATCH', '/api/promoCodes/SAVE10', { headers: JSON_HEADERS, rawBody: '{"active":', token });
    expect(malformed.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
