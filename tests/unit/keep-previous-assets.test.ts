import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expectEach } from '../helpers/expect-each';

interface KeepPreviousAssets {
  saveAssets(clientDir: string, holdDir: string): { held: number };
  restoreAssets(clientDir: string, holdDir: string, options?: { now?: Date; keepDays?: number }): { held: boolean; kept: number; dropped: number };
  keepDaysFrom(value: string | undefined): number;
}

// A plain .mjs build script (no type declarations): imported by address, typed here.
const { saveAssets, restoreAssets, keepDaysFrom }: KeepPreviousAssets = await import(new URL('../../scripts/keep-previous-assets.mjs', import.meta.url).href);

const DAY = 24 * 60 * 60 * 1000;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A dist folder: dist/client (what is served) and the holding folder beside it. */
function dist() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'shop-keep-assets-'));
  dirs.push(root);
  return { client: path.join(root, 'client'), hold: path.join(root, '.previous-assets') };
}

/** What `vite build` + the compress step leave: dist/client emptied, then these files in assets/. */
function build(client: string, files: string[]) {
  rmSync(client, { recursive: true, force: true });
  mkdirSync(path.join(client, 'assets'), { recursive: true });
  writeFileSync(path.join(client, 'index.html'), '<!doctype html>');
  for (const file of files) writeFileSync(path.join(client, 'assets', file), `contents of ${file}`);
}

const assets = (client: string) => readdirSync(path.join(client, 'assets')).sort();
const retired = (client: string): Record<string, string> => JSON.parse(readFileSync(path.join(client, 'assets', 'retired.json'), 'utf8'));

/** One `npm run build`: save, the build itself, restore. */
function deploy(client: string, hold: string, files: string[], now: Date) {
  saveAssets(client, hold);
  build(client, files);
  return restoreAssets(client, hold, { now, keepDays: 7 });
}

describe('keep-previous-assets', () => {
  it('does nothing on a first build', () => {
    const { client, hold } = dist();
    expect(saveAssets(client, hold)).toEqual({ held: 0 });
    build(client, ['index-aaa.js', 'index-aaa.js.br']);
    expect(restoreAssets(client, hold, { now: new Date('2025-01-01T00:00:00Z') })).toEqual({ held: false, kept: 0, dropped: 0 });
    expect(assets(client)).toEqual(['index-aaa.js', 'index-aaa.js.br']);
    expect(existsSync(hold)).toBe(false);
  });

  it('keeps the previous build’s chunks and their compressed copies beside the new ones, and lists them', () => {
    const { client, hold } = dist();
    const first = new Date('2025-01-01T00:00:00Z');
    deploy(client, hold, ['index-aaa.js', 'product-old.js', 'product-old.js.br', 'product-old.js.gz', 'shared-same.js'], first);

    const second = new Date('2025-01-02T12:00:00Z');
    const result = deploy(client, hold, ['index-bbb.js', 'product-new.js', 'product-new.js.br', 'product-new.js.gz', 'shared-same.js'], second);

    expect(result).toEqual({ held: true, kept: 4, dropped: 0 });
    expect(assets(client)).toEqual([
      'index-aaa.js',
      'index-bbb.js',
      'product-new.js',
      'product-new.js.br',
      'product-new.js.gz',
      'product-old.js',
      'product-old.js.br',
      'product-old.js.gz',
      'retired.json',
      'shared-same.js',
    ]);
    expect(readFileSync(path.join(client, 'assets', 'product-old.js.br'), 'utf8')).toBe('contents of product-old.js.br');
    // A file in both builds is the current build's, not a retired one.
    expect(retired(client)).toEqual({
      'index-aaa.js': second.toISOString(),
      'product-old.js': second.toISOString(),
      'product-old.js.br': second.toISOString(),
      'product-old.js.gz': second.toISOString(),
    });
    expect(existsSync(hold)).toBe(false);
  });

  it('keeps the first retired time across builds and drops a file retired over 7 days ago', () => {
    const { client, hold } = dist();
    const t0 = new Date('2025-01-01T00:00:00Z');
    deploy(client, hold, ['a-1.js', 'a-1.js.gz'], t0);
    const t1 = new Date(t0.getTime() + DAY);
    deploy(client, hold, ['b-2.js'], t1);
    const t2 = new Date(t1.getTime() + 3 * DAY);
    expect(deploy(client, hold, ['c-3.js'], t2)).toEqual({ held: true, kept: 3, dropped: 0 });
    expect(retired(client)).toEqual({ 'a-1.js': t1.toISOString(), 'a-1.js.gz': t1.toISOString(), 'b-2.js': t2.toISOString() });

    // Eight days after a-1 was retired: it goes; b-2 (five days) stays with its own time.
    const t3 = new Date(t1.getTime() + 8 * DAY);
    expect(deploy(client, hold, ['d-4.js'], t3)).toEqual({ held: true, kept: 2, dropped: 2 });
    expect(assets(client)).toEqual(['b-2.js', 'c-3.js', 'd-4.js', 'retired.json']);
    expect(retired(client)).toEqual({ 'b-2.js': t2.toISOString(), 'c-3.js': t3.toISOString() });
  });

  it('never copies a source map back', () => {
    const { client, hold } = dist();
    deploy(client, hold, ['app-old.js', 'app-old.js.map'], new Date('2025-01-01T00:00:00Z'));
    const now = new Date('2025-01-02T00:00:00Z');
    expect(deploy(client, hold, ['app-new.js'], now)).toEqual({ held: true, kept: 1, dropped: 0 });
    expect(assets(client)).toEqual(['app-new.js', 'app-old.js', 'retired.json']);
    expect(Object.keys(retired(client))).toEqual(['app-old.js']);
  });

  it('keeps the held files when a build stopped before restoring them', () => {
    const { client, hold } = dist();
    const t0 = new Date('2025-01-01T00:00:00Z');
    deploy(client, hold, ['live-1.js'], t0);
    const t1 = new Date(t0.getTime() + DAY);
    deploy(client, hold, ['live-2.js'], t1); // live-1 retired at t1

    // A build that failed after `vite build`: saved, built, never restored.
    saveAssets(client, hold);
    build(client, ['broken-3.js']);

    const t2 = new Date(t1.getTime() + DAY);
    expect(deploy(client, hold, ['live-4.js'], t2)).toEqual({ held: true, kept: 3, dropped: 0 });
    expect(retired(client)).toEqual({ 'broken-3.js': t2.toISOString(), 'live-1.js': t1.toISOString(), 'live-2.js': t2.toISOString() });
  });

  it('reads the keep period from KEEP_ASSETS_DAYS', () => {
    expectEach(keepDaysFrom, [
      [undefined, 7],
      ['', 7],
      ['14', 14],
      ['0.5', 0.5],
    ]);
    expect(() => keepDaysFrom('a week')).toThrow(/KEEP_ASSETS_DAYS/);
    expect(() => keepDaysFrom('-1')).toThrow(/KEEP_ASSETS_DAYS/);
  });
});
