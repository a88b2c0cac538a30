import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { diskImageStore } from '@/server/services/catalogue/images';

describe('diskImageStore', () => {
  it('stores three WebP widths and the share JPEG under a content-hash name, without metadata', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'img-'));
    const jpeg = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#7a4b2a' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Someone', Copyright: 'private' } })
      .toBuffer();
    const store = diskImageStore(dir);
    const key = await store.save(jpeg);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(readdirSync(dir).sort()).toEqual([`${key}-1200.webp`, `${key}-320.webp`, `${key}-640.webp`, `${key}-share.jpg`]);
    expect((await sharp(path.join(dir, `${key}-share.jpg`)).metadata()).exif).toBeUndefined();
    for (const width of [320, 640, 1200]) {
      const meta = await sharp(path.join(dir, `${key}-${width}.webp`)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
    }
    // The same bytes give the same key: stable URLs.
    expect(await store.save(jpeg)).toBe(key);
  });

  it('never enlarges a small image', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'img-'));
    const png = await sharp({ create: { width: 400, height: 400, channels: 4, background: '#ffffff' } })
      .png()
      .toBuffer();
    const key = await diskImageStore(dir).save(png);
    expect((await sharp(path.join(dir, `${key}-1200.webp`)).metadata()).width).toBe(400);
  });

  it('refuses what is not a raster image, whatever it claims to be', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'img-'));
    const store = diskImageStore(dir);
    await expect(store.save(Buffer.from('<html><script>alert(1)</script></html>'))).rejects.toMatchObject({ status: 400 });
    await expect(store.save(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))).rejects.toMatchObject({ status: 400 });
    await expect(store.save(Buffer.alloc(0))).rejects.toMatchObject({ status: 413 });
    expect(readdirSync(dir)).toEqual([]);
  });
});
