import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartItems, products } from '@/server/db/schema';
import { expectAdminOnly } from '../helpers/admin';
import { setupTestApi, type TestApi } from '../helpers/api';
import { guestOrder } from '../helpers/orders';

const api = setupTestApi();

const MISSING_ID = '6f1c2b1e-0000-4000-8000-000000000000';

/** Small real images, one colour each so each has its own content hash. */
const COLOURS = ['#c96', '#369', '#693', '#936', '#399', '#963'] as const;
let pngs: Buffer[] = [];
let jpeg: Buffer;

beforeAll(async () => {
  pngs = await Promise.all(
    COLOURS.map((background) =>
      sharp({ create: { width: 40, height: 40, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#fc0' } })
    .jpeg()
    .toBuffer();
});

const png = (index: number): Buffer => pngs[index] as Buffer;

/**
 * An image no earlier test has uploaded (the uploads folder lives as long as the file's app), so
 * its absence from /uploads proves a refused request stored nothing.
 */
let freshCount = 0;
function freshPng(): Promise<Buffer> {
  freshCount += 1;
  return sharp({ create: { width: 16 + freshCount, height: 16, channels: 3, background: '#8a5' } })
    .png()
    .toBuffer();
}
/** The key the server gives these bytes (ARCHITECTURE: content-hashed names). */
const keyOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);
const urlOf = (bytes: Buffer) => `/uploads/${keyOf(bytes)}-640.webp`;

const validFields = {
  name: 'Raw Shea Butter',
  description: 'Unrefined shea butter from Tamale.',
  category: 'Skin',
  price: '45.50',
  stock: '12',
  newArrival: 'true',
};

interface Upload {
  bytes: Buffer;
  name?: string;
  type?: string;
}

/** A multipart product form: text fields, then `images` files in order, then any extra fields. */
function productForm(fields: Record<string, string>, files: (Buffer | Upload)[] = [], extra: [string, string][] = []): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [index, file] of files.entries()) {
    const upload = Buffer.isBuffer(file) ? { bytes: file } : file;
    form.append('images', new File([new Uint8Array(upload.bytes)], upload.name ?? `photo-${index}.png`, { type: upload.type ?? 'image/png' }));
  }
  for (const [key, value] of extra) form.append(key, value);
  return form;
}

async function adminToken(): Promise<string> {
  return (await api.createUser({ role: 'admin' })).token;
}

const allProducts = () => api.db.select().from(products).orderBy(asc(products.id));
const productRow = async (id: string) => (await api.db.select().from(products).where(eq(products.id, id)))[0];

/** Whether the server has this stored width of an image (served from the uploads folder). */
async function uploadStatus(key: string, width: number) {
  const res = await api.request('GET', `/uploads/${key}-${width}.webp`);
  await res.arrayBuffer();
  return { status: res.status, type: res.headers.get('content-type') };
}

async function addViaApi(token: string, files: Buffer[], fields: Record<string, string> = validFields) {
  const { status, body } = await api.json('POST', '/api/addProduct', { token, form: productForm(fields, files) });
  if (status !== 201) throw new Error(`addProduct answered ${status}: ${JSON.stringify(body)}`);
  return body.data as { _id: string; productImageUrls: string[] };
}

function patch(token: string, id: string, form: FormData) {
  return api.json('PATCH', `/api/updateProductInfo/${id}`, { token, form });
}

describe('admin product routes refuse guests and customers', () => {
  it('every route answers 401 to a guest and 403 to a customer, changing nothing', async () => {
    const product = await api.createProduct({ stock: 2 });
    const [added, edited] = [await freshPng(), await freshPng()];
    await expectAdminOnly(api, 'POST', '/api/addProduct', { form: productForm(validFields, [added]) }, allProducts);
    await expectAdminOnly(api, 'PATCH', `/api/updateProductInfo/${product.id}`, { form: productForm({ name: 'Renamed' }, [edited]) }, allProducts);
    await expectAdminOnly(api, 'DELETE', `/api/deleteProduct/${product.id}`, {}, allProducts);
    await expectAdminOnly(api, 'GET', '/api/getLowStockProducts', {}, allProducts);
    expect(await allProducts()).toHaveLength(1);
    for (const image of [added, edited]) expect((await uploadStatus(keyOf(image), 640)).status).toBe(404);
  });
});

describe('POST /api/addProduct', () => {
  it('adds a product with one image: 201, the Product shape, 640 URLs and three stored widths', async () => {
    const token = await adminToken();
    const { status, body } = await api.json('POST', '/api/addProduct', { token, form: productForm(validFields, [png(0)]) });

    expect(status).toBe(201);
    expect(body).toEqual({
      message: 'Product added successfully!',
      data: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        slug: 'raw-shea-butter',
        name: 'Raw Shea Butter',
        description: 'Unrefined shea butter from Tamale.',
        category: 'Skin',
        price: 45.5,
        stock: 12,
        productImageUrls: [urlOf(png(0))],
        createdAt: api.clock.now.toISOString(),
        newArrival: true,
        rating: null,
        ratingCount: 0,
        unitsSold: 0,
        maxPerOrder: null,
      },
    });
    const row = await productRow(body.data._id);
    expect(row).toMatchObject({ name: 'Raw Shea Butter', pricePesewas: 4550, stock: 12, newArrival: true, images: [keyOf(png(0))] });
    for (const width of [320, 640, 1200]) {
      expect(await uploadStatus(keyOf(png(0)), width)).toEqual({ status: 200, type: 'image/webp' });
    }
    // The shop shows it at once.
    const single = await api.json('GET', `/api/getSingleProductById/${body.data._id}`);
    expect(single.body.data).toEqual(body.data);
  });

  it('adds a product with four images, kept in upload order (PNG and JPEG)', async () => {
    const token = await adminToken();
    const files = [png(0), jpeg, png(1), png(2)];
    const { status, body } = await api.json('POST', '/api/addProduct', { token, form: productForm(validFields, files) });

    expect(status).toBe(201);
    expect(body.data.productImageUrls).toEqual(files.map(urlOf));
    expect((await productRow(body.data._id))?.images).toEqual(files.map(keyOf));
    for (const file of files) expect((await uploadStatus(keyOf(file), 1200)).status).toBe(200);
  });

  it('takes the spec form as it is sent: description optional, New Arrival as a checkbox or isNewArrival', async () => {
    const token = await adminToken();
    const { description: _omitted, newArrival: _flag, ...bare } = validFields;
    const plain = await addViaApi(token, [png(0)], bare);
    expect(await productRow(plain._id)).toMatchObject({ description: '', newArrival: false });

    const checkbox = await addViaApi(token, [png(1)], { ...bare, name: 'Chebe Oil', category: 'Hair', newArrival: 'on' });
    expect((await productRow(checkbox._id))?.newArrival).toBe(true);

    const adminForm = await addViaApi(token, [png(2)], { ...bare, name: 'Black Soap', category: 'Others', isNewArrival: 'true', price: '0' });
    expect(await productRow(adminForm._id)).toMatchObject({ newArrival: true, category: 'Others', pricePesewas: 0 });
  });

  it.each([
    ['a missing name', { name: undefined }, 'Product name is required', 'name'],
    ['a blank name', { name: '   ' }, 'Product name is required', 'name'],
    ['a missing category', { category: undefined }, 'Please choose a category.', 'category'],
    ['an unknown category', { category: 'Food' }, 'Please choose a category.', 'category'],
    ['a missing price', { price: undefined }, 'Price must be a number of 0 or more.', 'price'],
    ['a negative price', { price: '-1' }, 'Price must be a number of 0 or more.', 'price'],
    ['a price with three decimals', { price: '4.555' }, 'Price must be a number of 0 or more.', 'price'],
    ['a price that is not a number', { price: 'ten' }, 'Price must be a number of 0 or more.', 'price'],
    ['a missing stock', { stock: undefined }, 'Stock must be a whole number of 0 or more.', 'stock'],
    ['a negative stock', { stock: '-3' }, 'Stock must be a whole number of 0 or more.', 'stock'],
    ['a fractional stock', { stock: '1.5' }, 'Stock must be a whole number of 0 or more.', 'stock'],
  ])('refuses %s with the form text and inserts nothing', async (_case, change, message, field) => {
    const token = await adminToken();
    const fields: Record<string, string> = { ...validFields };
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) delete fields[key];
      else fields[key] = value;
    }
    const image = await freshPng();
    const { status, body } = await api.json('POST', '/api/addProduct', { token, form: productForm(fields, [image]) });

    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(body.errors).toContainEqual({ path: [field], message });
    expect(await allProducts()).toEqual([]);
    expect((await uploadStatus(keyOf(image), 640)).status).toBe(404);
  });

  it('refuses a form without images, or with only an empty file input: the first image is required', async () => {
    const token = await adminToken();
    const none = await api.json('POST', '/api/addProduct', { token, form: productForm(validFields) });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ message: 'At least the first product image is required.' });

    // What a browser sends for a file input left empty.
    const emptyInput = await api.json('POST', '/api/addProduct', {
      token,
      form: productForm(validFields, [{ bytes: Buffer.alloc(0), name: '', type: 'application/octet-stream' }]),
    });
    expect(emptyInput.status).toBe(400);
    expect(emptyInput.body.message).toBe('At least the first product image is required.');
    expect(await allProducts()).toEqual([]);
  });

  it('refuses a text file named .jpg by its content, storing nothing', async () => {
    const token = await adminToken();
    const fake = { bytes: Buffer.from('just some text, not a picture\n'.repeat(20)), name: 'shea.jpg', type: 'image/jpeg' };
    const { status, body } = await api.json('POST', '/api/addProduct', { token, form: productForm(validFields, [png(0), fake]) });

    expect(status).toBe(400);
    expect(body).toEqual({ message: 'The file is not an image we can read. Use JPEG, PNG or WebP.' });
    expect(await allProducts()).toEqual([]);
  });

  // Found by fuzzing (tests/api/fuzz): the header read fine, the decoding failed later, and the answer was a 500.
  it('refuses an image whose header reads but whose pixels do not (cut short, scrambled, a pixel bomb), storing nothing', async () => {
    const token = await adminToken();
    const image = await freshPng();
    const cutShort = image.subarray(0, image.length - 30);
    const scrambled = Buffer.from(image.map((byte, index) => (index >= 40 && index < image.length - 12 ? byte ^ 0x5a : byte)));
    // A header claiming 100,000 × 100,000 pixels, with its checksum corrected.
    const bomb = Buffer.from(image);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);

    for (const broken of [cutShort, scrambled, bomb]) {
      const { status, body } = await api.json('POST', '/api/addProduct', { token, form: productForm(validFields, [broken]) });
      expect(status).toBe(400);
      expect(body).toEqual({ message: 'The file is not an image we can read. Use JPEG, PNG or WebP.' });
      for (const width of [320, 640, 1200]) expect((await uploadStatus(keyOf(broken), width)).status).toBe(404);
    }
    expect(await allProducts()).toEqual([]);
  });

  it('refuses an image over 5 MB by its size, before any image is processed', async () => {
    const token = await adminToken();
    // Random bytes: were they read, they would be refused as "not an image" instead.
    const huge = { bytes: randomBytes(6 * 1024 * 1024), name: 'huge.png' };
    const first = await freshPng();
    const { status, body } = await api.json('POST', '/api/addProduct', { token, form: productForm(validFields, [first, huge]) });

    expect(status).toBe(413);
    expect(body).toEqual({ message: 'Each image must be at most 5 MB.' });
    expect(await allProducts()).toEqual([]);
    // Not even the valid first image was stored.
    expect((await uploadStatus(keyOf(first), 640)).status).toBe(404);
  });

  it('refuses a fifth image, storing nothing', async () => {
    const token = await adminToken();
    const first = await freshPng();
    const { status, body } = await api.json('POST', '/api/addProduct', { token, form: productForm(validFields, [first, ...pngs.slice(0, 4)]) });

    expect(status).toBe(400);
    expect(body).toEqual({ message: 'A product can have at most 4 images.' });
    expect(await allProducts()).toEqual([]);
    expect((await uploadStatus(keyOf(first), 640)).status).toBe(404);
  });

  it('refuses text in the images field clearly', async () => {
    const token = await adminToken();
    const form = productForm(validFields, [png(0)]);
    form.append('images', '/uploads/whatever-640.webp');
    const { status, body } = await api.json('POST', '/api/addProduct', { token, form });
    expect(status).toBe(400);
    expect(body.message).toMatch(/images/);
    expect(await allProducts()).toEqual([]);
  });

  it('answers 400, never 500, to a JSON body or a broken multipart body', async () => {
    const token = await adminToken();
    const asJson = await api.json('POST', '/api/addProduct', { token, body: { ...validFields } });
    expect(asJson.status).toBe(400);
    expect(asJson.body).toEqual({ message: 'Send the product as multipart/form-data.' });

    const broken = await api.json('POST', '/api/addProduct', {
      token,
      rawBody: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nShea',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: 'The form data could not be read. Send the product as multipart/form-data.' });

    const noBoundary = await api.json('POST', '/api/addProduct', { token, rawBody: 'name=Shea', headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body).toEqual(broken.body);
    expect(await allProducts()).toEqual([]);
  });
});

describe('PATCH /api/updateProductInfo/{id}', () => {
  it('edits the fields only, as the spec form sends them (with productId); the images stay', async () => {
    const token = await adminToken();
    const product = await addViaApi(token, [png(0), png(1)]);
    const form = productForm({
      productId: MISSING_ID, // the spec's client sends it; the URL decides
      name: 'Whipped Shea Butter',
      description: 'Now whipped.',
      category: 'Natural Oils',
      price: '50',
      stock: '7',
      newArrival: 'false',
    });
    api.clock.advance(60_000);
    const { status, body } = await patch(token, product._id, form);

    expect(status).toBe(200);
    expect(body).toEqual({
      message: 'Product updated successfully',
      data: expect.objectContaining({
        _id: product._id,
        name: 'Whipped Shea Butter',
        description: 'Now whipped.',
        category: 'Natural Oils',
        price: 50,
        stock: 7,
        newArrival: false,
        productImageUrls: [urlOf(png(0)), urlOf(png(1))],
      }),
    });
    const row = await productRow(product._id);
    expect(row).toMatchObject({ name: 'Whipped Shea Butter', pricePesewas: 5000, stock: 7, images: [keyOf(png(0)), keyOf(png(1))] });
    expect(row?.updatedAt).toEqual(api.clock.now);
    expect((await api.json('GET', `/api/getSingleProductById/${product._id}`)).body.data).toEqual(body.data);
  });

  it('changes only the fields sent', async () => {
    const token = await adminToken();
    const product = await addViaApi(token, [png(0)]);
    const { status } = await patch(token, product._id, productForm({ stock: '3' }));
    expect(status).toBe(200);
    expect(await productRow(product._id)).toMatchObject({ name: 'Raw Shea Butter', pricePesewas: 4550, stock: 3, newArrival: true });
  });

  it('keeps the images listed in existingImages, in that order, and drops the rest from the product', async () => {
    const token = await adminToken();
    const product = await addViaApi(token, [png(0), png(1), png(2)]);
    const [img1, , img3] = product.productImageUrls;
    const form = productForm({ name: 'Raw Shea Butter' }, [], [['existingImages', JSON.stringify([img3, img1])]]);
    const { status, body } = await patch(token, product._id, form);

    expect(status).toBe(200);
    expect(body.data.productImageUrls).toEqual([urlOf(png(2)), urlOf(png(0))]);
    const row = await productRow(product._id);
    expect(row?.images).toEqual([keyOf(png(2)), keyOf(png(0))]);
    expect(row?.images).not.toContain(keyOf(png(1)));
    // No other row names the dropped image: its files go once the product has changed.
    for (const width of [320, 640, 1200]) expect((await uploadStatus(keyOf(png(1)), width)).status).toBe(404);
    expect((await api.request('GET', `/uploads/${keyOf(png(1))}-share.jpg`)).status).toBe(404);
    expect((await uploadStatus(keyOf(png(0)), 640)).status).toBe(200);
  });

  it('keeps the files of a dropped image that another product still shows', async () => {
    const token = await adminToken();
    const product = await addViaApi(token, [png(0), png(1)]);
    const other = await addViaApi(token, [png(1)], { ...validFields, name: 'Chebe Oil' });
    const form = productForm({}, [], [['existingImages', JSON.stringify([product.productImageUrls[0]])]]);
    expect((await patch(token, product._id, form)).status).toBe(200);
    expect((await productRow(product._id))?.images).toEqual([keyOf(png(0))]);
    expect((await uploadStatus(keyOf(png(1)), 640)).status).toBe(200);

    // Deleting the last product that shows it removes its files; a past order's image would stay (below).
    expect((await api.json('DELETE', `/api/deleteProduct/${other._id}`, { token })).status).toBe(200);
    expect((await uploadStatus(keyOf(png(1)), 640)).status).toBe(404);
  });

  it('takes existingImages as repeated fields and bare keys too', async () => {
    const token = await adminToken();
    const product = await addViaApi(token, [png(0), png(1), png(2)]);
    const form = productForm(
      {},
      [],
      [
        ['existingImages', keyOf(png(1))],
        ['existingImages', urlOf(png(0))],
      ],
    );
    const { status } = await patch(token, product._id, form);
    expect(status).toBe(200);
    expect((await productRow(product._id))?.images).toEqual([keyOf(png(1)), keyOf(png(0))]);
  });

  it('replaces an image in place with new:0, and appends new files not named', async () => {
    const token = await adminToken();
    const product = await addViaApi(token, [png(0), png(1), png(2)]);
    const [, img2, img3] = product.productImageUrls;
    const form = productForm({}, [png(3), png(4)], [['existingImages', JSON.stringify(['new:0', img2, img3])]]);
    const { status, body } = await patch(token, product._id, form);

    expect(status).toBe(200);
    expect(body.data.productImageUrls).toEqual([urlOf(png(3)), urlOf(png(1)), urlOf(png(2)), urlOf(png(4))]);
    expect((await uploadStatus(keyOf(png(3)), 320)).status).toBe(200);
  });

  it('without existingImages keeps every image and appends the new ones', async () => {
    const token = await adminToken();
    const product = await addViaApi(token, [png(0)]);
    const { status, body } = await patch(token, product._id, productForm({ name: 'Raw Shea Butter' }, [png(1)]));
    expect(status).toBe(200);
    expect(body.data.productImageUrls).toEqual([urlOf(png(0)), urlOf(png(1))]);
  });

  it('refuses an edit that would leave more than 4 images, or none, changing nothing', async () => {
    const token = await adminToken();
    const product = await addViaApi(token, pngs.slice(0, 4));
    const before = await productRow(product._id);

    const extra = await freshPng();
    const fifth = await patch(token, product._id, productForm({ name: 'Too many' }, [extra]));
    expect(fifth.status).toBe(400);
    expect(fifth.body).toEqual({ message: 'A product can have at most 4 images.' });
    expect((await uploadStatus(keyOf(extra), 640)).status).toBe(404);

    const none = await patch(token, product._id, productForm({ name: 'No images' }, [], [['existingImages', '[]']]));
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ message: 'At least the first product image is required.' });
    expect(await productRow(product._id)).toEqual(before);
  });

  it('refuses existingImages naming another product’s image, or an unknown new:N', async () => {
    const token = await adminToken();
    const mine = await addViaApi(token, [png(0)]);
    const other = await addViaApi(token, [png(1)], { ...validFields, name: 'Chebe Oil' });
    const before = await productRow(mine._id);

    const foreign = await patch(token, mine._id, productForm({ name: 'Stolen' }, [], [['existingImages', JSON.stringify([other.productImageUrls[0]])]]));
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ message: 'One of the images to keep does not belong to this product.' });

    const unknownNew = await patch(token, mine._id, productForm({ name: 'Stolen' }, [png(2)], [['existingImages', JSON.stringify(['new:1'])]]));
    expect(unknownNew.status).toBe(400);
    expect(unknownNew.body.message).toContain('new:1');

    const notJson = await patch(token, mine._id, productForm({ name: 'Stolen' }, [], [['existingImages', '[not json']]));
    expect(notJson.status).toBe(400);
    expect(await productRow(mine._id)).toEqual(before);
  });

  it('refuses a text file named .jpg, leaving the product as it was', async () => {
    const token = await adminToken();
    const product = await addViaApi(token, [png(0)]);
    const before = await productRow(product._id);
    const fake = { bytes: Buffer.from('%PDF-1.4 not an image'), name: 'photo.jpg', type: 'image/jpeg' };
    const { status, body } = await patch(token, product._id, productForm({ name: 'Renamed' }, [png(1), fake]));

    expect(status).toBe(400);
    expect(body.message).toBe('The file is not an image we can read. Use JPEG, PNG or WebP.');
    expect(await productRow(product._id)).toEqual(before);
  });

  it('refuses an over-5 MB image and invalid fields, leaving the product as it was', async () => {
    const token = await adminToken();
    const product = await addViaApi(token, [png(0)]);
    const before = await productRow(product._id);

    const huge = await patch(token, product._id, productForm({ name: 'Renamed' }, [{ bytes: randomBytes(6 * 1024 * 1024) }]));
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'Each image must be at most 5 MB.' });

    const unseen = await freshPng();
    const badPrice = await patch(token, product._id, productForm({ name: 'Renamed', price: '-5' }, [unseen]));
    expect(badPrice.status).toBe(400);
    expect(badPrice.body.message).toBe('Price must be a number of 0 or more.');
    expect((await uploadStatus(keyOf(unseen), 640)).status).toBe(404);

    const blankName = await patch(token, product._id, productForm({ name: '' }));
    expect(blankName.status).toBe(400);
    expect(blankName.body.message).toBe('Product name is required');
    expect(await productRow(product._id)).toEqual(before);
  });

  it('answers 404 for a missing or malformed id', async () => {
    const token = await adminToken();
    const unseen = await freshPng();
    for (const id of [MISSING_ID, 'not-an-id']) {
      const { status, body } = await patch(token, id, productForm({ name: 'Ghost' }, [unseen]));
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'Product not found.' });
    }
    expect((await uploadStatus(keyOf(unseen), 640)).status).toBe(404);
  });
});

describe('DELETE /api/deleteProduct/{id}', () => {
  it('removes the product from the shop and from carts; past orders keep their line', async () => {
    const token = await adminToken();
    const product = await addViaApi(token, [png(0)]);
    const keep = await addViaApi(token, [png(1)], { ...validFields, name: 'Chebe Oil' });
    const shopper = await api.createUser();
    expect((await api.json('POST', '/api/addToCart', { token: shopper.token, body: { productId: product._id, quantity: 1 } })).status).toBe(200);
    const placed = await guestOrder(api, [{ productId: product._id, quantity: 2 }]);
    expect(placed.status).toBe(201);

    const { status, body } = await api.json('DELETE', `/api/deleteProduct/${product._id}`, { token });

    expect(status).toBe(200);
    expect(body).toEqual({ message: 'Product deleted successfully' });
    expect(await productRow(product._id)).toBeUndefined();
    const shop = await api.json('GET', '/api/getProducts');
    expect(shop.body.data.map((p: { _id: string }) => p._id)).toEqual([keep._id]);
    expect((await api.json('GET', `/api/getSingleProductById/${product._id}`)).status).toBe(404);
    expect(await api.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id))).toEqual([]);
    expect((await api.json('GET', '/api/getMyCart', { token: shopper.token })).body.Cart[0].items).toEqual([]);

    const order = await api.json('GET', `/api/getOrderById/${placed.body.order._id}`, { headers: { 'X-Order-Token': placed.body.orderToken ?? '' } });
    expect(order.status).toBe(200);
    expect(order.body.order.items).toEqual([
      expect.objectContaining({
        product: { _id: product._id, name: 'Raw Shea Butter', price: 45.5, productImageUrls: [urlOf(png(0))] },
        priceAtPurchase: 45.5,
        quantity: 2,
      }),
    ]);
    expect((await uploadStatus(keyOf(png(0)), 640)).status).toBe(200);
  });

  it('answers 404 for a missing, malformed or already deleted product', async () => {
    const token = await adminToken();
    const product = await api.createProduct();
    expect((await api.json('DELETE', `/api/deleteProduct/${product.id}`, { token })).status).toBe(200);
    for (const id of [product.id, MISSING_ID, 'nope']) {
      const { status, body } = await api.json('DELETE', `/api/deleteProduct/${id}`, { token });
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'Product not found.' });
    }
  });
});

describe('GET /api/getLowStockProducts', () => {
  async function stockLevels() {
    for (const [name, stock] of [
      ['Plenty', 50],
      ['Ten', 10],
      ['Six', 6],
      ['Five', 5],
      ['Baobab Oil', 3],
      ['Aloe Gel', 3],
      ['Sold Out', 0],
      ['Eleven', 11],
    ] as const) {
      await api.createProduct({ name, stock });
    }
  }
  const namesOf = (body: { data: { name: string }[] }) => body.data.map((p) => p.name);

  it('lists stock of 5 or less by default, lowest first, then by name', async () => {
    const token = await adminToken();
    await stockLevels();
    const { status, body } = await api.json('GET', '/api/getLowStockProducts', { token });
    expect(status).toBe(200);
    expect(namesOf(body)).toEqual(['Sold Out', 'Aloe Gel', 'Baobab Oil', 'Five']);
    expect(body.data[0]).toEqual(expect.objectContaining({ stock: 0, price: 45.5, productImageUrls: expect.any(Array) }));
  });

  it('takes ?threshold=', async () => {
    const token = await adminToken();
    await stockLevels();
    const ten = await api.json('GET', '/api/getLowStockProducts?threshold=10', { token });
    expect(namesOf(ten.body)).toEqual(['Sold Out', 'Aloe Gel', 'Baobab Oil', 'Five', 'Six', 'Ten']);
    const zero = await api.json('GET', '/api/getLowStockProducts?threshold=0', { token });
    expect(namesOf(zero.body)).toEqual(['Sold Out']);
  });

  it.each(['abc', '-1', '1001', '2.5', ''])('refuses threshold=%s with 400', async (threshold) => {
    const token = await adminToken();
    const { status, body } = await api.json('GET', `/api/getLowStockProducts?threshold=${threshold}`, { token });
    expect(status).toBe(400);
    expect(body.message).toBe('The threshold must be a whole number from 0 to 1000.');
  });
});

describe('the cached catalogue follows admin writes at once', () => {
  const cached: TestApi = setupTestApi({ catalogueCacheMs: 60_000 });

  it('GET /api/getProducts shows an add, an edit and a delete immediately', async () => {
    const token = (await cached.createUser({ role: 'admin' })).token;
    const names = async () => ((await cached.json('GET', '/api/getProducts')).body.data as { name: string }[]).map((p) => p.name);
    expect(await names()).toEqual([]);

    const added = await cached.json('POST', '/api/addProduct', { token, form: productForm(validFields, [png(0)]) });
    expect(added.status).toBe(201);
    expect(await names()).toEqual(['Raw Shea Butter']);

    const edited = await cached.json('PATCH', `/api/updateProductInfo/${added.body.data._id}`, { token, form: productForm({ name: 'Whipped Shea' }) });
    expect(edited.status).toBe(200);
    expect(await names()).toEqual(['Whipped Shea']);

    expect((await cached.json('DELETE', `/api/deleteProduct/${added.body.data._id}`, { token })).status).toBe(200);
    expect(await names()).toEqual([]);
  });
});
