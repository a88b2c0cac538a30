import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { products, shopSettings } from '@/server/db/schema';
import { diskImageStore, type ImageStore } from '@/server/services/catalogue/images';
import { setupTestApi } from '../helpers/api';

/**
 * A failing image store (disk full, permission denied): the admin hears a clear error, never a stack
 * trace, and the product or the settings stay exactly as they were.
 */
const storeDir = mkdtempSync(path.join(os.tmpdir(), 'shop-faulty-uploads-'));
const disk = diskImageStore(storeDir);

/** The disk store, failing from the `failFrom`-th save of a request on (1 = the first). */
const fault = { failFrom: 0, error: new Error('no fault'), saves: 0 };
const faultyStore: ImageStore = {
  async save(bytes) {
    fault.saves += 1;
    if (fault.failFrom > 0 && fault.saves >= fault.failFrom) throw fault.error;
    return disk.save(bytes);
  },
};

const api = setupTestApi({}, { images: faultyStore });

afterAll(() => rmSync(storeDir, { recursive: true, force: true }));
beforeEach(() => {
  fault.failFrom = 0;
  fault.saves = 0;
});

const diskFull = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
const permissionDenied = () =>
  Object.assign(new Error(`EACCES: permission denied, open '${storeDir}/x.webp'`), { code: 'EACCES', errno: -13, syscall: 'open' });

function failFrom(save: number, error: Error) {
  fault.failFrom = save;
  fault.error = error;
  fault.saves = 0;
}

const FAILED = { message: 'Could not save the image. Please try again.' };

let colour = 0;
/** An image no other test sent (its own content hash). */
function freshPng(): Promise<Buffer> {
  colour += 1;
  return sharp({ create: { width: 20 + colour, height: 20, channels: 3, background: { r: (colour * 40) % 256, g: 120, b: 60 } } })
    .png()
    .toBuffer();
}

const productFields = { name: 'Raw Shea Butter', description: 'Unrefined, from Tamale.', category: 'Skin', price: '45.50', stock: '12', newArrival: 'false' };

function form(fields: Record<string, string>, files: Buffer[], extra: [string, string][] = [], fileField = 'images'): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const [index, bytes] of files.entries()) body.append(fileField, new File([new Uint8Array(bytes)], `photo-${index}.png`, { type: 'image/png' }));
  for (const [key, value] of extra) body.append(key, value);
  return body;
}

const allProducts = () => api.db.select().from(products).orderBy(asc(products.id));
const adminToken = async () => (await api.createUser({ role: 'admin' })).token;
const leftovers = () => readdirSync(storeDir).filter((name) => name.endsWith('.tmp'));

/** The operator's log says what failed (the admin's answer does not). */
function expectLogged(code: string) {
  expect(api.logs.some((line) => line.includes('"level":"error"') && line.includes(code))).toBe(true);
}

function expectClearFailure(res: { status: number; body: unknown }) {
  expect(res.status).toBe(500);
  expect(res.body).toEqual(FAILED);
  expect(JSON.stringify(res.body)).not.toMatch(/ENOSPC|EACCES|at .*\.ts:\d+/);
  expect(leftovers()).toEqual([]); // no half-written file
}

describe('adding a product when the image store fails', () => {
  it('disk full on the second image: a clear 500, and no product row', async () => {
    const token = await adminToken();
    failFrom(2, diskFull());
    const res = await api.json('POST', '/api/addProduct', { token, form: form(productFields, [await freshPng(), await freshPng()]) });
    expectClearFailure(res);
    expect(await allProducts()).toEqual([]);
    expectLogged('ENOSPC');
  });

  it('permission denied on the first image: a clear 500, and no product row', async () => {
    const token = await adminToken();
    failFrom(1, permissionDenied());
    const res = await api.json('POST', '/api/addProduct', { token, form: form(productFields, [await freshPng()]) });
    expectClearFailure(res);
    expect(await allProducts()).toEqual([]);
    expectLogged('EACCES');
  });

  it('a real write failure inside the disk store leaves no temporary file behind', async () => {
    const token = await adminToken();
    const bytes = await freshPng();
    // A folder squatting on the 640 px file's name: the 320 px width is written, the 640 px rename fails.
    const key = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    mkdirSync(path.join(storeDir, `${key}-640.webp`));
    try {
      const res = await api.json('POST', '/api/addProduct', { token, form: form(productFields, [bytes]) });
      expectClearFailure(res);
      expect(await allProducts()).toEqual([]);
      expect(leftovers()).toEqual([]);
    } finally {
      rmSync(path.join(storeDir, `${key}-640.webp`), { recursive: true, force: true });
    }
  });
});

describe('editing a product when the image store fails', () => {
  async function existingProduct(token: string) {
    const created = await api.json('POST', '/api/addProduct', { token, form: form(productFields, [await freshPng(), await freshPng()]) });
    expect(created.status).toBe(201);
    return created.body.data as { _id: string; productImageUrls: string[] };
  }

  it('adding an image (disk full): a clear 500, and the product keeps its fields and images', async () => {
    const token = await adminToken();
    const product = await existingProduct(token);
    const before = await allProducts();
    failFrom(1, diskFull());
    const res = await api.json('PATCH', `/api/updateProductInfo/${product._id}`, {
      token,
      form: form({ name: 'Renamed Shea', price: '99' }, [await freshPng()]),
    });
    expectClearFailure(res);
    expect(await allProducts()).toEqual(before);
    expectLogged('ENOSPC');
  });

  it('replacing the images (permission denied on the second): a clear 500, and the product is unchanged', async () => {
    const token = await adminToken();
    const product = await existingProduct(token);
    const before = await allProducts();
    failFrom(2, permissionDenied());
    const res = await api.json('PATCH', `/api/updateProductInfo/${product._id}`, {
      token,
      form: form({ stock: '3' }, [await freshPng(), await freshPng()], [['existingImages', JSON.stringify(['new:1', 'new:0'])]]),
    });
    expectClearFailure(res);
    expect(await allProducts()).toEqual(before);
    expectLogged('EACCES');

    // The store works again: the same edit goes through.
    fault.failFrom = 0;
    const retry = await api.json('PATCH', `/api/updateProductInfo/${product._id}`, {
      token,
      form: form({ stock: '3' }, [await freshPng()], [['existingImages', JSON.stringify(['new:0'])]]),
    });
    expect(retry.status).toBe(200);
    expect(retry.body.data.productImageUrls).toHaveLength(1);
  });
});

describe('the shop logo when the image store fails', () => {
  const shopInfo = { shopName: 'Shea Haven', email: 'hello@sheahaven.gh', phone: '+233 24 000 0000', whatsapp: '+233 24 123 4567', address: 'Osu, Accra' };

  it('disk full: a clear 500, and the settings (logo included) stay as they were', async () => {
    const token = await adminToken();
    const first = await api.json('PATCH', '/api/settings', { token, form: form(shopInfo, [await freshPng()], [], 'logo') });
    expect(first.status).toBe(200);
    const before = await api.db.select().from(shopSettings);
    expect(before[0]?.logo).toMatch(/^[a-f0-9]{32}$/);

    failFrom(1, diskFull());
    const res = await api.json('PATCH', '/api/settings', { token, form: form({ ...shopInfo, shopName: 'Another Name' }, [await freshPng()], [], 'logo') });
    expectClearFailure(res);
    expect(await api.db.select().from(shopSettings)).toEqual(before);
    expectLogged('ENOSPC');
  });

  it('permission denied on a first save: a clear 500, and no settings row is created', async () => {
    const token = await adminToken();
    failFrom(1, permissionDenied());
    const res = await api.json('PATCH', '/api/settings', { token, form: form(shopInfo, [await freshPng()], [], 'logo') });
    expectClearFailure(res);
    expect(await api.db.select().from(shopSettings)).toEqual([]);
  });
});
