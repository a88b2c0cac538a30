import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '@/client/server-render';
import { products, shopSettings, users } from '@/server/db/schema';
import { imageStorageFromEnv } from '@/server/image-storage';
import { catalogueChanged } from '@/server/services/catalogue/catalogue-signal';
import { backfillShareImages, diskImageStore, type ImageFiles, type ImageStore, imageStoreOn } from '@/server/services/catalogue/images';
import { s3ClientFor, s3ImageStore } from '@/server/services/catalogue/s3-images';
import { parseStorageUrl } from '@/server/storage-url';
import { setupTestApi } from '../helpers/api';
import { createPostgresDatabase } from '../helpers/database';
import { closedPort, startS3Server } from '../helpers/s3-server';
import { listeningPort, runScript, type ServerProcess, startServer, waitFor } from '../helpers/server-process';

/**
 * STORAGE_URL against a real S3-compatible server (s3rver from npm, on an ephemeral port, objects in
 * a temp folder): upload, serve, replace, move a folder's images in, and a bucket that fails.
 */
const BUCKET = 'shop-images';
const s3 = await startS3Server([BUCKET, 'other-bucket']);
const location = parseStorageUrl(s3.storageUrl(`${BUCKET}/shop-a`));
const bucketStore = s3ImageStore(location);
const raw = s3ClientFor(location);

/** The app's store: the bucket, or for a test a bucket that refuses (wrong secret, no such bucket). */
let active: ImageStore & { files: ImageFiles } = bucketStore;
const filesNow = () => active.files;
const switchable: ImageStore & { files: ImageFiles } = {
  save: (bytes) => active.save(bytes),
  remove: (key) => active.remove?.(key) ?? Promise.resolve(),
  files: {
    get where() {
      return filesNow().where;
    },
    exists: (name) => filesNow().exists(name),
    read: (name) => filesNow().read(name),
    open: (name, withBody) => filesNow().open(name, withBody),
    write: (name, bytes) => filesNow().write(name, bytes),
    delete: (names) => filesNow().delete(names),
    list: () => filesNow().list(),
  },
};

const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'shop-s3-local-'));
const scratch: string[] = [];
const api = setupTestApi({ uploadsDir }, { images: switchable });

afterAll(async () => {
  bucketStore.files.close();
  raw.destroy();
  await s3.dispose();
  for (const dir of [uploadsDir, ...scratch]) rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  active = bucketStore;
  await s3.start();
});

const FAILED = { message: 'Could not save the image. Please try again.' };
const WIDTHS = [320, 640, 1200] as const;
const namesOf = (key: string) => [...WIDTHS.map((w) => `${key}-${w}.webp`), `${key}-share.jpg`];
const keyOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

let colour = 0;
/** An image no other test sent (its own content hash). */
function freshPng(): Promise<Buffer> {
  colour += 1;
  return sharp({ create: { width: 60 + colour, height: 40, channels: 3, background: { r: (colour * 37) % 256, g: 90, b: 140 } } })
    .png()
    .toBuffer();
}

function form(fields: Record<string, string>, files: Buffer[], fileField = 'images', extra: [string, string][] = []): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const [index, bytes] of files.entries()) body.append(fileField, new File([new Uint8Array(bytes)], `photo-${index}.png`, { type: 'image/png' }));
  for (const [key, value] of extra) body.append(key, value);
  return body;
}
const productFields = { name: 'Raw Shea Butter', description: 'Unrefined, from Tamale.', category: 'Skin', price: '45.50', stock: '12', newArrival: 'false' };
const shopInfo = { shopName: 'Shea Haven', email: 'hello@sheahaven.gh', phone: '+233 24 000 0000', whatsapp: '+233 24 123 4567', address: 'Osu, Accra' };
const adminToken = async () => (await api.createUser({ role: 'admin' })).token;
const allProducts = () => api.db.select().from(products).orderBy(asc(products.id));

/** Every object key in a bucket (all prefixes), sorted. */
async function objectsIn(bucket = BUCKET): Promise<string[]> {
  const page = await raw.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (page.Contents ?? []).map((object) => object.Key as string).sort();
}
/** The shop's objects under its prefix, by file name. */
const shopObjects = async () => (await objectsIn()).filter((key) => key.startsWith('shop-a/')).map((key) => key.slice('shop-a/'.length));
async function objectBytes(name: string): Promise<Buffer> {
  const answer = await raw.send(new GetObjectCommand({ Bucket: BUCKET, Key: `shop-a/${name}` }));
  return Buffer.from(await (answer.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
}

async function addProduct(token: string, files: Buffer[]) {
  const res = await api.json('POST', '/api/addProduct', { token, form: form(productFields, files) });
  expect(res.status).toBe(201);
  return res.body.data as { _id: string; productImageUrls: string[] };
}

describe('STORAGE_URL: uploads go to the bucket', () => {
  it('stores every WebP width and the share JPEG under the prefix, typed and cached for a year; the local folder stays empty', async () => {
    const token = await adminToken();
    const photo = await freshPng();
    const product = await addProduct(token, [photo]);
    const key = keyOf(photo);
    expect(product.productImageUrls).toEqual([`/uploads/${key}-640.webp`]);
    expect(await shopObjects()).toEqual(expect.arrayContaining(namesOf(key)));
    for (const name of namesOf(key)) {
      const head = await raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `shop-a/${name}` }));
      expect([head.ContentType, head.CacheControl]).toEqual([name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp', 'public, max-age=31536000, immutable']);
    }
    expect((await sharp(await objectBytes(`${key}-1200.webp`)).metadata()).format).toBe('webp');
    expect(await objectsIn('other-bucket')).toEqual([]);
    expect(readdirSync(uploadsDir)).toEqual([]);
  });

  it('/uploads streams the object: its bytes, type, caching and ETag; HEAD, 304 and a missing key as for files on disk', async () => {
    const token = await adminToken();
    const photo = await freshPng();
    const key = keyOf(photo);
    await addProduct(token, [photo]);

    const res = await api.request('GET', `/uploads/${key}-640.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('etag')).toBe(`"${key}-640.webp"`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(await objectBytes(`${key}-640.webp`))).toBe(true);
    expect(res.headers.get('content-length')).toBe(String(body.length));

    const share = await api.request('GET', `/uploads/${key}-share.jpg`);
    expect([share.status, share.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(Buffer.from(await share.arrayBuffer()).equals(await objectBytes(`${key}-share.jpg`))).toBe(true);

    const head = await api.request('HEAD', `/uploads/${key}-1200.webp`);
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String((await objectBytes(`${key}-1200.webp`)).length)]);

    const again = await api.request('GET', `/uploads/${key}-640.webp`, { headers: { 'if-none-match': `"${key}-640.webp"` } });
    expect([again.status, again.headers.get('etag')]).toEqual([304, `"${key}-640.webp"`]);
    const since = await api.request('GET', `/uploads/${key}-640.webp`, { headers: { 'if-modified-since': res.headers.get('last-modified') ?? '' } });
    expect(since.status).toBe(304);

    for (const missing of [`/uploads/${'b'.repeat(32)}-640.webp`, `/uploads/${key}-999.webp`, `/uploads/${'c'.repeat(32)}-share.jpg`, '/uploads/evil.html']) {
      const answer = await api.json('GET', missing);
      expect([missing, answer.status, answer.body]).toEqual([missing, 404, { message: 'Not found' }]);
    }
  });

  it("makes a share JPEG the bucket lacks (an older image) from the image's largest WebP on its first request", async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#8a5a2b' } })
      .webp()
      .toBuffer();
    const key = 'd'.repeat(32);
    await bucketStore.files.write(`${key}-640.webp`, photo);
    const res = await api.request('GET', `/uploads/${key}-share.jpg`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const made = await objectBytes(`${key}-share.jpg`);
    expect(Buffer.from(await res.arrayBuffer()).equals(made)).toBe(true);
    expect(await sharp(made).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });

    // npm run images:share over a bucket: the same back-fill as over the folder.
    const { files: other } = s3ImageStore(parseStorageUrl(s3.storageUrl(`${BUCKET}/backfill`)));
    await other.write(`${key}-1200.webp`, photo);
    await other.write(`${'e'.repeat(32)}-640.webp`, photo);
    await other.write(`${'e'.repeat(32)}-share.jpg`, made);
    expect(await backfillShareImages(other)).toEqual({ made: 1, existing: 1, failed: [] });
    expect(await other.exists(`${key}-share.jpg`)).toBe(true);
    other.close();
  });

  it('replacing a product image, the logo or an avatar deletes the old objects after the row changed; a shared image stays', async () => {
    const token = await adminToken();
    const [first, second, shared, replacement] = await Promise.all([freshPng(), freshPng(), freshPng(), freshPng()]);
    const product = await addProduct(token, [first, shared]);
    const other = await addProduct(token, [shared]);
    const edit = form({}, [replacement], 'images', [['existingImages', JSON.stringify(['new:0', product.productImageUrls[1]])]]);
    const edited = await api.json('PATCH', `/api/updateProductInfo/${product._id}`, { token, form: edit });
    expect(edited.status).toBe(200);
    expect(edited.body.data.productImageUrls).toEqual([`/uploads/${keyOf(replacement)}-640.webp`, `/uploads/${keyOf(shared)}-640.webp`]);
    const objects = await shopObjects();
    expect(objects).toEqual(expect.arrayContaining([...namesOf(keyOf(replacement)), ...namesOf(keyOf(shared))]));
    expect(objects.filter((name) => name.startsWith(keyOf(first)))).toEqual([]);
    // The shared image leaves the bucket with the last product that shows it.
    const dropShared = form({}, [], 'images', [['existingImages', JSON.stringify([`/uploads/${keyOf(replacement)}-640.webp`])]]);
    expect((await api.json('PATCH', `/api/updateProductInfo/${product._id}`, { token, form: dropShared })).status).toBe(200);
    expect(await shopObjects()).toEqual(expect.arrayContaining(namesOf(keyOf(shared))));
    expect((await api.json('DELETE', `/api/deleteProduct/${other._id}`, { token })).status).toBe(200);
    expect((await shopObjects()).filter((name) => name.startsWith(keyOf(shared)))).toEqual([]);

    // The logo.
    expect((await api.json('PATCH', '/api/settings', { token, form: form(shopInfo, [first], 'logo') })).status).toBe(200);
    expect((await api.json('PATCH', '/api/settings', { token, form: form(shopInfo, [second], 'logo') })).status).toBe(200);
    const afterLogo = await shopObjects();
    expect(afterLogo).toEqual(expect.arrayContaining(namesOf(keyOf(second))));
    expect(afterLogo.filter((name) => name.startsWith(keyOf(first)))).toEqual([]);

    // An avatar.
    const customer = await api.createUser();
    const [photo, newPhoto] = await Promise.all([freshPng(), freshPng()]);
    expect((await api.json('PUT', '/api/myAvatar', { token: customer.token, form: form({}, [photo], 'avatar') })).status).toBe(200);
    expect((await api.json('PUT', '/api/myAvatar', { token: customer.token, form: form({}, [newPhoto], 'avatar') })).status).toBe(200);
    const afterAvatar = await shopObjects();
    expect(afterAvatar).toEqual(expect.arrayContaining(namesOf(keyOf(newPhoto))));
    expect(afterAvatar.filter((name) => name.startsWith(keyOf(photo)))).toEqual([]);
  });
});

describe('a bucket that fails', () => {
  it('down: an upload is the clear 500 with no product, an edit changes nothing, /uploads is a 503; all works again once it is back', async () => {
    const token = await adminToken();
    const kept = await freshPng();
    const product = await addProduct(token, [kept]);
    const before = { rows: await allProducts(), objects: await objectsIn() };

    await s3.stop();
    const added = await api.json('POST', '/api/addProduct', { token, form: form({ ...productFields, name: 'Chebe Oil' }, [await freshPng()]) });
    expect([added.status, added.body]).toEqual([500, FAILED]);
    const newImage = await freshPng();
    const edit = form({ name: 'Renamed', price: '99' }, [newImage], 'images', [['existingImages', JSON.stringify(['new:0'])]]);
    const edited = await api.json('PATCH', `/api/updateProductInfo/${product._id}`, { token, form: edit });
    expect([edited.status, edited.body]).toEqual([500, FAILED]);
    const avatar = await api.json('PUT', '/api/myAvatar', { token, form: form({}, [await freshPng()], 'avatar') });
    expect([avatar.status, avatar.body]).toEqual([500, FAILED]);
    const logo = await api.json('PATCH', '/api/settings', { token, form: form(shopInfo, [await freshPng()], 'logo') });
    expect([logo.status, logo.body]).toEqual([500, FAILED]);
    const served = await api.json('GET', `/uploads/${keyOf(kept)}-640.webp`);
    expect([served.status, served.res.headers.get('retry-after')]).toEqual([503, '5']);
    expect(served.body.message).toMatch(/try again/);
    expect(JSON.stringify([added.body, served.body])).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|S3RVER/);
    expect(api.logs.some((line) => line.includes('"level":"error"') && line.includes('ECONNREFUSED'))).toBe(true);

    await s3.start();
    expect(await allProducts()).toEqual(before.rows);
    expect(await api.db.select().from(shopSettings)).toEqual([]);
    expect((await api.db.select({ avatar: users.avatar }).from(users)).every((row) => row.avatar === null)).toBe(true);
    expect(await objectsIn()).toEqual(before.objects);
    expect((await api.request('GET', `/uploads/${keyOf(kept)}-640.webp`)).status).toBe(200);
    expect((await api.json('PATCH', `/api/updateProductInfo/${product._id}`, { token, form: edit })).status).toBe(200);
  });

  // s3rver checks the access key of a SigV4 request but not its signature: an unknown key is its "access denied".
  it('access denied (an unknown access key), a missing bucket, a closed port: the clear 500, no row, nothing written', async () => {
    const token = await adminToken();
    const before = await objectsIn();
    const refusing = [
      s3ImageStore(parseStorageUrl(s3.storageUrl(`${BUCKET}/shop-a`, 'SOMEONE:ELSE'))),
      s3ImageStore(parseStorageUrl(s3.storageUrl('no-such-bucket/shop-a'))),
      s3ImageStore(parseStorageUrl(`s3://S3RVER:S3RVER@127.0.0.1:${await closedPort()}/${BUCKET}?tls=false`)),
    ];
    for (const store of refusing) {
      active = store;
      const res = await api.json('POST', '/api/addProduct', { token, form: form(productFields, [await freshPng()]) });
      expect([store.files.where, res.status, res.body]).toEqual([store.files.where, 500, FAILED]);
      store.files.close();
    }
    active = bucketStore;
    expect(await allProducts()).toEqual([]);
    expect(await objectsIn()).toEqual(before);
  });

  it('deleting replaced objects fails after the edit was saved: the edit stands, the objects stay, the log says so', async () => {
    const token = await adminToken();
    const [old, replacement] = await Promise.all([freshPng(), freshPng()]);
    const product = await addProduct(token, [old]);
    const refusingDeletes: ImageFiles = {
      ...bucketStore.files,
      delete: async () => {
        throw Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
      },
    };
    active = { ...imageStoreOn(refusingDeletes), files: refusingDeletes };
    const edit = form({}, [replacement], 'images', [['existingImages', JSON.stringify(['new:0'])]]);
    const res = await api.json('PATCH', `/api/updateProductInfo/${product._id}`, { token, form: edit });
    expect(res.status).toBe(200);
    const [row] = await api.db.select({ images: products.images }).from(products).where(eq(products.id, product._id));
    expect(row?.images).toEqual([keyOf(replacement)]);
    expect(await shopObjects()).toEqual(expect.arrayContaining(namesOf(keyOf(old))));
    expect(api.logs.some((line) => line.includes('replaced image not deleted') && line.includes(keyOf(old)))).toBe(true);
  });

  it('the start-up check names what is wrong: nothing when the bucket answers, else down, no such bucket or access denied', async () => {
    const warningFor = async (storageUrl: string) => {
      const storage = await imageStorageFromEnv({ STORAGE_URL: storageUrl }, uploadsDir);
      try {
        return await storage.startWarning();
      } finally {
        storage.close();
      }
    };
    expect(await warningFor(s3.storageUrl(`${BUCKET}/shop-a`))).toBeUndefined();
    expect(await warningFor(s3.storageUrl('no-such-bucket'))).toMatch(
      /^STORAGE_URL: the bucket s3:\/\/no-such-bucket at http:\/\/127\.0\.0\.1:\d+ does not answer \(no such bucket \(404\)\)/,
    );
    expect(await warningFor(s3.storageUrl(BUCKET, 'SOMEONE:ELSE'))).toMatch(/access denied \(403\)/);
    const down = await warningFor(`s3://S3RVER:S3RVER@127.0.0.1:${await closedPort()}/${BUCKET}?tls=false`);
    expect(down).toMatch(/does not answer \(.*ECONNREFUSED.*\): image uploads fail with "Could not save the image" and \/uploads answers 503 until it does\.$/);
    expect(`${down}`).not.toContain('S3RVER');
  });
});

describe('npm run images:to-bucket', () => {
  const run = (env: Record<string, string>) =>
    runScript('src/server/images-to-bucket-cli.ts', [], { PATH: process.env.PATH, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env });

  it("copies the folder's image files the bucket lacks and counts them; a second run copies nothing; the folder stays", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-s3-data-'));
    scratch.push(dataDir);
    const dir = path.join(dataDir, 'uploads');
    const disk = diskImageStore(dir);
    const keys = [await disk.save(await freshPng()), await disk.save(await freshPng())];
    // Files that are no stored image are never copied.
    writeFileSync(path.join(dir, 'planted.html'), '<script>alert(1)</script>');
    writeFileSync(path.join(dir, `${keys[0]}-640.webp.1234.tmp`), 'half');
    const env = { DATA_DIR: dataDir, STORAGE_URL: s3.storageUrl(`${BUCKET}/moved`) };
    // One file the bucket has already.
    const { files: moved } = s3ImageStore(parseStorageUrl(env.STORAGE_URL));
    const [already] = namesOf(keys[0] as string);
    await moved.write(already as string, (await disk.files?.read(already as string)) as Buffer);
    const first = await run(env);
    expect(first).toEqual({
      code: 0,
      output: `Images from ${dir} to s3://${BUCKET}/moved at http://127.0.0.1:${s3.port}: 7 copied, 1 already there, 0 failed.\n`,
    });
    const inBucket = (await objectsIn()).filter((key) => key.startsWith('moved/')).map((key) => key.slice('moved/'.length));
    expect(inBucket).toEqual([...namesOf(keys[0] as string), ...namesOf(keys[1] as string)].sort());
    for (const name of inBucket) {
      const copied = await raw.send(new GetObjectCommand({ Bucket: BUCKET, Key: `moved/${name}` }));
      const bytes = Buffer.from(await (copied.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
      expect(bytes.equals((await disk.files?.read(name)) as Buffer)).toBe(true);
      expect([copied.ContentType, copied.CacheControl]).toEqual([name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp', 'public, max-age=31536000, immutable']);
    }
    expect(await run(env)).toEqual({
      code: 0,
      output: `Images from ${dir} to s3://${BUCKET}/moved at http://127.0.0.1:${s3.port}: 0 copied, 8 already there, 0 failed.\n`,
    });
    expect(readdirSync(dir).filter((name) => name.endsWith('.webp') || name.endsWith('.jpg'))).toHaveLength(8);
    moved.close();

    // A bucket that does not answer: exit 1, and it says so.
    const down = await run({ DATA_DIR: dataDir, STORAGE_URL: `s3://S3RVER:S3RVER@127.0.0.1:${await closedPort()}/${BUCKET}?tls=false` });
    expect(down.code).toBe(1);
    expect(down.output).toMatch(/^STORAGE_URL: the bucket s3:\/\/shop-images at http:\/\/127\.0\.0\.1:\d+ does not answer \(.*\)\. Nothing was copied\.\n$/);
  }, 60_000);
});

/* ---------- STORAGE_PUBLIC_URL: the images' public address (a CDN) ---------- */

const CDN = 'https://cdn.example.com/shop-a';
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'shop-s3-client-'));
scratch.push(clientDir);
const SHELL = '<!doctype html><html lang="en"><head><title>Nkuto Naturals</title></head><body><div id="root"></div></body></html>';
writeFileSync(path.join(clientDir, 'shell.html'), SHELL);
writeFileSync(path.join(clientDir, 'index.html'), SHELL);

describe('STORAGE_PUBLIC_URL', () => {
  const cdnApi = setupTestApi(
    { uploadsDir, clientDir, publicUrl: 'https://shop.example.com', imagePublicUrl: CDN },
    { images: bucketStore, pageRenderer: { renderPage } },
  );

  it('every answer and page names the images at the public URL; the CSP lets its origin in; preload links follow', async () => {
    const admin = await cdnApi.createUser({ role: 'admin' });
    const photo = await freshPng();
    const key = keyOf(photo);
    const added = await cdnApi.json('POST', '/api/addProduct', { token: admin.token, form: form(productFields, [photo]) });
    // The server's log in the message: a 500 here (seen once under load) says what the bucket answered.
    expect(added.status, cdnApi.logs.join('\n')).toBe(201);
    expect(added.body.data.productImageUrls).toEqual([`${CDN}/${key}-640.webp`]);
    expect(await shopObjects()).toEqual(expect.arrayContaining(namesOf(key)));
    const listed = await cdnApi.json('GET', '/api/getProducts');
    expect(listed.body.data[0].productImageUrls).toEqual([`${CDN}/${key}-640.webp`]);

    const csp = listed.res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.example.com;");
    expect(csp).toContain("connect-src 'self' https://cdn.example.com;");
    expect(csp).toContain("script-src 'self';");

    // The logo and an avatar.
    const logo = await cdnApi.json('PATCH', '/api/settings', { token: admin.token, form: form(shopInfo, [photo], 'logo') });
    expect(logo.body.data.logo).toBe(`${CDN}/${key}-320.webp`);
    // The settings form sends its logo's URL back unchanged: the logo stays.
    const echoed = await cdnApi.json('PATCH', '/api/settings', { token: admin.token, form: form({ ...shopInfo, logo: logo.body.data.logo }, []) });
    expect([echoed.status, echoed.body.data.logo]).toEqual([200, `${CDN}/${key}-320.webp`]);
    const avatar = await cdnApi.json('PUT', '/api/myAvatar', { token: admin.token, form: form({}, [photo], 'avatar') });
    expect(avatar.body.data.avatar).toBe(`${CDN}/${key}-320.webp`);

    // An edit sends back the URLs it got: they still name the product's images.
    const second = await freshPng();
    const edit = form({}, [second], 'images', [['existingImages', JSON.stringify([`${CDN}/${key}-640.webp`, 'new:0'])]]);
    const edited = await cdnApi.json('PATCH', `/api/updateProductInfo/${added.body.data._id}`, { token: admin.token, form: edit });
    expect([edited.status, edited.body.data.productImageUrls]).toEqual([200, [`${CDN}/${key}-640.webp`, `${CDN}/${keyOf(second)}-640.webp`]]);

    // The product page: the link preview and JSON-LD images, and the preloaded main image.
    catalogueChanged(cdnApi.db);
    const page = await cdnApi.request('GET', `/product/${added.body.data.slug}`, {
      headers: { 'user-agent': 'WhatsApp/2.24.6.77 A', 'accept-encoding': 'identity' },
    });
    const html = await page.text();
    expect(/<meta property="og:image" content="([^"]*)">/.exec(html)?.[1]).toBe(`${CDN}/${key}-share.jpg`);
    expect(html).toContain(`"image":["${CDN}/${key}-640.webp","${CDN}/${keyOf(second)}-640.webp"]`);
    expect(page.headers.get('link')).toContain(
      `<${CDN}/${key}-640.webp>; rel=preload; as=image; imagesrcset="${CDN}/${key}-320.webp 320w, ${CDN}/${key}-640.webp 640w, ${CDN}/${key}-1200.webp 1200w"`,
    );
    expect(page.headers.get('content-security-policy')).toContain('https://cdn.example.com');

    // /uploads still answers (a CDN may pull from it), embeddable from the CDN's origin.
    const pulled = await cdnApi.request('GET', `/uploads/${key}-640.webp`);
    expect([pulled.status, pulled.headers.get('cross-origin-resource-policy')]).toEqual([200, 'cross-origin']);
    expect((await cdnApi.request('GET', '/api/getProducts')).headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('the app without STORAGE_PUBLIC_URL in the same process still answers /uploads URLs and its own CSP', async () => {
    await api.createProduct({ images: ['e'.repeat(32)] });
    const listed = await api.json('GET', '/api/getProducts');
    expect(listed.body.data[0].productImageUrls).toEqual([`/uploads/${'e'.repeat(32)}-640.webp`]);
    expect(listed.res.headers.get('content-security-policy')).toContain("img-src 'self' data: blob:;");
  });
});

/* ---------- The server process (src/server/index.ts) with STORAGE_URL ---------- */

// Start-up wiring, the same on either engine: run once, in api:postgres, where the server takes a
// database of its own on TEST_DATABASE_URL's server through DATABASE_URL (the embedded server listens on a socket only).
describe.runIf(process.env.TEST_DB === 'postgres')('the server started with STORAGE_URL', () => {
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  async function startShop(env: Record<string, string>, database: string) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-s3-process-'));
    scratch.push(dataDir);
    const server = startServer({
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: database,
      APP_SECRET: 'a-process-secret-of-at-least-32-characters',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-password-1',
      PUBLIC_URL: '',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...env,
    });
    running.push(server);
    const port = await listeningPort(server);
    await waitFor(() => server.output().includes('  Images: '), server.output);
    return { server, base: `http://127.0.0.1:${port}` };
  }

  it('prints where images go, stores uploads in the bucket; a bucket that does not answer is a warning, and the shop still serves', async () => {
    const database = await createPostgresDatabase();
    try {
      const { server, base } = await startShop({ STORAGE_URL: s3.storageUrl(`${BUCKET}/process`), STORAGE_PUBLIC_URL: CDN }, database.url);
      expect(server.output()).toContain(`  Images: bucket s3://${BUCKET}/process at http://127.0.0.1:${s3.port}, served from ${CDN}\n`);
      expect(server.output()).not.toContain('Warning: STORAGE_URL');
      const login = await (
        await fetch(`${base}/api/login`, { method: 'POST', body: JSON.stringify({ email: 'owner@example.com', password: 'owner-password-1' }) })
      ).json();
      const photo = await freshPng();
      const added = await fetch(`${base}/api/addProduct`, {
        method: 'POST',
        headers: { authorization: `Bearer ${login.token}` },
        body: form(productFields, [photo]),
      });
      expect(added.status).toBe(201);
      expect((await added.json()).data.productImageUrls).toEqual([`${CDN}/${keyOf(photo)}-640.webp`]);
      expect(added.headers.get('content-security-policy')).toContain("img-src 'self' data: blob: https://cdn.example.com;");
      expect((await objectsIn()).filter((key) => key.startsWith('process/'))).toEqual(
        namesOf(keyOf(photo))
          .map((name) => `process/${name}`)
          .sort(),
      );
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const down = await startShop({ STORAGE_URL: `s3://S3RVER:S3RVER@127.0.0.1:${await closedPort()}/${BUCKET}?tls=false` }, database.url);
      expect(down.server.output()).toMatch(
        /\n {2}Warning: STORAGE_URL: the bucket s3:\/\/shop-images at http:\/\/127\.0\.0\.1:\d+ does not answer \(ECONNREFUSED[^)]*\): image uploads fail with "Could not save the image" and \/uploads answers 503 until it does\.\n/,
      );
      const listed = await fetch(`${down.base}/api/getProducts`);
      expect(listed.status).toBe(200);
      expect((await listed.json()).data).toHaveLength(1);
      down.server.child.kill('SIGTERM');
      expect(await down.server.exited).toBe(0);
    } finally {
      await database.drop();
    }
  }, 90_000);
});
