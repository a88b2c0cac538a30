import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { acceptsEncoding } from './compression';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Resolves a URL path inside root, or undefined when it would escape it. */
export function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const full = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return full === root || full.startsWith(root + path.sep) ? full : undefined;
}

/** Text files the build stores precompressed beside them (`.br`, `.gz`: scripts/compress-assets.mjs). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.xml']);
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

const NEVER_SENT = new Set(['.map']);

async function fileInfo(file: string) {
  try {
    const info = await stat(file);
    return info.isFile() ? info : undefined;
  } catch {
    return undefined;
  }
}

/** Files whose name changes with their content (built assets, uploads): kept by every cache for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Streams a regular file with its type and caching, or returns undefined when there is none. A text
 * file goes as its precompressed copy when the build made one and the client takes that encoding.
 */
export async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response | undefined> {
  const extension = path.extname(file).toLowerCase();
  // Source maps are the app's source: the build keeps them out of dist/client, and one left there
  // (an older build, a bare `vite build`) is still never sent.
  if (NEVER_SENT.has(extension)) return undefined;
  const info = await fileInfo(file);
  if (!info) return undefined;
  const headers = new Headers({
    'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
    'Content-Length': String(info.size),
    'Cache-Control': cacheControl,
    'Last-Modified': info.mtime.toUTCString(),
  });
  let sent = file;
  if (COMPRESSIBLE.has(extension)) {
    headers.set('Vary', 'Accept-Encoding');
    const accepted = c.req.header('accept-encoding');
    for (const { name, suffix } of ENCODINGS) {
      const compressed = acceptsEncoding(accepted, name) ? await fileInfo(file + suffix) : undefined;
      if (!compressed) continue;
      sent = file + suffix;
      headers.set('Content-Encoding', name);
      headers.set('Content-Length', String(compressed.size));
      break;
    }
  }
  const since = c.req.header('if-modified-since');
  if (since && Math.floor(info.mtimeMs / 1000) <= Math.floor(Date.parse(since) / 1000)) {
    headers.delete('Content-Length');
    return new Response(null, { status: 304, headers });
  }
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(sent)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
