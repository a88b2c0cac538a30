import { brotliDecompressSync, crc32, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client';
import { APP_TABLES } from '@/server/db/reset';
import type { RequestOptions, TestApi } from '../../helpers/api';
import type { FuzzFixture } from './fixture';

/**
 * Property-based fuzzing of the API. Every endpoint gets requests built from valid ones by breaking
 * them (fields missing, of the wrong type, huge, hostile; bodies that are not JSON or not objects;
 * odd Content-Types, paths, queries, tokens and headers), sent as anonymous, customer, admin and
 * with tokens that must open nothing. Whatever arrives, the server:
 * - never answers 5xx;
 * - answers every refusal (4xx) with JSON `{ message, errors? }`, never HTML or a stack trace;
 * - changes nothing in the database when it refuses;
 * - lets no one past the role or the ownership the endpoint demands.
 *
 * Runs are bounded and seeded: FUZZ_SEED replays a failure, FUZZ_RUNS runs longer, FUZZ_SHRINK=1
 * shrinks a counterexample to its smallest form (slower), FUZZ_VERBOSE=1 prints statuses per endpoint.
 */

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SHRINK = process.env.FUZZ_SHRINK === '1';
const VERBOSE = process.env.FUZZ_VERBOSE === '1';
/** Generous: a failure's report matters more than the time limit of an ordinary test. */
export const FUZZ_TEST_TIMEOUT = 120_000;
/** The body limit the test app runs with (tests/helpers/api.ts); `oversized` bodies go just past it. */
const BODY_LIMIT = 100 * 1024;

/* ---------------------------------------------------------------------------------------------
 * Requests
 * ------------------------------------------------------------------------------------------- */

/** Who sends the request; the last four must be refused wherever a sign-in is required. */
export type ActorKind = 'anonymous' | 'customer' | 'otherCustomer' | 'admin' | 'expired' | 'revoked' | 'unknown' | 'malformed';

export interface Actor {
  kind: ActorKind;
  authorization?: string;
}

/** A sample file for multipart bodies, named so that a counterexample stays readable. */
export type SampleFile = 'png' | 'jpeg' | 'truncatedPng' | 'corruptPng' | 'hugePng' | 'svg' | 'text' | 'empty' | 'noise';

export type FormPart = { name: string; value: string } | { name: string; file: SampleFile; filename: string };

export type Body =
  /** JSON text of `value`; no Content-Type header at all when `contentType` is undefined. */
  | { kind: 'json'; value: unknown; contentType?: string }
  /** Text that is not what it claims to be: broken JSON, deep nesting, a form where JSON is due. */
  | { kind: 'text'; text: string; contentType?: string }
  /** A JSON body over the server's body limit. */
  | { kind: 'oversized' }
  | { kind: 'form'; parts: FormPart[]; encoding: 'multipart' | 'urlencoded' };

export interface RequestParts {
  /** Only where the endpoint stands for several methods. */
  method?: string;
  actor: Actor;
  /** Path and query, already encoded. */
  path: string;
  headers?: Record<string, string>;
  body?: Body;
}

export interface FuzzRequest extends RequestParts {
  method: string;
}

/** `public`: no sign-in; `signedIn`: any account; `admin`: admins only; `order`: a bearer (if sent) or X-Order-Token. */
export type Access = 'public' | 'signedIn' | 'admin' | 'order';

export interface FuzzEndpoint {
  method: string;
  /** The route as the app declares it, e.g. `/api/getOrderById/:id`. */
  route: string;
  access: Access;
  requests(fixture: FuzzFixture): fc.Arbitrary<RequestParts>;
  /** Requests that must be refused whatever else they carry: someone else's cart line, order, account. */
  mustRefuse?(request: FuzzRequest, fixture: FuzzFixture): boolean;
  numRuns?: number;
}

export const endpointKey = (endpoint: Pick<FuzzEndpoint, 'method' | 'route'>) => `${endpoint.method} ${endpoint.route}`;

/* ---------------------------------------------------------------------------------------------
 * Arbitraries
 * ------------------------------------------------------------------------------------------- */

/** Strings that have broken servers before: injections, encodings, NUL, bidi, lone surrogates, sizes. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\t\n',
  '0',
  '-1',
  '1e9',
  '1.999',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '%',
  '_',
  '\\',
  '%_\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally.
  '${7*7}',
  'a\u0000b',
  '\u0000',
  '\u202eevil',
  '\ufeff',
  '😀🇬🇭',
  'İẞ',
  '\ud800',
  'x'.repeat(5001),
  'é'.repeat(300),
  ' ama@example.com ',
  'AMA@EXAMPLE.COM',
];

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  // Any code point, control characters (and NUL) included.
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 300, maxLength: 3000 }) },
);

const ODD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  -1,
  1.5,
  0.1 + 0.2,
  1e21,
  -1e21,
  2 ** 31,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  [],
  {},
  [null],
  { $gt: '' },
];

/** Any JSON value a client could send where a field is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_VALUES) },
  { weight: 2, arbitrary: fc.integer() },
  // NaN and the infinities travel as null in JSON; 1e400 below arrives as Infinity.
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 3 }) },
);

/** Characters that are valid JSON but have broken databases and parsers: NUL, controls, a lone surrogate, bidi, BOM. */
const TWISTS = ['\u0000', '\u0001', '\u001b', '\u007f', '\ud800', '\udfff', '\u202e', '\ufeff', '\u2028', '%00', '\\'];

/** A valid text with one such character slipped in: it passes the checks that a blank or long value fails. */
function twisted(value: unknown, twist: string, at: number): unknown {
  if (typeof value !== 'string') return value;
  const index = at % (value.length + 1);
  return value.slice(0, index) + twist + value.slice(index);
}

type Fields = Record<string, fc.Arbitrary<unknown>>;

type Mutation =
  | { kind: 'hostile'; name: string; value: unknown }
  | { kind: 'missing'; name: string }
  | { kind: 'twist'; name: string; twist: string; at: number };

const EXTRA_FIELDS = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('role', 'price', 'total', 'stock', 'userId', '_id', 'constructor'));

/**
 * An object with the endpoint's fields: valid, or valid with one to three mutations (a field
 * hostile, twisted or missing; an unknown field added). Starting from valid requests keeps most of
 * them getting past the first check, down to where a half-done write could hide.
 */
export function mutatedObject(fields: Fields): fc.Arbitrary<Record<string, unknown>> {
  const field = fc.constantFrom(...Object.keys(fields));
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('hostile' as const), name: field, value: hostileValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('twist' as const), name: field, twist: fc.constantFrom(...TWISTS), at: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('missing' as const), name: field }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('hostile' as const), name: EXTRA_FIELDS, value: hostileValue }) },
  );
  const mutations = fc.oneof(fc.constant([]), fc.array(mutation, { minLength: 1, maxLength: 3 }));
  return fc.tuple(fc.record(fields), mutations).map(([valid, changes]) => {
    const object: Record<string, unknown> = { ...valid };
    for (const change of changes) {
      if (change.name === '__proto__') continue;
      if (change.kind === 'missing') delete object[change.name];
      else if (change.kind === 'hostile') object[change.name] = change.value;
      else object[change.name] = twisted(object[change.name], change.twist, change.at);
    }
    return object;
  });
}

/** A list of objects, most of them valid. */
export function mutatedList(fields: Fields, constraints: { minLength?: number; maxLength: number }): fc.Arbitrary<Record<string, unknown>[]> {
  return fc.array(fc.oneof({ weight: 8, arbitrary: fc.record(fields) }, { weight: 1, arbitrary: mutatedObject(fields) }), constraints);
}

const JSON_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  '*/*',
  'garbage;;;=',
];

/** Mostly JSON, but also no header at all or the wrong one. */
const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constantFrom(...JSON_CONTENT_TYPES) },
);

/** Text that is not a JSON object: broken JSON, other JSON values, deep nesting. */
export function notAJsonObject(sample: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string> {
  return fc.oneof(
    // A valid body cut short.
    fc.tuple(sample, fc.nat()).map(([value, cut]) => {
      const text = JSON.stringify(value);
      return text.slice(0, cut % Math.max(text.length, 1));
    }),
    fc.constantFrom(
      '',
      '   ',
      '{',
      '{"a":}',
      "{'single':'quotes'}",
      '{"trailing":1,}',
      'NaN',
      '{"quantity": NaN}',
      '{"quantity": 1e400, "price": -1e400}',
      '\ufeff{}',
      '{"__proto__": {"role": "admin", "isAdmin": true}}',
      '{"constructor": {"prototype": {"polluted": true}}}',
      '{"email": "a@b.co", "email": {"$ne": null}}',
      'null',
      'true',
      '0',
      '"text"',
      '[]',
      '[{}]',
      'email=a%40b.co&password=x',
    ),
    fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? 'null'),
    fc.array(sample, { minLength: 1, maxLength: 3 }).map((values) => JSON.stringify(values)),
    // Nesting deep enough to hurt a recursive parser, small enough to pass the body limit.
    fc.integer({ min: 1_000, max: 40_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
    fc.integer({ min: 1_000, max: 15_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
}

/** A JSON endpoint's body: its object broken in every way, or no object at all. */
export function jsonBody(fields: Fields): fc.Arbitrary<Body> {
  const object = mutatedObject(fields);
  return fc.oneof(
    { weight: 14, arbitrary: fc.record({ kind: fc.constant('json' as const), value: object, contentType }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('text' as const), text: notAJsonObject(object), contentType }) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'oversized' }) },
  );
}

/** Calls that read no body get one anyway now and then. */
export const strayBody: fc.Arbitrary<Body | undefined> = fc.option(jsonBody({ anything: hostileValue }), { freq: 4 });

function safeEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '?')); // a lone surrogate has no UTF-8
  }
}

/** Segments sent raw: bad percent-encodings, traversal, separators. */
const RAW_SEGMENTS = ['%', '%zz', '%00', '%E0%A4%A', '%C0%AF', '..', '%2e%2e', '..%2f..%2fetc%2fpasswd', 'a%2Fb', ';', '%3Fq%3D1', '%23', '+', '%20'];

/** A path parameter: ids that exist (the caller's and other people's), random UUIDs, and junk. */
export function pathSegment(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.constantFrom(...known).map((id) => id.toUpperCase()) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constant('00000000-0000-0000-0000-000000000000') },
    { weight: 2, arbitrary: hostileText.filter((text) => text !== '').map(safeEncode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

/** A query string with the endpoint's parameters, each valid, hostile, repeated or missing, and junk. */
export function queryString(params: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const value = (valid: fc.Arbitrary<string>) =>
    fc.oneof(
      { weight: 8, arbitrary: valid.map((v) => [v]) },
      { weight: 1, arbitrary: hostileText.map((v) => [v]) },
      { weight: 1, arbitrary: fc.tuple(valid, hostileText).map((pair) => [...pair]) },
      { weight: 6, arbitrary: fc.constant([]) },
    );
  const known = fc.record(Object.fromEntries(Object.entries(params).map(([name, valid]) => [name, value(valid)])));
  const extra = fc.array(fc.tuple(fc.string({ maxLength: 10 }), hostileText), { maxLength: 2 });
  const raw = fc.option(fc.constantFrom('%', 'page=%zz', '&&&', '=x', 'q=%E0%A4%A', 'limit=1&limit=2', 'a[b]=1', 'q=%00'), { freq: 6 });
  return fc.tuple(known, extra, raw).map(([values, extras, rawPart]) => {
    const search = new URLSearchParams();
    for (const [name, list] of Object.entries(values)) for (const v of list as string[]) search.append(name, v);
    for (const [name, v] of extras) search.append(name, v);
    const text = [search.toString(), rawPart].filter(Boolean).join('&');
    return text === '' ? '' : `?${text}`;
  });
}

/** Header values must be ByteStrings without CR, LF or NUL (fetch refuses others before sending). */
export function headerSafe(text: string): string {
  return text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '');
}

const ACTOR_WEIGHTS: Record<Access, Partial<Record<ActorKind, number>>> = {
  public: { anonymous: 6, customer: 2, admin: 1, expired: 1, malformed: 1 },
  signedIn: { customer: 8, otherCustomer: 1, admin: 2, anonymous: 1, expired: 1, revoked: 1, unknown: 1, malformed: 1 },
  admin: { admin: 9, customer: 1, anonymous: 1, expired: 1, revoked: 1, unknown: 1, malformed: 1 },
  order: { anonymous: 5, customer: 3, otherCustomer: 1, admin: 1, expired: 1, unknown: 1, malformed: 1 },
};

/** A JWT-looking token signed with a secret the server never had (ours are opaque: it must simply fail). */
const FOREIGN_JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZG1pbiIsInJvbGUiOiJhZG1pbiIsImV4cCI6OTk5OTk5OTk5OX0.c2lnbmVkIHdpdGggYSB3cm9uZyBzZWNyZXQ';

function malformedAuthorization(fixture: FuzzFixture): fc.Arbitrary<string> {
  const token = fixture.customer.token;
  return fc.oneof(
    fc.constantFrom(
      'Bearer',
      'Bearer null',
      'Bearer undefined',
      `Bearer ${FOREIGN_JWT}`,
      `Bearer ${'A'.repeat(300)}`,
      'Basic YWRtaW46YWRtaW4=',
      `Token ${token}`,
      token,
      `Bearer  ${token}`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token},${fixture.admin.token}`,
    ),
    fc.string({ unit: 'binary-ascii', maxLength: 80 }).map((text) => headerSafe(text).trim() || 'Bearer'),
  );
}

/** One of the fixture's callers, with the Authorization header that makes them who they are. */
export function actorOf(fixture: FuzzFixture, kind: 'anonymous' | 'customer' | 'otherCustomer' | 'admin' | 'expired' | 'revoked'): Actor {
  const tokens = {
    customer: fixture.customer.token,
    otherCustomer: fixture.otherCustomer.token,
    admin: fixture.admin.token,
    expired: fixture.expiredToken,
    revoked: fixture.revokedToken,
  };
  return kind === 'anonymous' ? { kind } : { kind, authorization: `Bearer ${tokens[kind]}` };
}

/** Callers in the proportions the access level calls for: mostly those who may, also everyone who may not. */
export function actors(fixture: FuzzFixture, access: Access): fc.Arbitrary<Actor> {
  const byKind: Record<ActorKind, fc.Arbitrary<Actor>> = {
    anonymous: fc.constant(actorOf(fixture, 'anonymous')),
    customer: fc.constant(actorOf(fixture, 'customer')),
    otherCustomer: fc.constant(actorOf(fixture, 'otherCustomer')),
    admin: fc.constant(actorOf(fixture, 'admin')),
    expired: fc.constant(actorOf(fixture, 'expired')),
    revoked: fc.constant(actorOf(fixture, 'revoked')),
    // 32 random bytes in base64url, the shape of a real token.
    unknown: fc
      .uint8Array({ minLength: 32, maxLength: 32 })
      .map((bytes) => ({ kind: 'unknown', authorization: `Bearer ${Buffer.from(bytes).toString('base64url')}` })),
    malformed: malformedAuthorization(fixture).map((authorization) => ({ kind: 'malformed', authorization })),
  };
  const weights = ACTOR_WEIGHTS[access];
  return fc.oneof(...Object.entries(weights).map(([kind, weight]) => ({ weight: weight as number, arbitrary: byKind[kind as ActorKind] })));
}

/** X-Order-Token: the guest's own, another guest's, a bearer token, junk, or none. */
export function orderTokenHeader(fixture: FuzzFixture): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    { weight: 3, arbitrary: fc.constant({ 'X-Order-Token': fixture.guestOrder.orderToken }) },
    { weight: 1, arbitrary: fc.constant({ 'X-Order-Token': fixture.paidGuestOrder.orderToken }) },
    { weight: 1, arbitrary: fc.constant({ 'X-Order-Token': ` ${fixture.guestOrder.orderToken} ` }) },
    { weight: 1, arbitrary: fc.constant({ 'X-Order-Token': fixture.customer.token }) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fc.constantFrom('', 'null', 'x'.repeat(500), `${fixture.guestOrder.orderToken}x`), fc.string({ unit: 'binary-ascii', maxLength: 60 }))
        .map((token) => ({ 'X-Order-Token': headerSafe(token) })),
    },
  );
}

/** Idempotency-Key: none, fresh, reused, blank, too short or long, with characters it may not have. */
export function idempotencyKeyHeader(fixture: FuzzFixture): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    { weight: 2, arbitrary: fc.uuid().map((key) => ({ 'Idempotency-Key': key })) },
    { weight: 1, arbitrary: fc.constant({ 'Idempotency-Key': fixture.usedIdempotencyKey }) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom('', '   ', 'short', 'k'.repeat(201), 'has space in it', 'ünïcödé-key', '../../key'),
          fc.string({ unit: 'binary-ascii', maxLength: 220 }),
        )
        .map((key) => ({ 'Idempotency-Key': headerSafe(key) })),
    },
  );
}

/** A file part for multipart bodies. */
export function filePart(name: fc.Arbitrary<string>): fc.Arbitrary<FormPart> {
  return fc.record({
    name,
    // Mostly real images; the rest claim to be and are not (cut short, scrambled, a pixel bomb, script).
    file: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom<SampleFile>('png', 'jpeg') },
      { weight: 1, arbitrary: fc.constantFrom<SampleFile>('truncatedPng', 'corruptPng', 'hugePng', 'svg', 'text', 'empty', 'noise') },
    ),
    filename: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom('photo.png', 'photo.jpg') },
      { weight: 1, arbitrary: fc.constantFrom('', '../../evil.png', 'x.svg', `${'n'.repeat(300)}.png`) },
    ),
  });
}

/** Text parts from an object's fields (a repeated field for an array), in a multipart or url-encoded form. */
export function formBody(fields: Fields, files: fc.Arbitrary<FormPart[]> = fc.constant([])): fc.Arbitrary<Body> {
  return fc
    .tuple(
      mutatedObject(fields),
      files,
      fc.oneof({ weight: 5, arbitrary: fc.constant('multipart' as const) }, { weight: 1, arbitrary: fc.constant('urlencoded' as const) }),
    )
    .map(([object, fileParts, encoding]) => {
      const parts: FormPart[] = [];
      for (const [name, value] of Object.entries(object)) {
        for (const item of Array.isArray(value) ? value : [value]) {
          parts.push({ name, value: typeof item === 'string' ? item : (JSON.stringify(item) ?? '') });
        }
      }
      return { kind: 'form', parts: [...parts, ...fileParts], encoding };
    });
}

/* ---------------------------------------------------------------------------------------------
 * Sample files
 * ------------------------------------------------------------------------------------------- */

let samples: Record<SampleFile, Uint8Array> | undefined;

/** A PNG whose header claims 100,000 × 100,000 pixels (with a correct checksum): a decompression bomb. */
function withHugeDimensions(png: Buffer): Buffer {
  const bytes = Buffer.from(png);
  // Signature (8), IHDR length (4) and type (4), then width and height.
  bytes.writeUInt32BE(100_000, 16);
  bytes.writeUInt32BE(100_000, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

export async function loadSampleFiles(): Promise<void> {
  const image = sharp({ create: { width: 48, height: 32, channels: 3, background: '#c8a165' } });
  const png = await image.clone().png().toBuffer();
  const jpeg = await image.clone().jpeg().toBuffer();
  const corrupt = Buffer.from(png);
  // Keep the signature and header; scramble the pixel data.
  for (let i = 40; i < corrupt.length - 12; i++) corrupt[i] = (corrupt[i] as number) ^ 0x5a;
  samples = {
    png,
    jpeg,
    truncatedPng: png.subarray(0, png.length - 30),
    corruptPng: corrupt,
    hugePng: withHugeDimensions(png),
    svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
    text: Buffer.from('just some text, not an image'),
    empty: new Uint8Array(0),
    noise: Uint8Array.from({ length: 2048 }, (_, i) => (i * 7919) % 251),
  };
}

function sampleFile(name: SampleFile): Uint8Array {
  if (!samples) throw new Error('loadSampleFiles() first');
  return samples[name];
}

/* ---------------------------------------------------------------------------------------------
 * Sending and checking
 * ------------------------------------------------------------------------------------------- */

const encoder = new TextEncoder();

function toOptions(request: FuzzRequest): RequestOptions {
  const headers: Record<string, string> = { ...request.headers };
  if (request.actor.authorization !== undefined) headers.authorization = request.actor.authorization;
  const body = request.body;
  if (!body) return { headers };
  const withType = (text: string, type: string | undefined): RequestOptions =>
    // Bytes carry no Content-Type; a string would be sent as text/plain.
    type === undefined ? { headers, rawBody: encoder.encode(text) } : { headers: { ...headers, 'content-type': type }, rawBody: text };
  switch (body.kind) {
    case 'json':
      return withType(JSON.stringify(body.value), body.contentType);
    case 'text':
      return withType(body.text, body.contentType);
    case 'oversized':
      return withType(JSON.stringify({ message: 'x'.repeat(BODY_LIMIT + 1) }), 'application/json');
    case 'form': {
      if (body.encoding === 'urlencoded') {
        const form = new URLSearchParams();
        for (const part of body.parts) form.append(part.name, 'value' in part ? part.value : part.filename);
        return { headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, rawBody: form.toString() };
      }
      const form = new FormData();
      for (const part of body.parts) {
        if ('value' in part) form.append(part.name, part.value);
        else form.append(part.name, new Blob([sampleFile(part.file) as Uint8Array<ArrayBuffer>]), part.filename);
      }
      return { headers, form };
    }
  }
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

export async function send(api: TestApi, request: FuzzRequest): Promise<Answer> {
  const res = await api.request(request.method, request.path, toOptions(request));
  const bytes = Buffer.from(await res.arrayBuffer());
  // As a browser would: the client asked for gzip or Brotli now and then.
  const encoding = res.headers.get('content-encoding');
  const body = encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'br' ? brotliDecompressSync(bytes) : bytes;
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: body.toString('utf8') };
}

/** A short description for failure messages (the full request is in fast-check's counterexample). */
export function describeRequest(request: FuzzRequest): string {
  const path = request.path.length > 120 ? `${request.path.slice(0, 120)}…` : request.path;
  return `${request.method} ${path} as ${request.actor.kind}`;
}

/** What a stack trace or a framework's error page looks like. */
const LEAK = /\bat [\w.<>]+ \(|node_modules|\/src\/server\/|\.ts:\d+|<!doctype|<html|Traceback|syntax error at or near|violates .* constraint/i;

/** The answer's shape: no 5xx, refusals as JSON `{ message, errors? }` with nothing leaked. */
export function checkAnswer(request: FuzzRequest, answer: Answer): void {
  const what = `${describeRequest(request)} answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  expect(answer.status, what).toBeLessThan(500);
  const refused = answer.status >= 400;
  // The sandbox payment page is HTML for a browser, by design (its "not found" too); it still must not leak.
  if (request.path.startsWith('/pay/') && answer.contentType.startsWith('text/html')) {
    if (refused) expect(answer.text.replace(/<!doctype html>|<html lang="en">/gi, ''), what).not.toMatch(LEAK);
    return;
  }
  if (refused) expect(answer.text, what).not.toMatch(LEAK);
  if (request.method === 'HEAD' || answer.status === 204 || (answer.status >= 300 && answer.status < 400)) return;
  // The admin's CSV downloads are CSV when they succeed.
  if (!refused && /^\/api\/export\w+\.csv(\?|$)/.test(request.path)) {
    expect(answer.contentType, what).toBe('text/csv; charset=utf-8');
    expect(answer.text.startsWith('\uFEFF'), what).toBe(true);
    return;
  }
  if (refused || request.path.startsWith('/api/')) {
    expect(answer.contentType, what).toMatch(/^application\/json/);
    expect(() => JSON.parse(answer.text), what).not.toThrow();
  }
  if (!refused) return;
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  // `delivery` only on the 409 of an order whose delivery changed: the options as they are now.
  expect(
    Object.keys(body).filter((key) => key !== 'message' && key !== 'errors' && !(key === 'delivery' && answer.status === 409)),
    what,
  ).toEqual([]);
  expect(typeof body.message === 'string' && body.message.trim() !== '', what).toBe(true);
  if (body.errors !== undefined) {
    expect(Array.isArray(body.errors), what).toBe(true);
    for (const issue of body.errors as { path?: unknown; message?: unknown }[]) {
      expect(Array.isArray(issue.path) && typeof issue.message === 'string' && issue.message !== '', what).toBe(true);
    }
  }
}

const REFUSED_CREDENTIALS: ActorKind[] = ['expired', 'revoked', 'unknown', 'malformed'];

/** Whether the path still leads to the route once the URL is normalised (`/x/..` is `/`). */
function reachesRoute(route: string, path: string): boolean {
  const pattern = new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+').replace('*', '.*')}$`);
  return pattern.test(new URL(path, 'http://shop.test').pathname);
}

/** Roles and ownership: a request without the right sign-in never succeeds. */
export function checkAccess(endpoint: FuzzEndpoint, request: FuzzRequest, answer: Answer, fixture: FuzzFixture): void {
  if (!reachesRoute(endpoint.route, request.path)) return;
  const what = `${describeRequest(request)} answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  const { kind } = request.actor;
  // The body limit is checked before anything else.
  const tooLarge = answer.status === 413;
  if (endpoint.access === 'admin' && kind !== 'admin' && !tooLarge) {
    expect(answer.status, what).toBe(kind === 'customer' || kind === 'otherCustomer' ? 403 : 401);
  }
  if (endpoint.access === 'signedIn' && (kind === 'anonymous' || REFUSED_CREDENTIALS.includes(kind)) && !tooLarge) {
    expect(answer.status, what).toBe(401);
  }
  if (endpoint.access === 'order' && REFUSED_CREDENTIALS.includes(kind)) {
    // initializePayment reads its body before the caller, so a broken body may be heard first.
    expect([400, 401, 413], what).toContain(answer.status);
  }
  if (endpoint.mustRefuse?.(request, fixture)) {
    expect(answer.status, `${what} (someone else's)`).toBeGreaterThanOrEqual(400);
  }
}

/* ---------------------------------------------------------------------------------------------
 * The database before and after
 * ------------------------------------------------------------------------------------------- */

/**
 * Rows and a hash of the contents of every table, and the total stock: any write (a half-written
 * order, a stock change, a session, a timestamp) shows. Rate-limit counters are left out: counting
 * refused attempts (wrong passwords) is what they are for.
 */
const FINGERPRINT_SQL = [
  ...APP_TABLES.filter((table) => table !== 'rate_limits').map(
    (table) =>
      `select '${table}' as name, count(*)::text || ' rows ' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as value from "${table}" t`,
  ),
  `select 'products.stock' as name, coalesce(sum(stock), 0)::text as value from products`,
].join(' union all ');

export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const result = (await db.execute(sql.raw(FINGERPRINT_SQL))) as unknown as { rows: { name: string; value: string }[] };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.value]));
}

/* ---------------------------------------------------------------------------------------------
 * Running and counting
 * ------------------------------------------------------------------------------------------- */

const formatHistogram = (counts: Map<number, number>) =>
  [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');

export class FuzzStats {
  private started: number | undefined;
  private readonly endpoints = new Set<string>();
  private readonly statuses = new Map<number, number>();
  /** Per endpoint, for FUZZ_VERBOSE=1: how often each status came back (are valid requests getting through?). */
  private readonly byEndpoint = new Map<string, Map<number, number>>();
  requests = 0;
  refused = 0;

  constructor(private readonly name: string) {}

  record(endpoint: FuzzEndpoint, status: number): void {
    this.started ??= performance.now();
    this.endpoints.add(endpointKey(endpoint));
    this.requests += 1;
    if (status >= 400) this.refused += 1;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    const counts = this.byEndpoint.get(endpointKey(endpoint)) ?? new Map<number, number>();
    counts.set(status, (counts.get(status) ?? 0) + 1);
    this.byEndpoint.set(endpointKey(endpoint), counts);
  }

  summary(): string {
    const histogram = formatHistogram(this.statuses);
    const details = VERBOSE ? [...this.byEndpoint].map(([key, counts]) => `\n  ${key}: ${formatHistogram(counts)}`).join('') : '';
    const seconds = ((performance.now() - (this.started ?? performance.now())) / 1000).toFixed(1);
    return `[fuzz ${this.name}] ${this.endpoints.size} endpoints, ${this.requests} requests, ${this.refused} refused, in ${seconds} s (FUZZ_SEED=${FUZZ_SEED}, FUZZ_RUNS=${FUZZ_RUNS}); statuses ${histogram}${details}`;
  }
}

/** Fuzzes one endpoint against a fresh fixture: every answer checked, the database compared after each refusal. */
export async function fuzzEndpoint(api: TestApi, stats: FuzzStats, endpoint: FuzzEndpoint, fixture: FuzzFixture): Promise<void> {
  const requests = endpoint.requests(fixture).map((parts): FuzzRequest => ({ method: endpoint.method, ...parts }));
  let before = await databaseFingerprint(api.db);
  const property = fc.asyncProperty(requests, async (request) => {
    const answer = await send(api, request);
    const after = await databaseFingerprint(api.db);
    // Taken before any check can throw, so the next run (or a shrink) compares against the truth.
    const unchanged = before;
    before = after;
    stats.record(endpoint, answer.status);
    checkAnswer(request, answer);
    checkAccess(endpoint, request, answer, fixture);
    if (answer.status >= 400) {
      expect(after, `${describeRequest(request)} was refused (${answer.status}: ${answer.text.slice(0, 200)}) but changed the database`).toEqual(unchanged);
    }
  });
  await fc.assert(property, { seed: FUZZ_SEED, numRuns: endpoint.numRuns ?? FUZZ_RUNS, endOnFailure: !SHRINK, includeErrorInReport: true });
}

/**
 * A test file's fuzzing: one test per endpoint, each on a fixture built afresh (after setupTestApi's
 * own beforeEach has emptied the tables), and the file's summary line at the end.
 */
export function describeFuzzing(options: {
  title: string;
  /** The summary line's name. */
  name: string;
  api: TestApi;
  endpoints: readonly FuzzEndpoint[];
  buildFixture: () => Promise<FuzzFixture>;
}): void {
  const stats = new FuzzStats(options.name);
  let fixture: FuzzFixture;
  beforeEach(async () => {
    fixture = await options.buildFixture();
  });
  afterAll(() => {
    console.log(stats.summary());
  });
  describe(options.title, () => {
    for (const endpoint of options.endpoints) {
      it(endpointKey(endpoint), () => fuzzEndpoint(options.api, stats, endpoint, fixture), FUZZ_TEST_TIMEOUT);
    }
  });
}
