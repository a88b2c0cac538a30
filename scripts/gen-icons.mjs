#!/usr/bin/env node
/**
 * `npm run icons`: renders the app icons from the SVG sources in manifest/icons into public/icons
 * (served as they are and copied into dist/client by Vite), and copies the SVG favicon to public/.
 * Run it after changing a source; the PNGs are committed.
 */
import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sources = join(root, 'manifest/icons');
const out = join(root, 'public/icons');

/** The page colour: what a transparent corner would show where a background is required. */
const CREAM = '#fbf7ef';

/** [source svg, output png, size, opaque?] */
const ICONS = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon.svg', 'favicon-32.png', 32],
  // Full bleed, the mark inside the central 80% safe zone: launchers crop it to their shape.
  ['maskable.svg', 'maskable-512.png', 512],
  // iOS shows transparency as black and rounds the corners itself: full bleed and opaque.
  ['maskable.svg', 'apple-touch-icon.png', 180, true],
  ['shortcut-shop.svg', 'shortcut-shop.png', 96],
  ['shortcut-cart.svg', 'shortcut-cart.png', 96],
  ['shortcut-orders.svg', 'shortcut-orders.png', 96],
];

async function render(source, file, size, opaque = false) {
  const svg = await readFile(join(sources, source));
  // Rasterise at the target size directly (density scales the 512/96 viewBox), so edges stay crisp.
  const { width } = await sharp(svg).metadata();
  let image = sharp(svg, { density: (72 * size) / (width ?? size) }).resize(size, size);
  if (opaque) image = image.flatten({ background: CREAM });
  await image.png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 }).toFile(join(out, file));
  const { size: bytes } = await stat(join(out, file));
  console.log(`public/icons/${file}  ${size}x${size}  ${bytes} bytes`);
}

await mkdir(out, { recursive: true });
for (const [source, file, size, opaque] of ICONS) await render(source, file, size, opaque);
await copyFile(join(sources, 'icon.svg'), join(root, 'public/favicon.svg'));
console.log('public/favicon.svg (copy of manifest/icons/icon.svg)');
