import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { FILE_MODE, FOLDER_MODE } from './backup-folder';
import { syncDirectory, writeGzipDurably } from './durable-files';

/**
 * The shop's own logical backup (the embedded PostgreSQL ships no pg_dump): gzip of newline-delimited
 * JSON, written and read through an ordinary SQL connection, from PostgreSQL or from PGlite.
 *
 *   {"format":"nkuto-shop-backup","version":1,"createdAt":…,"migrations":N,"lastMigrationAt":ms}
 *   {"table":"orders","rows":2}        then 2 lines, each row_to_json(row) as PostgreSQL wrote it
 *   …                                  one such section per table of schema public, by name
 *   {"end":true,"tables":T,"rows":R}   a file without it was cut short
 *
 * Rows stay PostgreSQL's own JSON text end to end (never parsed here), so numbers, bytea and
 * timestamps come back exactly as they were.
 */

/** Anything with a pg-style query: a `pg.Client`, or a `PGlite` instance (both return { rows }). */
export interface SqlClient {
  query(text: string, params?: unknown[]): Promise<{ rows: any[] }>;
}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  migrations: number;
  createdAt: string;
}

/** A refusal or an unusable file, with a message for the shop owner. */
export class BackupError extends Error {}

export interface BackupHeader {
  format: string;
  version: number;
  createdAt: string;
  migrations: number;
  lastMigrationAt: number;
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

const FORMAT = 'nkuto-shop-backup';
const VERSION = 1;
const BATCH_ROWS = 500;
const CHUNK_CHARS = 64 * 1024;
// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Writes a backup of the database behind `client` to `file`, from one consistent snapshot. The file
 * appears only once complete and synced to disk: a crash leaves at most a `.partial` beside it.
 */
export async function writeBackup(client: SqlClient, file: string, now = new Date()): Promise<BackupSummary> {
  const dir = path.dirname(path.resolve(file));
  await fs.promises.mkdir(dir, { recursive: true, mode: FOLDER_MODE });
  const partial = `${file}.partial`;
  await fs.promises.rm(partial, { force: true }); // a leftover keeps its mode when written over: made afresh
  const totals = { tables: 0, rows: 0 };
  let migrations = 0;

  await client.query('begin isolation level repeatable read read only');
  try {
    // The file must not depend on the session: instants in UTC, floats in their shortest exact form.
    await client.query("set local timezone = 'UTC'");
    await client.query('set local extra_float_digits = 3');
    const level = await migrationLevel(client);
    migrations = level.migrations;
    const header: BackupHeader = { format: FORMAT, version: VERSION, createdAt: now.toISOString(), ...level };
    await writeGzipDurably(partial, backupText(client, header, totals), FILE_MODE);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {}); // a broken connection ends the transaction anyway
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  await fs.promises.rename(partial, file);
  await syncDirectory(dir);
  return { file, ...totals, migrations, createdAt: now.toISOString() };
}

/** How far drizzle's migrations have brought the database: their count and the last one's time. */
async function migrationLevel(client: SqlClient): Promise<{ migrations: number; lastMigrationAt: number }> {
  if (!(await hasMigrationsTable(client))) return { migrations: 0, lastMigrationAt: 0 };
  // created_at as text: int8 arrives as a string from pg and maybe a bigint from PGlite.
  const { rows } = await client.query(
    `select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
            (select created_at::text from drizzle.__drizzle_migrations order by created_at desc nulls last limit 1) as last`,
  );
  return { migrations: Number(rows[0]?.migrations ?? 0), lastMigrationAt: Number(rows[0]?.last ?? 0) };
}

async function hasMigrationsTable(client: SqlClient): Promise<boolean> {
  const { rows } = await client.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  return rows[0]?.present === true;
}

async function publicTables(client: SqlClient): Promise<string[]> {
  const { rows } = await client.query(`select tablename::text as name from pg_tables where schemaname = 'public' order by tablename`);
  return rows.map((row) => row.name as string);
}

/** The file's text, one table in memory at a time, handed on in chunks. */
async function* backupText(client: SqlClient, header: BackupHeader, totals: { tables: number; rows: number }): AsyncGenerator<string> {
  yield jsonLine(header);
  for (const table of await publicTables(client)) {
    const { rows } = await client.query(`select row_to_json(t)::text as json from ${qualified(table)} as t`);
    yield jsonLine({ table, rows: rows.length });
    yield* inChunks(rows.map((row) => row.json as string));
    totals.tables += 1;
    totals.rows += rows.length;
  }
  yield jsonLine({ end: true, tables: totals.tables, rows: totals.rows });
}

function* inChunks(lines: string[]): Generator<string> {
  let chunk = '';
  for (const line of lines) {
    chunk += `${line}\n`;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

const jsonLine = (value: unknown) => `${JSON.stringify(value)}\n`;

// ---------------------------------------------------------------------------------------------
// Reading

type Entry =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'table'; table: string; rows: number }
  | { kind: 'row'; json: string }
  | { kind: 'end'; tables: number; rows: number };

/** The backup's first line, checked: what made it and when. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const entry of entries(file)) {
    if (entry.kind === 'header') return entry.header;
  }
  throw notABackup(file);
}

/** The file's lines, ungzipped; the stream pauses while the caller is busy. */
async function* readLines(file: string): AsyncGenerator<string> {
  const text = pipeline(fs.createReadStream(file), zlib.createGunzip(), () => {}); // errors end the loop below
  text.setEncoding('utf8');
  let rest = '';
  for await (const chunk of text as AsyncIterable<string>) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    yield* lines;
  }
  if (rest) yield rest;
}

/** The file as checked entries: a damaged or cut-short file fails with a BackupError, at the latest at its end. */
async function* entries(file: string): AsyncGenerator<Entry> {
  let header: BackupHeader | undefined;
  let remaining = 0;
  const seen = { tables: 0, rows: 0 };
  let ended = false;
  try {
    for await (const line of readLines(file)) {
      if (!header) {
        header = parseHeader(line, file);
        yield { kind: 'header', header };
      } else if (ended) {
        throw damaged(file, 'text follows its end line');
      } else if (remaining > 0) {
        if (!line.startsWith('{')) throw damaged(file, 'a row is not JSON');
        remaining -= 1;
        yield { kind: 'row', json: line };
      } else {
        const entry = parseSectionLine(line, file, seen);
        if (entry.kind === 'table') remaining = entry.rows;
        if (entry.kind === 'end') ended = true;
        yield entry;
      }
    }
  } catch (error) {
    throw fileProblem(error, file);
  }
  if (!header) throw notABackup(file);
  if (!ended) throw incomplete(file);
}

function parseHeader(line: string, file: string): BackupHeader {
  const header = parseJson(line) as Partial<BackupHeader> | undefined;
  if (header?.format !== FORMAT) throw notABackup(file);
  if (header.version !== VERSION) {
    throw new BackupError(`${file} is a shop backup of format version ${header.version}, which this version of the shop cannot read. Use a newer shop.`);
  }
  const { createdAt, migrations, lastMigrationAt } = header;
  const complete = typeof createdAt === 'string' && Number.isInteger(migrations) && typeof lastMigrationAt === 'number';
  if (!complete) throw damaged(file, 'its first line is incomplete');
  return { format: FORMAT, version: VERSION, createdAt, migrations: migrations as number, lastMigrationAt };
}

/** A table's line or the end line; the end line's totals must match what came before. */
function parseSectionLine(line: string, file: string, seen: { tables: number; rows: number }): Entry {
  const record = parseJson(line) as { table?: unknown; rows?: unknown; end?: unknown; tables?: unknown } | undefined;
  if (typeof record?.table === 'string' && Number.isInteger(record.rows) && (record.rows as number) >= 0) {
    seen.tables += 1;
    seen.rows += record.rows as number;
    return { kind: 'table', table: record.table, rows: record.rows as number };
  }
  if (record?.end === true) {
    if (record.tables !== seen.tables || record.rows !== seen.rows) throw damaged(file, 'its end line does not match its contents');
    return { kind: 'end', tables: seen.tables, rows: seen.rows };
  }
  throw damaged(file, 'a line is out of place');
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** Errors of the file itself (missing, not gzip, cut mid-stream) as BackupErrors; others pass. */
function fileProblem(error: unknown, file: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new BackupError(`There is no backup file at ${file}.`);
  if (code === 'Z_BUF_ERROR') return incomplete(file);
  if (code === 'Z_DATA_ERROR') return notABackup(file);
  return error;
}

const notABackup = (file: string) => new BackupError(`${file} is not a shop backup.`);
const damaged = (file: string, why: string) => new BackupError(`${file} is a damaged shop backup: ${why}.`);
const incomplete = (file: string) =>
  new BackupError(`${file} is an incomplete backup: it stops before its end (cut short while being written or copied). Use another backup.`);

/** Reads the whole file once: its header and tables, or a BackupError before anything is touched. */
async function scanBackup(file: string): Promise<{ header: BackupHeader; tables: string[]; rows: number }> {
  let header: BackupHeader | undefined;
  const tables: string[] = [];
  let rows = 0;
  for await (const entry of entries(file)) {
    if (entry.kind === 'header') header = entry.header;
    if (entry.kind === 'table' && tables.includes(entry.table)) throw damaged(file, `it holds ${entry.table} twice`);
    if (entry.kind === 'table') tables.push(entry.table);
    if (entry.kind === 'end') rows = entry.rows;
  }
  if (!header) throw notABackup(file);
  return { header, tables, rows };
}

// ---------------------------------------------------------------------------------------------
// Restoring

/**
 * Loads a backup into an empty database: the schema is brought to the backup's migration level, the
 * rows loaded in one transaction, then the later migrations run on them. Should anything fail after
 * the schema was created, the tables are dropped again, so the restore can simply be retried.
 */
export async function restoreBackup(client: pg.Client, file: string, options: { migrationsFolder: string }): Promise<BackupSummary> {
  const backup = await scanBackup(file);
  checkLevel(backup.header, readJournal(options.migrationsFolder));
  await refuseNonEmpty(client);
  try {
    await migrateToLevel(client, options.migrationsFolder, backup.header.migrations);
    await loadRows(client, file, backup.tables);
    await migrate(drizzle({ client }), { migrationsFolder: options.migrationsFolder });
  } catch (error) {
    await emptyAgain(client).catch(() => {}); // a lost connection leaves it to the next attempt's caller
    throw error;
  }
  return { file, tables: backup.tables.length, rows: backup.rows, migrations: backup.header.migrations, createdAt: backup.header.createdAt };
}

function readJournal(migrationsFolder: string): Journal {
  return JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** The backup's schema must be one this version can build: the same migrations, up to its last. */
function checkLevel(header: BackupHeader, journal: Journal): void {
  const known = journal.entries.length;
  if (header.migrations > known) {
    throw new BackupError(
      `This backup was made by a newer version of the shop (database level ${header.migrations}; this version knows ${known}). Restore it with that version or a later one.`,
    );
  }
  const expected = header.migrations === 0 ? 0 : journal.entries[header.migrations - 1]?.when;
  if (expected !== header.lastMigrationAt) {
    throw new BackupError('This backup was made by a different version of the shop: its database migrations do not match this version’s.');
  }
}

async function refuseNonEmpty(client: pg.Client): Promise<void> {
  const tables = await publicTables(client);
  const migrated = (await hasMigrationsTable(client)) && (await client.query('select 1 from drizzle.__drizzle_migrations limit 1')).rows.length > 0;
  if (tables.length > 0 || migrated) {
    throw new BackupError(
      'The target database already holds a shop (it has tables or applied migrations). A backup is restored only into an empty database: a fresh DATA_DIR, or a new database for DATABASE_URL.',
    );
  }
}

/**
 * Runs drizzle's migrator with only the first `count` migrations (a copy of the journal cut there,
 * in a temporary folder), bringing the schema to that level and no further.
 */
export async function migrateToLevel(client: pg.Client, migrationsFolder: string, count: number): Promise<void> {
  const journal = readJournal(migrationsFolder);
  const entries = journal.entries.slice(0, count);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migrations-'));
  try {
    fs.mkdirSync(path.join(folder, 'meta'));
    fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    await migrate(drizzle({ client }), { migrationsFolder: folder });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

interface TargetTable {
  columns: string[];
  /** Tables its foreign keys point to, itself left out. */
  parents: string[];
}

/** Every row in one transaction: all of the backup's tables, or none. */
async function loadRows(client: pg.Client, file: string, tables: string[]): Promise<void> {
  await client.query('begin');
  try {
    const target = await targetTables(client);
    const unknown = tables.filter((table) => !target.has(table));
    if (unknown.length > 0) {
      throw new BackupError(`The backup holds tables this version of the shop does not have at the backup's level: ${unknown.join(', ')}.`);
    }
    // Rows the migrations inserted (a seeded promo code) are in the backup as they later became.
    if (target.size > 0) await client.query(`truncate table ${[...target.keys()].map(qualified).join(', ')}`);
    await loadInForeignKeyOrder(client, file, tables, target);
    await advanceSequences(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

async function targetTables(client: pg.Client): Promise<Map<string, TargetTable>> {
  const tables = new Map<string, TargetTable>();
  const columns = await client.query(
    `select c.relname::text as "table", a.attname::text as "column"
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  for (const row of columns.rows) {
    const table = tables.get(row.table) ?? { columns: [], parents: [] };
    table.columns.push(row.column);
    tables.set(row.table, table);
  }
  const keys = await client.query(
    `select distinct c.relname::text as child, p.relname::text as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
       join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
      where k.contype = 'f' and cn.nspname = 'public' and pn.nspname = 'public'`,
  );
  for (const row of keys.rows) {
    // A table pointing at itself is loaded whole like any other (each batch's rows are checked together).
    if (row.child !== row.parent) tables.get(row.child)?.parents.push(row.parent);
  }
  return tables;
}

/**
 * The file lists tables by name, so a child may come before its parent. Each pass over the file
 * loads the tables whose parents are already in; a shop's few levels of keys take about three passes,
 * and no table is ever held in memory.
 */
async function loadInForeignKeyOrder(client: pg.Client, file: string, tables: string[], target: Map<string, TargetTable>): Promise<void> {
  const inBackup = new Set(tables);
  const loaded = new Set<string>();
  while (loaded.size < inBackup.size) {
    const before = loaded.size;
    const ready = (table: string) => target.get(table)?.parents.every((parent) => loaded.has(parent) || !inBackup.has(parent)) ?? false;
    await loadPass(client, file, ready, target, loaded);
    // Keys in a circle: load the rest as they come (a deferrable constraint may still let them in).
    if (loaded.size === before) await loadPass(client, file, () => true, target, loaded);
  }
}

/** One read of the file, inserting the rows of each table that is not loaded yet and `ready`. */
async function loadPass(
  client: pg.Client,
  file: string,
  ready: (table: string) => boolean,
  target: Map<string, TargetTable>,
  loaded: Set<string>,
): Promise<void> {
  let insert: string | undefined;
  let batch: string[] = [];
  const flush = async () => {
    if (insert && batch.length > 0) await client.query(insert, [`[${batch.join(',')}]`]);
    batch = [];
  };
  for await (const entry of entries(file)) {
    if (entry.kind === 'table') {
      await flush();
      const take = !loaded.has(entry.table) && ready(entry.table);
      insert = take ? insertSql(entry.table, target.get(entry.table)?.columns ?? []) : undefined;
      if (take) loaded.add(entry.table);
    } else if (entry.kind === 'row' && insert) {
      batch.push(entry.json);
      if (batch.length >= BATCH_ROWS) await flush();
    }
  }
  await flush();
}

/** The target's columns filled from the rows' JSON; identity columns keep the backup's values. */
function insertSql(table: string, columns: string[]): string {
  const list = columns.map(quoteIdent).join(', ');
  return `insert into ${qualified(table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${qualified(table)}, $1::json)`;
}

/** Serial and identity columns continue after the loaded rows, not from where the migrations left them. */
async function advanceSequences(client: pg.Client): Promise<void> {
  const { rows } = await client.query(
    `select * from (
       select c.relname::text as "table", a.attname::text as "column", pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as sequence
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped) s
      where sequence is not null`,
  );
  for (const row of rows) {
    await client.query(`select setval($1::regclass, m) from (select max(${quoteIdent(row.column)}) as m from ${qualified(row.table)}) s where m is not null`, [
      row.sequence,
    ]);
  }
}

/** Undoes a failed restore (the target was empty before it): its tables and migration records go. */
async function emptyAgain(client: pg.Client): Promise<void> {
  const tables = await publicTables(client);
  if (tables.length > 0) await client.query(`drop table if exists ${tables.map(qualified).join(', ')} cascade`);
  if (await hasMigrationsTable(client)) await client.query('delete from drizzle.__drizzle_migrations');
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (table: string) => `public.${quoteIdent(table)}`;
