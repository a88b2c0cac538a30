import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { backfillShareImages, diskImageStore, ensureShareImage, shareImageName } from '@/server/services/catalogue/images';
import { SHARE_IMAGE } from '@/shared/product-images';
import { setupTestApi } from '../helpers/api';
import { runScript } from '../helpers/server-process';

/**
 * Link previews (WhatsApp, Facebook, X): every stored image also has `{key}-share.jpg`, a 1200×630
 * JPEG of at most 300 KB, made at upload, on the first request for an older image, or by
 * `npm run images:share` for the whole uploads folder.
 */
const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'shop-share-uploads-'));
const api = setupTestApi({ uploadsDir });
const store = diskImageStore(uploadsDir);
const scratchDirs: string[] = [];

afterAll(() => {
  for (const dir of [uploadsDir, ...scratchDirs]) rmSync(dir, { recursive: true, force: true });
});

function scratchDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-share-backfill-'));
  scratchDirs.push(dir);
  return dir;
}

/** The shop's page colour (theme.css.ts `color.page`): what the picture is fitted on. */
const CREAM = [0xfb, 0xf7, 0xef];
/** WhatsApp's limit, counted the strict way. */
const LIMIT = 300_000;

/** A photo-like image: smooth colour noise, as a JPEG (what a phone sends). */
let photoCount = 0;
function photo(width = 900, height = 600): Promise<Buffer> {
  photoCount += 1;
  return sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120 + photoCount, sigma: 30 } } })
    .blur(2)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Random pixels: the worst case for JPEG, whatever the quality. */
function noise(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

let swatchCount = 0;
/** A small image of one colour that no other test stored. */
function swatch(): Promise<Buffer> {
  swatchCount += 1;
  return sharp({ create: { width: 30 + swatchCount, height: 20, channels: 3, background: { r: 40, g: (swatchCount * 37) % 256, b: 90 } } })
    .png()
    .toBuffer();
}

/** Checks a share JPEG on disk and returns its size in bytes. */
async function expectShareJpeg(file: string): Promise<number> {
  const meta = await sharp(file).metadata();
  expect(meta.format).toBe('jpeg');
  expect([meta.width, meta.height]).toEqual([SHARE_IMAGE.width, SHARE_IMAGE.height]);
  expect([meta.width, meta.height]).toEqual([1200, 630]);
  expect(meta.isProgressive).toBe(true);
  const size = statSync(file).size;
  expect(size).toBeLessThanOrEqual(LIMIT);
  expect(size).toBeLessThanOrEqual(SHARE_IMAGE.maxBytes);
  return size;
}

/** The colour of one pixel of a share JPEG. */
async function pixel(file: string, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

function expectNear(actual: number[], expected: number[], tolerance = 6) {
  for (const [index, value] of expected.entries()) expect(Math.abs((actual[index] ?? -1) - value), `${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

const shareFile = (dir: string, key: string) => path.join(dir, shareImageName(key));

describe('the share JPEG made at upload', () => {
  it('an admin upload stores {key}-share.jpg (1200×630 JPEG, at most 300 KB), served as image/jpeg', async () => {
    const { token } = await api.createUser({ role: 'admin' });
    const form = new FormData();
    for (const [field, value] of Object.entries({ name: 'Raw Shea Butter', description: 'From Tamale.', category: 'Skin', price: '45', stock: '3' })) {
      form.append(field, value);
    }
    form.append('images', new File([new Uint8Array(await photo())], 'shea.jpg', { type: 'image/jpeg' }));
    const created = await api.json('POST', '/api/addProduct', { token, form });
    expect(created.status).toBe(201);
    const key = /\/uploads\/([a-f0-9]+)-640\.webp$/.exec(created.body.data.productImageUrls[0])?.[1] as string;
    expect(key).toMatch(/^[a-f0-9]{32}$/);
    expect(shareImageName(key)).toBe(`${key}-share.jpg`);

    const file = shareFile(uploadsDir, key);
    await expectShareJpeg(file);

    const res = await api.request('GET', `/uploads/${key}-share.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(file))).toBe(true);
    const head = await api.request('HEAD', `/uploads/${key}-share.jpg`);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(statSync(file).size));
    // The WebP widths are served as before.
    const webp = await api.request('GET', `/uploads/${key}-640.webp`);
    expect([webp.status, webp.headers.get('content-type')]).toEqual([200, 'image/webp']);
    await webp.arrayBuffer();
  });

  it('a large noisy photo (3000×2000) and full-size noise (1200×630) still stay within 300 KB', async () => {
    const large = await noise(3000, 2000).jpeg({ quality: 75 }).toBuffer();
    const fullSize = await noise(1200, 630).jpeg({ quality: 95 }).toBuffer();
    for (const bytes of [large, fullSize]) {
      const key = await store.save(bytes);
      await expectShareJpeg(shareFile(uploadsDir, key));
    }
  });

  it('fits the whole image (EXIF turn applied) on the shop cream; transparency becomes cream', async () => {
    // 400×100 red, stored turned a quarter: it shows 100×400, so it stands in the middle with cream either side.
    const turned = await sharp({ create: { width: 400, height: 100, channels: 3, background: '#f00' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const turnedFile = shareFile(uploadsDir, await store.save(turned));
    expectNear(await pixel(turnedFile, 10, 315), CREAM);
    expectNear(await pixel(turnedFile, 600, 10), [255, 0, 0], 12);
    expectNear(await pixel(turnedFile, 600, 620), [255, 0, 0], 12);

    const transparent = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const transparentFile = shareFile(uploadsDir, await store.save(transparent));
    expectNear(await pixel(transparentFile, 600, 315), CREAM);
    expectNear(await pixel(transparentFile, 5, 5), CREAM);
  });

  it('bytes that read as an image but do not decode store nothing, share JPEG included', async () => {
    const dir = scratchDir();
    const whole = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .png()
      .toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    await expect(diskImageStore(dir).save(cut)).rejects.toMatchObject({ status: 400 });
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('images stored before share JPEGs', () => {
  /** Stores an image the old way: its WebP widths only. */
  async function oldImage(dir: string, widths: number[] = [320, 640, 1200]): Promise<string> {
    const key = await diskImageStore(dir).save(await swatch());
    for (const width of [320, 640, 1200]) if (!widths.includes(width)) rmSync(path.join(dir, `${key}-${width}.webp`));
    rmSync(shareFile(dir, key));
    return key;
  }

  it('the back-fill makes the missing ones from the largest WebP and counts them; a second run makes none', async () => {
    const dir = scratchDir();
    const current = await diskImageStore(dir).save(await swatch());
    const old = await oldImage(dir);
    const only640 = await oldImage(dir, [640]);
    const only320 = await oldImage(dir, [320]);
    // Not images of the store: left alone.
    writeFileSync(path.join(dir, 'notes.txt'), 'hello');
    writeFileSync(path.join(dir, 'abc-640.webp'), 'not a key');
    mkdirSync(path.join(dir, 'nested'));

    expect(await backfillShareImages(dir)).toEqual({ made: 3, existing: 1, failed: [] });
    for (const key of [current, old, only640, only320]) await expectShareJpeg(shareFile(dir, key));
    expect(existsSync(path.join(dir, 'abc-share.jpg'))).toBe(false);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    expect(await backfillShareImages(dir)).toEqual({ made: 0, existing: 4, failed: [] });
  });

  it('the back-fill goes on past an unreadable WebP and names its key; a missing folder is nothing to do', async () => {
    const dir = scratchDir();
    const good = await oldImage(dir);
    const broken = 'f'.repeat(32);
    writeFileSync(path.join(dir, `${broken}-1200.webp`), 'RIFF....WEBPVP8 garbage');
    expect(await backfillShareImages(dir)).toEqual({ made: 1, existing: 0, failed: [broken] });
    await expectShareJpeg(shareFile(dir, good));
    expect(existsSync(shareFile(dir, broken))).toBe(false);

    expect(await backfillShareImages(path.join(dir, 'missing'))).toEqual({ made: 0, existing: 0, failed: [] });
  });

  it('ensureShareImage: true once the JPEG exists, false without a WebP or for a name that is no key', async () => {
    const dir = scratchDir();
    const key = await oldImage(dir, [640]);
    expect(await ensureShareImage(dir, key)).toBe(true);
    await expectShareJpeg(shareFile(dir, key));
    expect(await ensureShareImage(dir, key)).toBe(true);
    expect(await ensureShareImage(dir, 'a'.repeat(32))).toBe(false);
    expect(await ensureShareImage(dir, '../../etc/passwd')).toBe(false);
    expect(readdirSync(dir).sort()).toEqual([`${key}-640.webp`, `${key}-share.jpg`]);
  });

  it('a missing share JPEG is made on its first request, then served', async () => {
    const key = await oldImage(uploadsDir, [320, 640]);
    const res = await api.request('GET', `/uploads/${key}-share.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const body = Buffer.from(await res.arrayBuffer());
    expect((await sharp(body).metadata()).format).toBe('jpeg');
    await expectShareJpeg(shareFile(uploadsDir, key));
    expect(body.equals(readFileSync(shareFile(uploadsDir, key)))).toBe(true);

    // HEAD makes it too.
    const other = await oldImage(uploadsDir, [1200]);
    const head = await api.request('HEAD', `/uploads/${other}-share.jpg`);
    expect([head.status, head.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(existsSync(shareFile(uploadsDir, other))).toBe(true);
  });

  it('npm run images:share back-fills DATA_DIR/uploads and prints the counts', async () => {
    const dataDir = scratchDir();
    const dir = path.join(dataDir, 'uploads');
    await diskImageStore(dir).save(await swatch());
    await oldImage(dir);
    const run = () => runScript('src/server/images-cli.ts', [], { PATH: process.env.PATH, DATA_DIR: dataDir });
    expect(await run()).toEqual({ code: 0, output: `Share images in ${dir}: 1 made, 1 already there.\n` });
  });
});

describe('other names under /uploads', () => {
  it('answer a JSON 404, never a file or the app', async () => {
    const key = await store.save(await swatch());
    writeFileSync(path.join(uploadsDir, 'planted.html'), '<script>alert(1)</script>');
    const probes = [
      `/uploads/${'b'.repeat(32)}-share.jpg`, // a key with no image
      `/uploads/${key}-share.jpeg`,
      `/uploads/${key}-share.JPG`,
      `/uploads/${key}-shared.jpg`,
      `/uploads/${key}-share.jpg.html`,
      `/uploads/${key}-share.jpg/x`,
      `/uploads/x/${key}-share.jpg`,
      `/uploads/${key}-640.png`,
      `/uploads/${key}-999.webp`,
      `/uploads/${key}.webp`,
      '/uploads/share.jpg',
      '/uploads/planted.html',
      '/uploads/',
      '/uploads',
      '/uploads/a/b',
      '/uploads/..%2f..%2fpackage.json',
    ];
    for (const probe of probes) {
      const res = await api.json('GET', probe);
      expect([probe, res.status, res.body]).toEqual([probe, 404, { message: 'Not found' }]);
      expect(res.res.headers.get('content-type'), probe).toMatch(/^application\/json/);
    }
    expect(existsSync(shareFile(uploadsDir, 'b'.repeat(32)))).toBe(false);
    expect((await api.request('GET', `/uploads/${key}-share.jpg`)).status).toBe(200);
  });
});
