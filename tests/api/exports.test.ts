import { describe, expect, it } from 'vitest';
import { subscribers } from '@/server/db/schema';
import { CUSTOMER_EXPORT_HEADER, ORDER_EXPORT_HEADER } from '@/server/services/orders/exports';
import { expectAdminOnly } from '../helpers/admin';
import { setupTestApi } from '../helpers/api';
import { guestOrder } from '../helpers/orders';

/**
 * CSV exports: the orders with their lines, the customers and the newsletter subscribers,
 * with the lists' own filters; UTF-8 with a BOM, RFC 4180 quoting, amounts as plain numbers, phones
 * as 0XXXXXXXXX, and no cell a spreadsheet would run as a formula. Admin only.
 */
const api = setupTestApi();

async function adminToken() {
  return (await api.createUser({ role: 'admin' })).token;
}

/** A small RFC 4180 reader (quotes, doubled quotes, commas and line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length) throw new Error('the file does not end with CRLF');
  return rows;
}

async function download(url: string, token: string) {
  const res = await api.request('GET', url, { token });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, text: bytes.toString('utf8') };
}

/** The file's records as objects keyed by the header. */
function records(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  return rows.map((row) => Object.fromEntries((header ?? []).map((name, i) => [name, row[i] ?? ''])));
}

describe('GET /api/exportOrders.csv', () => {
  it('writes one row per line, UTF-8 with a BOM, as an attachment named by the day', async () => {
    const token = await adminToken();
    const shea = await api.createProduct({ name: 'Shea Butter, "Raw" ₵ jar', price: 45.5, stock: 10 });
    const soap = await api.createProduct({ name: 'Black Soap\nLarge', price: 12, stock: 10 });
    const placed = await guestOrder(
      api,
      [
        { productId: shea.id, quantity: 2 },
        { productId: soap.id, quantity: 1 },
      ],
      { form: { fullName: 'Ama Ɔsei', phone: '+233241234567', email: 'ama@example.com', address: '5 Ring Rd, Osu', city: 'Accra', region: 'Greater Accra' } },
    );
    expect(placed.status).toBe(201);

    const { res, bytes, text } = await download('/api/exportOrders.csv', token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="orders-2026-11-22.csv"');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parseCsv(text.slice(1))[0]).toEqual([...ORDER_EXPORT_HEADER]);
    // Quoting: the comma, the doubled quotes and the line break stay inside their cells.
    expect(text).toContain('"Shea Butter, ""Raw"" ₵ jar"');
    expect(text).toContain('"Black Soap\nLarge"');

    const rows = records(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      'Order number': placed.body.order.orderNumber,
      Date: '2026-11-22 10:00',
      Customer: 'Ama Ɔsei',
      Phone: '0241234567',
      Email: 'ama@example.com',
      Region: 'Greater Accra',
      City: 'Accra',
      Address: '5 Ring Rd, Osu',
      Delivery: '',
      'Delivery fee': '',
      'Payment method': 'Cash on Delivery',
      'Payment status': 'Pending',
      Refunded: '',
      'Order status': 'Pending',
      Product: 'Shea Butter, "Raw" ₵ jar',
      Quantity: '2',
      'Unit price': '45.5',
      'Line total': '91',
      'Order total': '103',
    });
    expect(rows[1]).toMatchObject({ Product: 'Black Soap\nLarge', Quantity: '1', 'Unit price': '12', 'Line total': '12', 'Order total': '103' });
  });

  it('neutralises every text cell a spreadsheet would run, and writes phones as 0…', async () => {
    const token = await adminToken();
    const product = await api.createProduct({ name: '-5 off Shea', price: 10, stock: 10 });
    const placed = await guestOrder(api, [{ productId: product.id, quantity: 1 }], {
      form: { fullName: '=HYPERLINK("http://evil.example","click")', phone: '+233 24 123 4567', email: 'x@example.com', address: '@x', city: '+Accra' },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [row] = records((await download('/api/exportOrders.csv', token)).text);
    expect(row).toMatchObject({
      Customer: `'=HYPERLINK("http://evil.example","click")`,
      Phone: '0241234567',
      Address: "'@x",
      City: "'+Accra",
      Product: "'-5 off Shea",
      // Amounts stay plain numbers.
      'Unit price': '10',
    });
  });

  it("applies the list's search and filters, and ignores paging", async () => {
    const token = await adminToken();
    const product = await api.createProduct({ price: 10, stock: 20 });
    const first = await guestOrder(api, [{ productId: product.id, quantity: 1 }], { form: { fullName: 'Kofi Paid' } });
    const second = await guestOrder(api, [{ productId: product.id, quantity: 1 }], { form: { fullName: 'Yaw Pending' } });
    await guestOrder(api, [{ productId: product.id, quantity: 1 }], { form: { fullName: 'Esi Other' } });
    expect((await api.json('PATCH', `/api/updatePaymentStatusById/${first.body.order._id}`, { token, body: { paymentStatus: 'Paid' } })).status).toBe(200);

    const names = async (query: string) => records((await download(`/api/exportOrders.csv${query}`, token)).text).map((r) => r.Customer);
    expect(await names('?paymentStatus=Paid')).toEqual(['Kofi Paid']);
    expect(await names('?q=yaw')).toEqual(['Yaw Pending']);
    expect(await names(`?q=${second.body.order.orderNumber}`)).toEqual(['Yaw Pending']);
    expect((await names('?page=1&limit=1')).sort()).toEqual(['Esi Other', 'Kofi Paid', 'Yaw Pending']);
    expect(await names('?status=Delivered')).toEqual([]);
    const refused = await api.json('GET', '/api/exportOrders.csv?status=Lost', { token });
    expect(refused.status).toBe(400);
  });
});

describe('GET /api/exportCustomers.csv', () => {
  it("writes accounts and guests with the list's filter", async () => {
    const token = await adminToken();
    await api.createUser({ fullName: '+Efua Account', email: 'efua@example.com' });
    const product = await api.createProduct({ price: 20, stock: 10 });
    const placed = await guestOrder(api, [{ productId: product.id, quantity: 2 }], {
      form: { fullName: 'Akua, Guest', phone: '0551234567', email: 'akua@example.com' },
    });
    expect((await api.json('PATCH', `/api/updatePaymentStatusById/${placed.body.order._id}`, { token, body: { paymentStatus: 'Paid' } })).status).toBe(200);

    const { res, text } = await download('/api/exportCustomers.csv?kind=all&role=customer', token);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="customers-2026-11-22.csv"');
    expect(parseCsv(text.slice(1))[0]).toEqual([...CUSTOMER_EXPORT_HEADER]);
    const rows = records(text);
    expect(rows.map((r) => [r.Type, r.Name])).toEqual(
      expect.arrayContaining([
        ['Account', "'+Efua Account"],
        ['Guest', 'Akua, Guest'],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.Type === 'Guest')).toMatchObject({ Phone: '0551234567', Email: 'akua@example.com', Orders: '1', 'Total spent': '40', Role: '' });

    expect(records((await download('/api/exportCustomers.csv?kind=guest', token)).text).map((r) => r.Name)).toEqual(['Akua, Guest']);
    // The spec's default: accounts only (the admin too, without a role).
    expect(records((await download('/api/exportCustomers.csv?role=customer', token)).text).map((r) => r.Name)).toEqual(["'+Efua Account"]);
  });
});

describe('GET /api/exportSubscribers.csv', () => {
  it('writes every subscriber, oldest first', async () => {
    const token = await adminToken();
    await api.db.insert(subscribers).values([
      { email: 'first@example.com', createdAt: new Date('2026-11-01T08:00:00Z') },
      { email: '@second@example.com', createdAt: new Date('2026-11-02T09:30:00Z') },
    ]);
    const { res, text } = await download('/api/exportSubscribers.csv', token);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="subscribers-2026-11-22.csv"');
    expect(text.startsWith('\uFEFFEmail,Subscribed\r\n')).toBe(true);
    expect(records(text)).toEqual([
      { Email: 'first@example.com', Subscribed: '2026-11-01 08:00' },
      { Email: "'@second@example.com", Subscribed: '2026-11-02 09:30' },
    ]);
  });
});

describe('the exports are admin-only', () => {
  it.each(['/api/exportOrders.csv', '/api/exportCustomers.csv?kind=all', '/api/exportSubscribers.csv'])('%s', async (url) => {
    await expectAdminOnly(api, 'GET', url);
  });
});
