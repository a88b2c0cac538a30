/**
 * Stand-in product photos for the demo catalogue, drawn as SVG at seed time so a fresh shop looks
 * real without downloads or bundled image files. Output is deterministic: all variation comes from
 * the spec and a hash of the product name (never Math.random), so re-seeding gives identical images.
 * Only plain SVG 1.1 that librsvg (sharp) renders is used.
 */

import { seededRandom } from '@/shared/random';

export type ArtKind = 'jar' | 'tin' | 'bottle' | 'pump' | 'dropper' | 'tube' | 'soap' | 'bar' | 'pouch' | 'giftbox';
export type ArtView = 'front' | 'closeup' | 'flatlay' | 'texture';
export type ArtMotif =
  | 'leaves'
  | 'shea'
  | 'coconut'
  | 'hibiscus'
  | 'drops'
  | 'chebe'
  | 'lemongrass'
  | 'prekese'
  | 'cocoa'
  | 'moringa'
  | 'neem'
  | 'coffee'
  | 'turmeric'
  | 'charcoal'
  | 'baobab'
  | 'kernels'
  | 'flowers';
export type ArtTexture = 'whipped' | 'butter' | 'oil' | 'lather' | 'powder' | 'gel' | 'scrub' | 'soap';

/** A mini product inside an open gift box; colours default to that kind's usual finish. */
export interface ArtItem {
  kind: ArtKind;
  label: string;
  body?: string;
  cap?: string;
}

export interface ArtSpec {
  kind: ArtKind;
  /** front: studio shot; closeup: label detail; flatlay: top-down styled; texture: the product itself. */
  view: ArtView;
  /** Backdrop gradient, top then bottom (hex colours). */
  background: readonly [string, string];
  /** Container colour: glass, plastic, kraft paper, soap or box. */
  body: string;
  /** Lid, cap, pump or ribbon colour; defaults to a darker body tone. */
  cap?: string;
  /** Label paper colour. */
  label: string;
  /** Label text colour; defaults to dark or light, whichever reads on the label. */
  ink?: string;
  /** Rules, variant line and small details on the label. */
  accent?: string;
  /** What is inside (butter, oil, soap, powder): used by open and texture views. */
  contents?: string;
  /** How the contents look in the texture view; defaults from the kind. */
  texture?: ArtTexture;
  /** Ingredient props styled around the product. */
  motif?: ArtMotif;
  /** Small print on the label, e.g. '250 g'. */
  caption?: string;
  /** Shorter label title when the product name is long. */
  labelText?: string;
  /** Gift boxes: the mini products shown when the box is open (texture view). */
  items?: readonly ArtItem[];
}

const SIZE = 1200;
const FONT = 'DejaVu Sans, sans-serif';
const BRAND = 'NKUTO NATURALS';

// ---------------------------------------------------------------- utilities

type Rand = () => number;
type Pt = readonly [number, number];

/** FNV-1a: a stable seed from the product name and view. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const between = (r: Rand, a: number, b: number): number => a + (b - a) * r();
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
function pick<T>(r: Rand, list: readonly T[]): T {
  return list[Math.floor(r() * list.length) % list.length] as T;
}
/** Compact number formatting keeps the SVG small. */
const n = (v: number): string => (Number.isInteger(v) ? String(v) : v.toFixed(1));

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

// ---------------------------------------------------------------- colour

function rgbOf(hex: string): [number, number, number] {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  const v = Number.parseInt(h, 16);
  // Anything malformed becomes neutral grey rather than broken markup.
  if (!/^[0-9a-fA-F]{6}$/.test(h) || Number.isNaN(v)) return [128, 128, 128];
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function mix(a: string, b: string, t: number): string {
  const x = rgbOf(a);
  const y = rgbOf(b);
  const c = x.map((v, i) => Math.round(v + ((y[i] as number) - v) * t));
  return `#${c.map((v) => clamp(v, 0, 255).toString(16).padStart(2, '0')).join('')}`;
}
const shade = (c: string, t: number): string => mix(c, '#000000', t);
const tint = (c: string, t: number): string => mix(c, '#ffffff', t);
function lum(c: string): number {
  const [r, g, b] = rgbOf(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

// ---------------------------------------------------------------- defs (gradients, filters, clips)

type Stop = readonly [offset: number, color: string, opacity?: number];

/** Collects <defs>, de-duplicated by content so repeated shapes share one gradient. */
class Defs {
  private readonly items: string[] = [];
  private readonly ids = new Map<string, string>();

  add(key: string, make: (id: string) => string): string {
    let id = this.ids.get(key);
    if (!id) {
      id = `d${this.ids.size}`;
      this.ids.set(key, id);
      this.items.push(make(id));
    }
    return id;
  }

  toString(): string {
    return `<defs>${this.items.join('')}</defs>`;
  }
}

const stopsXml = (stops: readonly Stop[]): string =>
  stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${mix(c, c, 0)}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`).join('');

function lin(d: Defs, stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  const key = `L${x1},${y1},${x2},${y2}|${JSON.stringify(stops)}`;
  return `url(#${d.add(key, (id) => `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsXml(stops)}</linearGradient>`)})`;
}

function rad(d: Defs, stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
  const key = `R${cx},${cy},${r},${fx},${fy}|${JSON.stringify(stops)}`;
  return `url(#${d.add(key, (id) => `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stopsXml(stops)}</radialGradient>`)})`;
}

/** A soft elliptical shadow; a radial fade is far cheaper to render than feGaussianBlur. */
function softEllipse(d: Defs, cx: number, cy: number, rx: number, ry: number, opacity: number): string {
  const fill = rad(d, [
    [0, '#000000', opacity],
    [0.55, '#000000', opacity * 0.7],
    [1, '#000000', 0],
  ]);
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"/>`;
}

/** A soft rectangular shadow from stacked translucent rounded rects (no filters, so it renders fast). */
function softRect(x: number, y: number, w: number, h: number, rx: number, opacity: number, spread: number): string {
  let out = '';
  const steps = 5;
  for (let i = steps; i >= 1; i--) {
    const e = (spread * i) / steps;
    out += `<rect x="${n(x - e)}" y="${n(y - e)}" width="${n(w + e * 2)}" height="${n(h + e * 2)}" rx="${n(rx + e)}" fill="#000000" fill-opacity="${(opacity / steps).toFixed(3)}"/>`;
  }
  return out;
}

function clip(d: Defs, shape: string): string {
  return `url(#${d.add(`C${shape}`, (id) => `<clipPath id="${id}">${shape}</clipPath>`)})`;
}

/** Horizontal shading that makes a flat shape read as a lit cylinder (light from the left). */
function cylFill(d: Defs, c: string): string {
  return lin(
    d,
    [
      [0, shade(c, 0.4)],
      [0.07, shade(c, 0.12)],
      [0.22, tint(c, 0.22)],
      [0.34, tint(c, 0.08)],
      [0.62, c],
      [0.88, shade(c, 0.2)],
      [1, shade(c, 0.45)],
    ],
    0,
    0,
    1,
    0,
  );
}

/** A soft vertical sheen strip: the studio-light reflection on glossy containers. */
function sheen(d: Defs, x: number, y: number, w: number, h: number, strength = 0.5): string {
  const fill = lin(d, [
    [0, '#ffffff', 0],
    [0.2, '#ffffff', strength],
    [0.75, '#ffffff', strength * 0.6],
    [1, '#ffffff', 0],
  ]);
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(w / 2)}" fill="${fill}"/>`;
}

/** Full-frame diagonal fill from light (top left) to dark (bottom right). */
function wash(d: Defs, light: string, dark: string): string {
  return `<rect width="${SIZE}" height="${SIZE}" fill="${lin(
    d,
    [
      [0, light],
      [0.5, mix(light, dark, 0.45)],
      [1, dark],
    ],
    0,
    0,
    1,
    1,
  )}"/>`;
}

/** Side of a cylinder; (x, yTop) is the top-left, the bottom bulges down by ry below yBot. */
function cylSide(x: number, w: number, yTop: number, yBot: number, ry: number, fill: string, extra = ''): string {
  return `<path d="M${n(x)},${n(yTop)} V${n(yBot)} A${n(w / 2)} ${n(ry)} 0 0 0 ${n(x + w)},${n(yBot)} V${n(yTop)} Z" fill="${fill}"${extra}/>`;
}

/** Closed Catmull-Rom curve through the points: organic shapes (soap lumps, nuts, chunks). */
function smoothClosed(pts: readonly Pt[]): string {
  const m = pts.length;
  const at = (i: number): Pt => pts[((i % m) + m) % m] as Pt;
  const p = at(0);
  let out = `M${n(p[0])},${n(p[1])}`;
  for (let i = 0; i < m; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    out += ` C${n(c1x)},${n(c1y)} ${n(c2x)},${n(c2y)} ${n(p2[0])},${n(p2[1])}`;
  }
  return `${out}Z`;
}

/** An irregular rounded blob centred on the origin. */
function blobPath(r: Rand, rx: number, ry: number, count: number, jitter: number, flatBottom = 1): string {
  const pts: Pt[] = [];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + between(r, -0.15, 0.15);
    const k = 1 + between(r, -jitter, jitter);
    const s = Math.sin(a);
    pts.push([Math.cos(a) * rx * k, s * ry * k * (s > 0 ? flatBottom : 1)]);
  }
  return smoothClosed(pts);
}

const g = (body: string, x = 0, y = 0, rot = 0, s = 1): string => {
  const t: string[] = [];
  if (x || y) t.push(`translate(${n(x)} ${n(y)})`);
  if (rot) t.push(`rotate(${n(rot)})`);
  if (s !== 1) t.push(`scale(${s.toFixed(3)})`);
  return t.length ? `<g transform="${t.join(' ')}">${body}</g>` : `<g>${body}</g>`;
};

// ---------------------------------------------------------------- text

/** Rough DejaVu Sans advance widths in em, good enough to fit text inside a label. */
function textEm(s: string, bold = true): number {
  let w = 0;
  for (const ch of s) {
    if (ch === ' ') w += 0.34;
    else if ("ijlI.,:;!|'".includes(ch)) w += 0.36;
    else if ('frt()-'.includes(ch)) w += 0.5;
    else if ('mwMW'.includes(ch)) w += 1.02;
    else if (ch >= 'A' && ch <= 'Z') w += 0.77;
    else if (ch === '&') w += 0.88;
    else if (ch === '…') w += 1.0;
    else w += 0.67;
  }
  return bold ? w : w * 0.92;
}

interface Fit {
  lines: string[];
  fs: number;
}

/** Splits words into 1..maxLines lines, choosing the split that allows the largest font size. */
function fitLines(text: string, maxW: number, maxH: number, maxLines: number, maxFs: number, gap = 1.14, bold = true): Fit {
  const words = text.split(/\s+/).filter(Boolean);
  let best: Fit = { lines: [text], fs: 0 };
  const tryLines = (lines: string[]): void => {
    const em = Math.max(...lines.map((l) => textEm(l, bold)));
    const fs = Math.min(maxFs, maxW / em, maxH / (lines.length * gap));
    // Prefer fewer lines unless more lines make the text clearly bigger.
    if (fs > best.fs * 1.06 || (best.lines.length > lines.length && fs >= best.fs * 0.94)) best = { lines, fs };
  };
  const rec = (start: number, left: number, acc: string[]): void => {
    if (left === 1) {
      tryLines([...acc, words.slice(start).join(' ')]);
      return;
    }
    for (let i = start + 1; i <= words.length - left + 1; i++) rec(i, left - 1, [...acc, words.slice(start, i).join(' ')]);
  };
  for (let k = 1; k <= Math.min(maxLines, words.length); k++) rec(0, k, []);
  return best;
}

interface TextOpts {
  weight?: 'bold' | 'normal';
  spacing?: number;
  opacity?: number;
  italic?: boolean;
}

function textEl(x: number, y: number, s: string, fs: number, fill: string, o: TextOpts = {}): string {
  const attrs = [
    `x="${n(x)}"`,
    `y="${n(y)}"`,
    `font-family="${FONT}"`,
    `font-size="${n(fs)}"`,
    `fill="${fill}"`,
    'text-anchor="middle"',
    o.weight === 'bold' ? 'font-weight="bold"' : '',
    o.italic ? 'font-style="italic"' : '',
    o.spacing ? `letter-spacing="${n(o.spacing)}"` : '',
    o.opacity !== undefined ? `fill-opacity="${o.opacity}"` : '',
  ].filter(Boolean);
  return `<text ${attrs.join(' ')}>${escapeXml(s)}</text>`;
}

interface LabelText {
  title: string;
  sub?: string;
}

/** Label wording: drops sizes in brackets and splits "Name – Variant" into title and variant line. */
/** Cuts at a word boundary so very long names stay readable on a small label. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.5 ? cut.slice(0, space) : cut).replace(/[\s,&–-]+$/, '')}…`;
}

function labelTextFor(spec: ArtSpec, name: string): LabelText {
  const base =
    (spec.labelText ?? name)
      .replace(/\s*\([^)]*\)/g, '')
      .replace(/\s+/g, ' ')
      .trim() || 'Nkuto Naturals';
  const [title = base, ...rest] = base.split(/\s+[–—-]\s+/);
  const sub = shorten(rest.join(' ').trim(), 28);
  return sub ? { title: shorten(title, 40), sub } : { title: shorten(title, 40) };
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface LabelOpts {
  brand?: boolean;
  caption?: boolean;
  maxLines?: number;
  maxFs?: number;
}

function inkFor(spec: ArtSpec): string {
  return spec.ink ?? (lum(spec.label) > 0.55 ? '#3a2819' : '#fbf3e4');
}
function accentFor(spec: ArtSpec): string {
  return spec.accent ?? mix(inkFor(spec), spec.body, 0.4);
}

/** The printed part of a label (brand, rule, title, variant, caption) laid out inside a box. */
function labelContent(spec: ArtSpec, t: LabelText, b: Box, o: LabelOpts = {}): string {
  const ink = inkFor(spec);
  const accent = accentFor(spec);
  const pad = Math.min(b.w, b.h) * 0.08;
  const cx = b.x + b.w / 2;
  const innerW = b.w - pad * 2.2;
  const small = clamp(b.h * 0.075, 8, 24);
  let top = b.y + pad;
  let bottom = b.y + b.h - pad;
  const out: string[] = [];
  if ((o.brand ?? true) && b.h >= 100) {
    const bfs = Math.min(small, innerW / 13.2);
    out.push(textEl(cx, top + bfs * 0.85, BRAND, bfs, ink, { weight: 'bold', spacing: bfs * 0.2, opacity: 0.85 }));
    const ry = top + bfs * 1.9;
    const rw = Math.min(innerW * 0.3, 110);
    out.push(
      `<path d="M${n(cx - rw)},${n(ry)} H${n(cx - bfs * 0.7)} M${n(cx + bfs * 0.7)},${n(ry)} H${n(cx + rw)}" stroke="${accent}" stroke-width="${n(Math.max(1.2, bfs * 0.12))}" stroke-linecap="round"/>`,
      `<path d="M${n(cx)},${n(ry - bfs * 0.42)} L${n(cx + bfs * 0.3)},${n(ry)} L${n(cx)},${n(ry + bfs * 0.42)} L${n(cx - bfs * 0.3)},${n(ry)} Z" fill="${accent}"/>`,
    );
    top = ry + bfs * 0.8;
  }
  if ((o.caption ?? true) && spec.caption && b.h >= 120) {
    const cfs = Math.min(small * 0.95, innerW / Math.max(4, textEm(spec.caption, false)));
    out.push(textEl(cx, bottom - cfs * 0.1, spec.caption, cfs, ink, { opacity: 0.78, spacing: cfs * 0.06 }));
    bottom -= cfs * 1.45;
  }
  const availH = Math.max(10, bottom - top);
  const maxFs = o.maxFs ?? Math.min(b.h * 0.26, 92);
  const title = fitLines(t.title, innerW, availH * (t.sub ? 0.74 : 1), o.maxLines ?? 3, maxFs);
  const sub = t.sub ? fitLines(t.sub, innerW, availH * 0.24, 2, title.fs * 0.6, 1.15, false) : undefined;
  const titleH = title.lines.length * title.fs * 1.14;
  const subH = sub ? sub.fs * 0.45 + sub.lines.length * sub.fs * 1.15 : 0;
  let y = top + (availH - titleH - subH) / 2;
  for (const line of title.lines) {
    out.push(textEl(cx, y + title.fs * 0.88, line, title.fs, ink, { weight: 'bold' }));
    y += title.fs * 1.14;
  }
  if (sub) {
    y += sub.fs * 0.45;
    for (const line of sub.lines) {
      out.push(textEl(cx, y + sub.fs * 0.86, line, sub.fs, accent, { italic: true }));
      y += sub.fs * 1.15;
    }
  }
  return out.join('');
}

/** Paper gradient plus a thin inset border so labels look printed rather than flat. */
function paperFill(d: Defs, c: string): string {
  return lin(d, [
    [0, tint(c, 0.08)],
    [1, shade(c, 0.05)],
  ]);
}

/** Darkens label edges on round containers so the label wraps around them. */
function wrapShade(d: Defs): string {
  return lin(
    d,
    [
      [0, '#000000', 0.32],
      [0.16, '#000000', 0.06],
      [0.3, '#ffffff', 0.14],
      [0.45, '#000000', 0],
      [0.85, '#000000', 0.1],
      [1, '#000000', 0.36],
    ],
    0,
    0,
    1,
    0,
  );
}

/** A label wrapped round a cylinder: its top and bottom edges follow the ellipse. */
function wrapLabel(d: Defs, spec: ArtSpec, t: LabelText, x: number, w: number, yTop: number, yBot: number, ry: number, o: LabelOpts = {}): string {
  const shape = `M${n(x)},${n(yTop)} A${n(w / 2)} ${n(ry)} 0 0 0 ${n(x + w)},${n(yTop)} V${n(yBot)} A${n(w / 2)} ${n(ry)} 0 0 1 ${n(x)},${n(yBot)} Z`;
  const accent = accentFor(spec);
  const border = `M${n(x + w * 0.1)},${n(yTop + ry + 10)} V${n(yBot + ry - 10)} M${n(x + w * 0.9)},${n(yTop + ry + 10)} V${n(yBot + ry - 10)}`;
  return [
    `<path d="${shape}" fill="${paperFill(d, spec.label)}"/>`,
    `<path d="${border}" stroke="${accent}" stroke-width="2" stroke-opacity="0.45"/>`,
    labelContent(spec, t, { x: x + w * 0.12, y: yTop + ry * 0.9, w: w * 0.76, h: yBot - yTop + ry * 0.2 }, o),
    `<path d="${shape}" fill="${wrapShade(d)}"/>`,
  ].join('');
}

/** A flat label card with rounded corners and an inset border. */
function cardLabel(d: Defs, spec: ArtSpec, t: LabelText, b: Box, rx: number, o: LabelOpts = {}): string {
  const inset = Math.max(5, Math.min(b.w, b.h) * 0.045);
  return [
    `<rect x="${n(b.x)}" y="${n(b.y)}" width="${n(b.w)}" height="${n(b.h)}" rx="${n(rx)}" fill="${paperFill(d, spec.label)}"/>`,
    `<rect x="${n(b.x + inset)}" y="${n(b.y + inset)}" width="${n(b.w - inset * 2)}" height="${n(b.h - inset * 2)}" rx="${n(Math.max(2, rx - inset))}" fill="none" stroke="${accentFor(spec)}" stroke-width="${n(Math.max(1.2, inset * 0.25))}" stroke-opacity="0.55"/>`,
    labelContent(spec, t, { x: b.x + inset, y: b.y + inset * 0.6, w: b.w - inset * 2, h: b.h - inset * 1.2 }, o),
  ].join('');
}

// ---------------------------------------------------------------- containers

/** A container drawn with its bottom centre at the origin; focus is the label, for close-ups. */
interface Drawn {
  svg: string;
  w: number;
  h: number;
  focus: { x: number; y: number; w: number };
}

type Drawer = (d: Defs, spec: ArtSpec, t: LabelText, r: Rand) => Drawn;

const capOf = (spec: ArtSpec): string => spec.cap ?? shade(spec.body, 0.35);

/** Vertical ridges on a screw cap, bunched towards the edges as on a real cylinder. */
function ridges(cx: number, rx: number, y1: number, y2: number, color: string, count = 24): string {
  let p = '';
  for (let k = -count; k <= count; k++) {
    const x = cx + rx * Math.sin(((k / count) * Math.PI) / 2) * 0.97;
    p += `M${n(x)},${n(y1)} V${n(y2)}`;
  }
  return `<path d="${p}" stroke="${color}" stroke-width="2" stroke-opacity="0.35"/>`;
}

const drawJar: Drawer = (d, spec, t) => {
  const W = 460;
  const H = 300;
  const ry = 26;
  const cap = capOf(spec);
  const lidTop = -H - 112;
  const lidBot = -H + 16;
  const R = W / 2 + 12;
  const svg = [
    cylSide(-W / 2, W, -H, -ry, ry, cylFill(d, spec.body)),
    // Darker base ring: the thick glass bottom of a jar.
    `<path d="M${-W / 2},${-ry - 22} A${W / 2} ${ry} 0 0 0 ${W / 2},${-ry - 22} V${-ry} A${W / 2} ${ry} 0 0 1 ${-W / 2},${-ry} Z" fill="#000000" fill-opacity="0.12"/>`,
    wrapLabel(d, spec, t, -W / 2, W, -H + 46, -ry - 34, ry),
    sheen(d, -W / 2 + 40, -H + 30, 20, H - 70, 0.45),
    cylSide(-R, R * 2, lidTop, lidBot, ry, cylFill(d, cap)),
    ridges(0, R, lidTop + ry + 6, lidBot + ry * 0.6, shade(cap, 0.35), 30),
    `<ellipse cx="0" cy="${lidTop}" rx="${R}" ry="${ry}" fill="${lin(d, [
      [0, tint(cap, 0.35)],
      [1, tint(cap, 0.08)],
    ])}"/>`,
    `<ellipse cx="0" cy="${lidTop}" rx="${R - 16}" ry="${ry - 7}" fill="none" stroke="${shade(cap, 0.15)}" stroke-opacity="0.4" stroke-width="2"/>`,
    sheen(d, -R + 34, lidTop + ry, 14, lidBot - lidTop - ry, 0.5),
  ].join('');
  return { svg, w: R * 2, h: -lidTop + ry, focus: { x: 0, y: (-H + 46 - ry - 34) / 2, w: W * 0.8 } };
};

const drawTin: Drawer = (d, spec, t) => {
  const R = 230;
  const ryT = 130;
  const side = 96;
  const cy = -ryT - side;
  const cap = capOf(spec);
  const label = `<ellipse cx="0" cy="${cy}" rx="${R * 0.8}" ry="${ryT * 0.8}" fill="${paperFill(d, spec.label)}"/>`;
  // Text is laid out flat then squashed so it appears to lie on the lid.
  const flat = labelContent(spec, t, { x: -R * 0.6, y: -R * 0.55, w: R * 1.2, h: R * 1.1 }, { maxLines: 3 });
  const svg = [
    cylSide(-R, R * 2, cy, -ryT, ryT, cylFill(d, spec.body)),
    cylSide(-R - 4, R * 2 + 8, cy, cy + side * 0.55, ryT, cylFill(d, cap)),
    `<ellipse cx="0" cy="${cy}" rx="${R + 4}" ry="${ryT}" fill="${lin(d, [
      [0, tint(cap, 0.4)],
      [1, shade(cap, 0.05)],
    ])}"/>`,
    label,
    `<ellipse cx="0" cy="${cy}" rx="${R * 0.8 - 10}" ry="${ryT * 0.8 - 6}" fill="none" stroke="${accentFor(spec)}" stroke-width="2" stroke-opacity="0.5"/>`,
    `<g transform="translate(0 ${cy}) scale(1 ${(ryT / R).toFixed(3)})">${flat}</g>`,
    `<ellipse cx="${-R * 0.35}" cy="${cy - ryT * 0.45}" rx="${R * 0.35}" ry="${ryT * 0.16}" fill="#ffffff" fill-opacity="0.16"/>`,
  ].join('');
  return { svg, w: R * 2 + 8, h: -cy + ryT, focus: { x: 0, y: cy, w: R * 1.7 } };
};

/** Bottle-shaped body: straight sides, rounded shoulders, neck; shared by bottle, pump and dropper. */
function bottleBody(w: number, h: number, neckW: number, neckTop: number, ry: number): string {
  const x = w / 2;
  const nx = neckW / 2;
  const sh = h + (neckTop - h) * 0.3;
  return `M${-x},${-ry} V${-h} C${-x},${n(-h - (sh - h) * 1.6)} ${-nx},${n(-sh - 10)} ${-nx},${n(-neckTop + 24)} V${-neckTop} H${nx} V${n(-neckTop + 24)} C${nx},${n(-sh - 10)} ${x},${n(-h - (sh - h) * 1.6)} ${x},${-h} V${-ry} A${x} ${ry} 0 0 1 ${-x},${-ry} Z`;
}

const drawBottle: Drawer = (d, spec, t) => {
  const W = 260;
  const H = 390;
  const neckTop = 530;
  const cap = capOf(spec);
  const svg = [
    `<path d="${bottleBody(W, H, 92, neckTop, 18)}" fill="${cylFill(d, spec.body)}"/>`,
    wrapLabel(d, spec, t, -W / 2, W, -H + 40, -100, 16),
    sheen(d, -W / 2 + 26, -H + 10, 16, H - 60, 0.5),
    sheen(d, -34, -neckTop + 8, 9, 90, 0.35),
    `<rect x="-58" y="${-neckTop - 96}" width="116" height="106" rx="12" fill="${cylFill(d, cap)}"/>`,
    ridges(0, 58, -neckTop - 86, -neckTop + 2, shade(cap, 0.35), 14),
    `<rect x="-58" y="${-neckTop - 96}" width="116" height="14" rx="7" fill="${tint(cap, 0.25)}" fill-opacity="0.7"/>`,
  ].join('');
  return { svg, w: W, h: neckTop + 96, focus: { x: 0, y: (-H + 40 - 100) / 2 + 8, w: W * 0.82 } };
};

const drawPump: Drawer = (d, spec, t) => {
  const W = 250;
  const H = 420;
  const neckTop = 500;
  const cap = capOf(spec);
  const svg = [
    `<path d="${bottleBody(W, H, 100, neckTop, 18)}" fill="${cylFill(d, spec.body)}"/>`,
    wrapLabel(d, spec, t, -W / 2, W, -H + 50, -90, 16),
    sheen(d, -W / 2 + 24, -H + 10, 16, H - 50, 0.5),
    `<rect x="-62" y="${-neckTop - 50}" width="124" height="62" rx="10" fill="${cylFill(d, cap)}"/>`,
    ridges(0, 62, -neckTop - 44, -neckTop + 6, shade(cap, 0.3), 14),
    `<rect x="-15" y="${-neckTop - 112}" width="30" height="66" fill="${cylFill(d, tint(cap, 0.1))}"/>`,
    `<path d="M-50,${-neckTop - 108} Q-50,${-neckTop - 150} -10,${-neckTop - 150} H100 Q124,${-neckTop - 150} 124,${-neckTop - 136} V${-neckTop - 126} H40 Q40,${-neckTop - 108} 20,${-neckTop - 108} Z" fill="${lin(
      d,
      [
        [0, tint(cap, 0.3)],
        [0.5, cap],
        [1, shade(cap, 0.3)],
      ],
    )}"/>`,
  ].join('');
  return { svg, w: W, h: neckTop + 150, focus: { x: 0, y: (-H + 50 - 90) / 2 + 8, w: W * 0.82 } };
};

const drawDropper: Drawer = (d, spec, t) => {
  const W = 230;
  const H = 250;
  const neckTop = 320;
  const cap = capOf(spec);
  const bulb = spec.accent && lum(spec.accent) < 0.5 ? spec.accent : '#2b2521';
  const svg = [
    `<path d="${bottleBody(W, H, 84, neckTop, 16)}" fill="${cylFill(d, spec.body)}"/>`,
    wrapLabel(d, spec, t, -W / 2, W, -H + 34, -70, 14, { maxLines: 3 }),
    sheen(d, -W / 2 + 22, -H + 8, 14, H - 40, 0.5),
    `<rect x="-58" y="${-neckTop - 74}" width="116" height="84" rx="10" fill="${cylFill(d, cap)}"/>`,
    ridges(0, 58, -neckTop - 66, -neckTop + 4, shade(cap, 0.3), 12),
    `<path d="M-40,${-neckTop - 72} V${-neckTop - 160} C-40,${-neckTop - 218} 40,${-neckTop - 218} 40,${-neckTop - 160} V${-neckTop - 72} Z" fill="${cylFill(d, bulb)}"/>`,
    sheen(d, -26, -neckTop - 180, 10, 90, 0.3),
  ].join('');
  return { svg, w: W, h: neckTop + 205, focus: { x: 0, y: (-H + 34 - 70) / 2 + 6, w: W * 0.82 } };
};

const drawTube: Drawer = (d, spec, t) => {
  const cap = capOf(spec);
  const body = 'M-96,-96 C-100,-250 -152,-470 -152,-630 H152 C152,-470 100,-250 96,-96 Z';
  let crimp = '';
  for (let x = -146; x <= 146; x += 9) crimp += `M${x},-664 V-634`;
  const svg = [
    `<rect x="-88" y="-100" width="176" height="100" rx="18" fill="${cylFill(d, cap)}"/>`,
    `<path d="M-88,-34 H88" stroke="${shade(cap, 0.35)}" stroke-width="3" stroke-opacity="0.5"/>`,
    `<path d="${body}" fill="${cylFill(d, spec.body)}"/>`,
    `<rect x="-156" y="-670" width="312" height="44" rx="6" fill="${cylFill(d, shade(spec.body, 0.04))}"/>`,
    `<path d="${crimp}" stroke="${shade(spec.body, 0.3)}" stroke-width="2" stroke-opacity="0.4"/>`,
    cardLabel(d, spec, t, { x: -118, y: -540, w: 236, h: 330 }, 16, { maxLines: 4 }),
    `<path d="M-118,-540 h236 v330 h-236 Z" fill="${wrapShade(d)}" fill-opacity="0.7"/>`,
    sheen(d, -112, -600, 14, 460, 0.45),
  ].join('');
  return { svg, w: 312, h: 670, focus: { x: 0, y: -375, w: 250 } };
};

const drawSoap: Drawer = (d, spec, t, r) => {
  const c = spec.body;
  const lump = blobPath(r, 265, 165, 10, 0.1, 0.55);
  let mottle = '';
  for (let i = 0; i < 70; i++) {
    const x = between(r, -250, 250);
    const y = between(r, -160, 90);
    mottle += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(between(r, 6, 30))}" ry="${n(between(r, 4, 18))}" fill="${i % 3 ? tint(c, 0.25) : shade(c, 0.3)}" fill-opacity="${n(between(r, 0.15, 0.4))}"/>`;
  }
  const leaf = spec.cap ?? '#4e7a38';
  const svg = [
    // A leaf underneath, as black soap is often sold wrapped in plantain leaf.
    `<path d="M-305,-6 C-180,-70 180,-70 305,-14 C180,30 -180,34 -305,-6 Z" fill="${lin(d, [
      [0, tint(leaf, 0.15)],
      [1, shade(leaf, 0.2)],
    ])}"/>`,
    `<path d="M-295,-7 C-110,-30 110,-30 295,-14" stroke="${tint(leaf, 0.4)}" stroke-width="3" fill="none"/>`,
    g(
      `<path d="${lump}" fill="${rad(
        d,
        [
          [0, tint(c, 0.28)],
          [0.55, c],
          [1, shade(c, 0.35)],
        ],
        0.35,
        0.3,
        0.75,
      )}"/><g clip-path="${clip(d, `<path d="${lump}"/>`)}">${mottle}</g><ellipse cx="-90" cy="-80" rx="70" ry="26" fill="#ffffff" fill-opacity="0.12" transform="rotate(-14 -90 -80)"/>`,
      0,
      -140,
    ),
    g(
      `${cardLabel(d, spec, t, { x: -140, y: -100, w: 290, h: 180 }, 10, { maxLines: 3 })}<circle cx="-120" cy="-80" r="7" fill="${shade(spec.label, 0.45)}"/><path d="M-120,-80 C-140,-140 -170,-190 -230,-215" stroke="#b08a5a" stroke-width="4" fill="none"/>`,
      70,
      -70,
      -5,
    ),
  ].join('');
  return { svg, w: 620, h: 340, focus: { x: 70, y: -150, w: 360 } };
};

const drawBar: Drawer = (d, spec, t, r) => {
  const c = spec.body;
  const band = spec.label;
  let specks = '';
  for (let i = 0; i < 60; i++) {
    specks += `<circle cx="${n(between(r, -250, 300))}" cy="${n(between(r, -330, -10))}" r="${n(between(r, 1.5, 4))}" fill="${i % 2 ? shade(c, 0.3) : tint(c, 0.3)}" fill-opacity="0.5"/>`;
  }
  const round = (fill: string): string => `fill="${fill}" stroke="${fill}" stroke-width="18" stroke-linejoin="round"`;
  const svg = [
    `<path d="M250,-10 L310,-100 V-330 L250,-240 Z" ${round(shade(c, 0.22))}/>`,
    `<path d="M-250,-240 L-190,-330 H310 L250,-240 Z" ${round(tint(c, 0.16))}/>`,
    `<path d="M-250,-240 H250 V-10 H-250 Z" ${round(c)}/>`,
    `<g clip-path="${clip(d, '<path d="M-259,-249 L-199,-339 H319 V-100 L259,-1 H-259 Z"/>')}">${specks}</g>`,
    // Embossed leaf stamp on the top face.
    `<path d="M-170,-285 C-120,-320 -40,-320 10,-285 C-40,-255 -120,-255 -170,-285 Z M-170,-285 L10,-285" fill="${shade(c, 0.08)}" stroke="${tint(c, 0.3)}" stroke-width="2" fill-opacity="0.6"/>`,
    `<path d="M90,-240 L150,-330 H250 L190,-240 Z" fill="${tint(band, 0.1)}"/>`,
    `<path d="M250,-10 L310,-100 V-330 L250,-240 Z" fill="none"/>`,
    cardLabel(d, spec, t, { x: 20, y: -258, w: 190, h: 264 }, 4, { maxLines: 4 }),
    `<rect x="20" y="-258" width="190" height="264" fill="${lin(
      d,
      [
        [0, '#000000', 0],
        [0.85, '#000000', 0],
        [1, '#000000', 0.18],
      ],
      0,
      0,
      1,
      0,
    )}"/>`,
    `<path d="M-258,-244 H20" stroke="#ffffff" stroke-opacity="0.3" stroke-width="3"/>`,
  ].join('');
  return { svg, w: 580, h: 340, focus: { x: 115, y: -126, w: 300 } };
};

const drawPouch: Drawer = (d, spec, t, r) => {
  const c = spec.body;
  const shape = 'M-196,-560 H196 L206,-44 Q208,0 164,0 H-164 Q-208,0 -206,-44 Z';
  let specks = '';
  for (let i = 0; i < 90; i++) {
    specks += `<circle cx="${n(between(r, -200, 200))}" cy="${n(between(r, -555, -5))}" r="${n(between(r, 0.8, 2.4))}" fill="${shade(c, 0.35)}" fill-opacity="0.35"/>`;
  }
  const contents = spec.contents ?? '#9a7650';
  const svg = [
    `<path d="${shape}" fill="${lin(
      d,
      [
        [0, shade(c, 0.22)],
        [0.25, tint(c, 0.12)],
        [0.55, c],
        [1, shade(c, 0.28)],
      ],
      0,
      0,
      1,
      0,
    )}"/>`,
    `<g clip-path="${clip(d, `<path d="${shape}"/>`)}">${specks}</g>`,
    `<rect x="-196" y="-560" width="392" height="52" fill="${shade(c, 0.08)}"/>`,
    `<path d="M-196,-540 h14 l-8,8 l8,8 h-14 Z" fill="${shade(c, 0.3)}"/>`,
    `<path d="M-190,-478 H190" stroke="${shade(c, 0.2)}" stroke-width="4"/><path d="M-190,-472 H190" stroke="#ffffff" stroke-opacity="0.3" stroke-width="2"/>`,
    `<path d="M-206,-60 Q0,-20 206,-60" stroke="${shade(c, 0.2)}" stroke-width="3" fill="none" stroke-opacity="0.6"/>`,
    cardLabel(d, spec, t, { x: -150, y: -440, w: 300, h: 290 }, 14, { maxLines: 3 }),
    // Clear window showing what is inside.
    `<rect x="-90" y="-132" width="180" height="64" rx="32" fill="${rad(d, [
      [0, tint(contents, 0.15)],
      [1, shade(contents, 0.2)],
    ])}" stroke="${shade(c, 0.25)}" stroke-width="3"/>`,
    `<path d="M-60,-118 H30" stroke="#ffffff" stroke-opacity="0.45" stroke-width="6" stroke-linecap="round"/>`,
    sheen(d, -150, -500, 18, 420, 0.22),
  ].join('');
  return { svg, w: 416, h: 560, focus: { x: 0, y: -290, w: 340 } };
};

/** Bow on a gift box, centred at the origin. */
function bow(d: Defs, c: string): string {
  const fill = lin(d, [
    [0, tint(c, 0.25)],
    [1, shade(c, 0.25)],
  ]);
  return [
    `<path d="M0,0 C-30,10 -60,60 -80,90 L-60,92 L-52,110 C-30,70 -10,30 0,0 Z" fill="${shade(c, 0.15)}"/>`,
    `<path d="M0,0 C30,10 60,60 76,96 L56,96 L50,114 C30,74 10,30 0,0 Z" fill="${shade(c, 0.2)}"/>`,
    `<path d="M0,0 C-40,-80 -150,-90 -140,-20 C-130,20 -50,20 0,0 Z" fill="${fill}"/>`,
    `<path d="M0,0 C40,-80 150,-90 140,-20 C130,20 50,20 0,0 Z" fill="${fill}"/>`,
    `<path d="M-10,-6 C-40,-50 -100,-60 -112,-26" stroke="${shade(c, 0.3)}" stroke-width="4" fill="none" stroke-opacity="0.5"/>`,
    `<path d="M10,-6 C40,-50 100,-60 112,-26" stroke="${shade(c, 0.3)}" stroke-width="4" fill="none" stroke-opacity="0.5"/>`,
    `<ellipse cx="0" cy="0" rx="26" ry="20" fill="${tint(c, 0.1)}"/>`,
  ].join('');
}

const drawGiftbox: Drawer = (d, spec, t) => {
  const c = spec.body;
  const ribbon = capOf(spec);
  const face = (fill: string): string => `fill="${fill}" stroke="${shade(c, 0.25)}" stroke-width="1.5" stroke-opacity="0.4"`;
  const svg = [
    `<path d="M210,0 L290,-60 V-300 L210,-240 Z" ${face(shade(c, 0.25))}/>`,
    `<rect x="-270" y="-240" width="480" height="240" ${face(
      lin(d, [
        [0, c],
        [1, shade(c, 0.1)],
      ]),
    )}/>`,
    // Lid: slightly larger than the box, with its own front, side and top.
    `<path d="M220,-230 L302,-292 V-372 L220,-310 Z" ${face(shade(c, 0.2))}/>`,
    `<path d="M-282,-310 L-200,-372 H302 L220,-310 Z" ${face(tint(c, 0.18))}/>`,
    `<rect x="-282" y="-310" width="502" height="80" ${face(tint(c, 0.05))}/>`,
    `<rect x="-282" y="-232" width="502" height="12" fill="#000000" fill-opacity="0.12"/>`,
    // Ribbon: down the front, across the lid, round the side.
    `<rect x="110" y="-310" width="44" height="310" fill="${lin(
      d,
      [
        [0, shade(ribbon, 0.1)],
        [0.5, tint(ribbon, 0.15)],
        [1, shade(ribbon, 0.15)],
      ],
      0,
      0,
      1,
      0,
    )}"/>`,
    `<path d="M110,-310 L192,-372 H236 L154,-310 Z" fill="${tint(ribbon, 0.12)}"/>`,
    `<path d="M-241,-341 L261,-341 L249,-332 L-253,-332 Z" fill="${tint(ribbon, 0.05)}"/>`,
    `<path d="M220,-190 L290,-242 V-206 L220,-154 Z" fill="${shade(ribbon, 0.15)}"/>`,
    g(bow(d, ribbon), 173, -344, 0, 0.85),
    cardLabel(d, spec, t, { x: -240, y: -205, w: 320, h: 180 }, 8, { maxLines: 3 }),
  ].join('');
  return { svg, w: 600, h: 440, focus: { x: -40, y: -180, w: 540 } };
};

const DRAWERS: Record<ArtKind, Drawer> = {
  jar: drawJar,
  tin: drawTin,
  bottle: drawBottle,
  pump: drawPump,
  dropper: drawDropper,
  tube: drawTube,
  soap: drawSoap,
  bar: drawBar,
  pouch: drawPouch,
  giftbox: drawGiftbox,
};

// ---------------------------------------------------------------- open / top-down containers

/** An open jar or tin seen from above, its contents swirled. */
function openTop(d: Defs, spec: ArtSpec, r: Rand, R: number): string {
  const contents = spec.contents ?? tint(spec.body, 0.6);
  let swirl = '';
  const turns = 3.2;
  const start = between(r, 0, Math.PI * 2);
  let path = '';
  for (let i = 0; i <= 120; i++) {
    const k = i / 120;
    const a = start + k * turns * Math.PI * 2;
    const rr = (R - 40) * (1 - k) + 8;
    path += `${i ? 'L' : 'M'}${n(Math.cos(a) * rr)},${n(Math.sin(a) * rr)}`;
  }
  swirl = `<path d="${path}" transform="translate(5 7)" stroke="${shade(contents, 0.18)}" stroke-width="18" fill="none" stroke-opacity="0.45" stroke-linecap="round"/><path d="${path}" stroke="${tint(contents, 0.55)}" stroke-width="8" fill="none" stroke-opacity="0.8" stroke-linecap="round"/>`;
  return [
    `<circle r="${R}" fill="${rad(d, [
      [0, tint(spec.body, 0.2)],
      [0.85, spec.body],
      [1, shade(spec.body, 0.3)],
    ])}"/>`,
    `<circle r="${R - 22}" fill="${shade(spec.body, 0.25)}"/>`,
    `<circle r="${R - 30}" fill="${rad(
      d,
      [
        [0, tint(contents, 0.1)],
        [0.8, contents],
        [1, shade(contents, 0.22)],
      ],
      0.45,
      0.42,
      0.6,
    )}"/>`,
    swirl,
    `<path d="M${n(-R * 0.7)},${n(-R * 0.5)} A${R} ${R} 0 0 1 ${n(R * 0.2)},${n(-R * 0.9)}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  ].join('');
}

/** A lid seen from above with a round printed label. */
function lidTop(d: Defs, spec: ArtSpec, t: LabelText, R: number): string {
  const cap = capOf(spec);
  let knurl = '';
  for (let i = 0; i < 90; i++) {
    const a = (i / 90) * Math.PI * 2;
    knurl += `M${n(Math.cos(a) * (R - 10))},${n(Math.sin(a) * (R - 10))} L${n(Math.cos(a) * R)},${n(Math.sin(a) * R)}`;
  }
  return [
    `<circle r="${R}" fill="${rad(
      d,
      [
        [0, tint(cap, 0.25)],
        [0.9, cap],
        [1, shade(cap, 0.3)],
      ],
      0.4,
      0.35,
      0.7,
    )}"/>`,
    `<path d="${knurl}" stroke="${shade(cap, 0.35)}" stroke-width="2" stroke-opacity="0.5"/>`,
    `<circle r="${R * 0.78}" fill="${paperFill(d, spec.label)}"/>`,
    `<circle r="${R * 0.78 - 10}" fill="none" stroke="${accentFor(spec)}" stroke-width="2.5" stroke-opacity="0.55"/>`,
    labelContent(spec, t, { x: -R * 0.58, y: -R * 0.56, w: R * 1.16, h: R * 1.12 }, { maxLines: 3 }),
  ].join('');
}

/** Gift box seen from above: lid, crossed ribbon, bow and a name tag. */
function giftboxTop(d: Defs, spec: ArtSpec, t: LabelText): string {
  const c = spec.body;
  const ribbon = capOf(spec);
  return [
    `<rect x="-300" y="-260" width="600" height="520" rx="6" fill="${rad(
      d,
      [
        [0, tint(c, 0.12)],
        [1, shade(c, 0.12)],
      ],
      0.4,
      0.35,
      0.8,
    )}"/>`,
    `<rect x="-300" y="-260" width="600" height="520" rx="6" fill="none" stroke="${shade(c, 0.3)}" stroke-width="3" stroke-opacity="0.5"/>`,
    `<rect x="-26" y="-260" width="52" height="520" fill="${lin(
      d,
      [
        [0, shade(ribbon, 0.1)],
        [0.5, tint(ribbon, 0.18)],
        [1, shade(ribbon, 0.15)],
      ],
      0,
      0,
      1,
      0,
    )}"/>`,
    `<rect x="-300" y="-26" width="600" height="52" fill="${lin(d, [
      [0, shade(ribbon, 0.1)],
      [0.5, tint(ribbon, 0.18)],
      [1, shade(ribbon, 0.15)],
    ])}"/>`,
    g(bow(d, ribbon), 0, 0, 0, 1.2),
    g(
      `<path d="M0,-40 C40,-90 100,-110 150,-120" stroke="#b08a5a" stroke-width="3" fill="none"/>${cardLabel(d, spec, t, { x: -20, y: -30, w: 300, h: 170 }, 10, { maxLines: 3 })}`,
      -10,
      80,
      -8,
    ),
  ].join('');
}

// ---------------------------------------------------------------- motifs

type MotifFn = (d: Defs, r: Rand, spec: ArtSpec) => string;

function leaf(d: Defs, color: string, len: number, veins = true): string {
  const w = len * 0.27;
  const body = `M0,0 C${n(w)},${n(-len * 0.2)} ${n(w * 1.05)},${n(-len * 0.68)} 0,${-len} C${n(-w * 1.05)},${n(-len * 0.68)} ${n(-w)},${n(-len * 0.2)} 0,0 Z`;
  let vein = '';
  if (veins) {
    for (let i = 1; i <= 5; i++) {
      const y = (-len * i) / 6.2;
      const reach = w * 0.72 * Math.sin((i / 6) * Math.PI) + w * 0.2;
      vein += `M0,${n(y)} Q${n(reach * 0.5)},${n(y - 10)} ${n(reach)},${n(y - len * 0.1)} M0,${n(y)} Q${n(-reach * 0.5)},${n(y - 10)} ${n(-reach)},${n(y - len * 0.1)}`;
    }
  }
  return [
    `<path d="${body}" fill="${lin(
      d,
      [
        [0, shade(color, 0.18)],
        [0.5, color],
        [1, tint(color, 0.18)],
      ],
      0,
      0,
      1,
      0,
    )}"/>`,
    `<path d="M0,${n(len * 0.1)} Q${n(len * 0.03)},${n(-len * 0.5)} 0,${n(-len * 0.96)}${vein}" stroke="${tint(color, 0.35)}" stroke-width="${n(Math.max(1.2, len * 0.012))}" fill="none" stroke-opacity="0.7"/>`,
  ].join('');
}

const LEAF_GREENS = ['#4f7f3a', '#5f8d3c', '#3f6e3a', '#6f9a45'] as const;

const motifLeaves: MotifFn = (d, r) => {
  const c = pick(r, LEAF_GREENS);
  return [g(leaf(d, shade(c, 0.08), 230), 0, 0, -38), g(leaf(d, c, 270), 0, 0, 6), g(leaf(d, tint(c, 0.1), 200), 0, 0, 44)].join('');
};

function sheaNut(d: Defs, r: Rand): string {
  const rx = between(r, 40, 50);
  return [
    `<ellipse rx="${n(rx)}" ry="${n(rx * 0.78)}" fill="${rad(
      d,
      [
        [0, '#a06a3e'],
        [0.6, '#6b4024'],
        [1, '#3e2414'],
      ],
      0.38,
      0.32,
      0.7,
    )}"/>`,
    `<ellipse cx="${n(rx * 0.55)}" cy="0" rx="${n(rx * 0.3)}" ry="${n(rx * 0.42)}" fill="#c9a37a" fill-opacity="0.85"/>`,
    `<ellipse cx="${n(-rx * 0.35)}" cy="${n(-rx * 0.38)}" rx="${n(rx * 0.28)}" ry="${n(rx * 0.12)}" fill="#ffffff" fill-opacity="0.25"/>`,
  ].join('');
}

function butterChunk(d: Defs, r: Rand, c: string, size: number): string {
  const p = blobPath(r, size, size * 0.7, 7, 0.22, 0.8);
  return [
    `<path d="${p}" fill="${rad(
      d,
      [
        [0, tint(c, 0.35)],
        [0.7, c],
        [1, shade(c, 0.15)],
      ],
      0.35,
      0.3,
      0.8,
    )}"/>`,
    `<path d="M${n(-size * 0.4)},${n(-size * 0.2)} Q0,${n(-size * 0.45)} ${n(size * 0.45)},${n(-size * 0.1)}" stroke="${shade(c, 0.12)}" stroke-width="3" fill="none" stroke-opacity="0.5"/>`,
  ].join('');
}

const motifShea: MotifFn = (d, r) =>
  [
    g(butterChunk(d, r, '#efe0b4', 90), 30, -40),
    g(sheaNut(d, r), -90, 40, between(r, -30, 30)),
    g(sheaNut(d, r), 0, 70, between(r, 140, 200)),
    g(sheaNut(d, r), 105, 55, between(r, 60, 120), 0.85),
  ].join('');

const motifCoconut: MotifFn = (d, r) => {
  let fibre = '';
  for (let i = 0; i < 40; i++) {
    const a = between(r, 0, Math.PI * 2);
    const rr = between(r, 100, 112);
    fibre += `M${n(Math.cos(a) * rr)},${n(Math.sin(a) * rr)} l${n(between(r, -12, 12))},${n(between(r, -12, 12))}`;
  }
  return [
    `<circle r="115" fill="${rad(d, [
      [0, '#8a5a34'],
      [1, '#4a2c18'],
    ])}"/>`,
    `<path d="${fibre}" stroke="#a67a4e" stroke-width="2.5" stroke-opacity="0.6"/>`,
    '<circle r="98" fill="#3a2314"/>',
    `<circle r="92" fill="${rad(d, [
      [0, '#fffdf7'],
      [1, '#f1eadb'],
    ])}"/>`,
    `<circle r="68" fill="${rad(
      d,
      [
        [0, '#f4ede0'],
        [0.8, '#e3d8c2'],
        [1, '#d3c6ab'],
      ],
      0.6,
      0.65,
      0.6,
    )}"/>`,
    '<path d="M-56,-44 A72 72 0 0 1 20,-70" stroke="#ffffff" stroke-width="6" stroke-opacity="0.7" fill="none" stroke-linecap="round"/>',
    g(`<path d="M-50,-18 L50,-22 L40,20 L-44,18 Z" fill="#f8f3e8" stroke="#5a3a22" stroke-width="7" stroke-linejoin="round"/>`, 150, 90, 24, 0.7),
  ].join('');
};

function hibiscusFlower(d: Defs, color: string): string {
  const petal = 'M0,0 C34,-20 70,-70 46,-112 C30,-136 -30,-136 -46,-112 C-70,-70 -34,-20 0,0 Z';
  const fill = rad(
    d,
    [
      [0, shade(color, 0.55)],
      [0.3, shade(color, 0.15)],
      [0.7, color],
      [1, tint(color, 0.2)],
    ],
    0.5,
    1,
    1.05,
  );
  let petals = '';
  for (let k = 0; k < 5; k++)
    petals += `<path d="${petal}" fill="${fill}" transform="rotate(${k * 72})" stroke="${shade(color, 0.2)}" stroke-width="1.5" stroke-opacity="0.4"/>`;
  return `${petals}<path d="M0,0 L58,-70" stroke="${tint(color, 0.6)}" stroke-width="7" stroke-linecap="round"/><circle cx="58" cy="-72" r="7" fill="#f2c230"/><circle cx="50" cy="-78" r="5" fill="#f2c230"/><circle cx="64" cy="-64" r="5" fill="#f2c230"/>`;
}

function calyx(d: Defs): string {
  const pts = 'M0,-34 L10,-10 L34,-8 L14,8 L20,32 L0,18 L-20,32 L-14,8 L-34,-8 L-10,-10 Z';
  return `<path d="${pts}" fill="${rad(d, [
    [0, '#8e1530'],
    [1, '#4a0716'],
  ])}" stroke="#3a0512" stroke-width="6" stroke-linejoin="round"/>`;
}

const motifHibiscus: MotifFn = (d, r) =>
  [
    g(hibiscusFlower(d, pick(r, ['#d0213f', '#c81d4f', '#e0365a'] as const)), 0, 0, between(r, 0, 72)),
    g(calyx(d), 150, 60, between(r, 0, 90), 0.9),
    g(calyx(d), -140, 90, between(r, 0, 90), 0.75),
    g(calyx(d), 60, 130, between(r, 0, 90), 0.7),
  ].join('');

function drop(d: Defs, c: string): string {
  return [
    `<path d="M0,-70 C20,-38 40,-14 40,12 A40 40 0 0 1 -40,12 C-40,-14 -20,-38 0,-70 Z" fill="${rad(
      d,
      [
        [0, tint(c, 0.45)],
        [0.6, c],
        [1, shade(c, 0.25)],
      ],
      0.4,
      0.6,
      0.6,
    )}"/>`,
    '<ellipse cx="-14" cy="8" rx="8" ry="14" fill="#ffffff" fill-opacity="0.6"/>',
  ].join('');
}

const motifDrops: MotifFn = (d, _r, spec) => {
  const c = spec.contents ?? '#e0a530';
  return [g(drop(d, c), 0, 0, 0, 1.2), g(drop(d, c), 90, 70, 0, 0.7), g(drop(d, c), -80, 90, 0, 0.55)].join('');
};

function bowl(d: Defs, wood: string, fillC: string, r: Rand): string {
  let specks = '';
  for (let i = 0; i < 30; i++)
    specks += `<circle cx="${n(between(r, -80, 80))}" cy="${n(between(r, -50, -10))}" r="2" fill="${shade(fillC, 0.35)}" fill-opacity="0.5"/>`;
  return [
    `<path d="M-120,0 A120 90 0 0 0 120,0 Z" fill="${lin(d, [
      [0, tint(wood, 0.15)],
      [1, shade(wood, 0.35)],
    ])}"/>`,
    `<ellipse cx="0" cy="0" rx="120" ry="26" fill="${shade(wood, 0.3)}"/>`,
    `<path d="M-104,2 C-70,-70 70,-70 104,2 A104 20 0 0 1 -104,2 Z" fill="${rad(
      d,
      [
        [0, tint(fillC, 0.2)],
        [1, shade(fillC, 0.12)],
      ],
      0.45,
      0.3,
      0.7,
    )}"/>`,
    specks,
  ].join('');
}

const motifChebe: MotifFn = (d, r, spec) => {
  let seeds = '';
  for (let i = 0; i < 9; i++) {
    seeds += `<ellipse cx="${n(between(r, -160, 170))}" cy="${n(between(r, 80, 140))}" rx="11" ry="7" fill="${pick(r, ['#6e5846', '#8a7058', '#5a4536'] as const)}" transform="rotate(${n(between(r, 0, 180))})"/>`;
  }
  return g(bowl(d, '#8b5a32', spec.contents ?? '#9b7a55', r) + seeds, 0, 0);
};

function blade(d: Defs, len: number, bend: number): string {
  return `<path d="M-9,0 C-9,${n(-len * 0.4)} ${n(bend - 4)},${n(-len * 0.8)} ${n(bend)},${-len} C${n(bend + 2)},${n(-len * 0.8)} 9,${n(-len * 0.4)} 9,0 Z" fill="${lin(
    d,
    [
      [0, '#a4b85a'],
      [0.4, '#6c9a3a'],
      [1, '#4f7d2e'],
    ],
    0,
    1,
    0,
    0,
  )}"/>`;
}

const motifLemongrass: MotifFn = (d, r) => {
  let out = '';
  for (let i = 0; i < 5; i++) out += g(blade(d, between(r, 300, 400), between(r, -60, 60)), (i - 2) * 14, 0, (i - 2) * 7);
  out += '<rect x="-44" y="-16" width="88" height="64" rx="18" fill="#e7e0b8"/><rect x="-44" y="2" width="88" height="14" fill="#b08a5a"/>';
  return out;
};

const motifPrekese: MotifFn = (d, r) => {
  const pod = (): string =>
    [
      `<path d="M-170,0 C-120,-40 120,-46 176,-8 C130,26 -120,34 -170,0 Z" fill="${lin(d, [
        [0, '#6a3f24'],
        [0.5, '#40241a'],
        [1, '#24130c'],
      ])}"/>`,
      '<path d="M-160,-2 C-80,-22 80,-24 168,-8" stroke="#8c5a36" stroke-width="4" fill="none" stroke-opacity="0.8"/>',
      '<path d="M-150,6 C-80,16 90,12 160,-2" stroke="#1a0c06" stroke-width="3" fill="none" stroke-opacity="0.6"/>',
    ].join('');
  return [g(pod(), 0, 0, between(r, -20, -10)), g(pod(), 20, 50, between(r, 8, 22), 0.85)].join('');
};

const motifCocoa: MotifFn = (d, r) => {
  let ribs = '';
  for (let k = -2; k <= 2; k++) ribs += `M${k * 22},-118 Q${k * 40},0 ${k * 22},118`;
  const bean = (): string =>
    `<ellipse rx="26" ry="17" fill="${rad(d, [
      [0, '#8a5234'],
      [1, '#4a2616'],
    ])}"/><path d="M-18,0 Q0,-6 18,0" stroke="#3a1c10" stroke-width="2.5" fill="none"/>`;
  return [
    g(
      `<path d="M0,-130 C70,-120 84,-40 84,0 C84,40 70,120 0,130 C-70,120 -84,40 -84,0 C-84,-40 -70,-120 0,-130 Z" fill="${rad(
        d,
        [
          [0, '#f0b545'],
          [0.6, '#d8842a'],
          [1, '#9a4c16'],
        ],
        0.38,
        0.35,
        0.75,
      )}"/><path d="${ribs}" stroke="#a45a1e" stroke-width="3" fill="none" stroke-opacity="0.6"/><rect x="-8" y="-160" width="16" height="36" rx="5" fill="#6a5a2a"/>`,
      0,
      0,
      -30,
    ),
    g(bean(), 130, 80, between(r, 0, 60)),
    g(bean(), 90, 130, between(r, 0, 60)),
    g(bean(), -120, 110, between(r, 0, 60)),
  ].join('');
};

function pinnate(d: Defs, r: Rand, color: string, pairs: number, leafLen: number, oval: boolean): string {
  let out = `<path d="M0,0 Q${n(between(r, -20, 20))},${-pairs * 26} 0,${-pairs * 32}" stroke="${shade(color, 0.25)}" stroke-width="4" fill="none"/>`;
  for (let i = 1; i <= pairs; i++) {
    const y = -i * 30;
    const s = 1 - i / (pairs * 2.4);
    for (const side of [-1, 1]) {
      out += oval
        ? `<ellipse cx="${n(side * leafLen * 0.55 * s)}" cy="${n(y)}" rx="${n(leafLen * 0.5 * s)}" ry="${n(leafLen * 0.32 * s)}" fill="${side < 0 ? color : tint(color, 0.12)}" transform="rotate(${side * -20} 0 ${n(y)})"/>`
        : g(leaf(d, side < 0 ? color : tint(color, 0.1), leafLen * s, false), 0, y, side * 62);
    }
  }
  return `${out}<ellipse cx="0" cy="${-pairs * 32 - leafLen * 0.3}" rx="${n(leafLen * 0.32)}" ry="${n(leafLen * 0.48)}" fill="${color}"/>`;
}

const motifMoringa: MotifFn = (d, r) =>
  [g(pinnate(d, r, '#78a33a', 7, 34, true), 0, 90, -24), g(pinnate(d, r, '#6b9632', 5, 30, true), 60, 100, 30, 0.8)].join('');

const motifNeem: MotifFn = (d, r) =>
  [g(pinnate(d, r, '#3f7a32', 6, 90, false), -20, 100, -28, 0.9), g(pinnate(d, r, '#4b8a38', 5, 80, false), 60, 110, 26, 0.75)].join('');

const motifCoffee: MotifFn = (d, r) => {
  let out = '';
  for (let i = 0; i < 8; i++) {
    out += g(
      `<ellipse rx="30" ry="21" fill="${rad(
        d,
        [
          [0, '#7a4a2a'],
          [1, '#3a1e10'],
        ],
        0.4,
        0.35,
        0.7,
      )}"/><path d="M-24,2 C-8,-8 8,10 24,-2" stroke="#24110a" stroke-width="3.5" fill="none"/>`,
      between(r, -150, 150),
      between(r, -40, 110),
      between(r, 0, 180),
    );
  }
  return out;
};

const motifTurmeric: MotifFn = (d, r) => {
  const skin = '#b98a50';
  const root = [
    `<ellipse cx="0" cy="0" rx="110" ry="34" fill="${skin}"/>`,
    `<ellipse cx="-70" cy="-30" rx="40" ry="24" fill="${tint(skin, 0.08)}" transform="rotate(-30 -70 -30)"/>`,
    `<ellipse cx="60" cy="-28" rx="44" ry="22" fill="${shade(skin, 0.06)}" transform="rotate(24 60 -28)"/>`,
    `<path d="M-90,-6 H80 M-60,12 H40" stroke="${shade(skin, 0.3)}" stroke-width="3" stroke-opacity="0.5"/>`,
  ].join('');
  const slice = `<circle r="44" fill="#d8a25c"/><circle r="38" fill="${rad(d, [
    [0, '#f6a826'],
    [1, '#d9700c'],
  ])}"/><circle r="22" fill="none" stroke="#f8c060" stroke-width="3" stroke-opacity="0.7"/>`;
  return [g(root, -30, 0, between(r, -12, 12)), g(slice, 130, 70), g(slice, 40, 110, 0, 0.75)].join('');
};

const motifCharcoal: MotifFn = (d, r) => {
  let out = '';
  for (let i = 0; i < 4; i++) {
    const p = blobPath(r, between(r, 40, 70), between(r, 30, 50), 6, 0.3);
    out += g(
      `<path d="${p}" fill="${rad(
        d,
        [
          [0, '#4a4a4a'],
          [1, '#141414'],
        ],
        0.35,
        0.3,
        0.8,
      )}"/>`,
      i * 80 - 120,
      between(r, -10, 60),
      between(r, 0, 90),
    );
  }
  return out;
};

const motifBaobab: MotifFn = (d, r) => {
  const pod = `<path d="M0,-150 C60,-140 80,-60 78,0 C76,80 50,140 0,150 C-50,140 -76,80 -78,0 C-80,-60 -60,-140 0,-150 Z" fill="${rad(
    d,
    [
      [0, '#a3a070'],
      [0.6, '#7c7a4e'],
      [1, '#4c4a2c'],
    ],
    0.38,
    0.35,
    0.75,
  )}"/><path d="M0,-150 C4,-180 -6,-200 10,-230" stroke="#5a4a2a" stroke-width="8" fill="none" stroke-linecap="round"/>`;
  let pulp = '';
  for (let i = 0; i < 4; i++) {
    pulp += g(
      `<rect x="-22" y="-18" width="44" height="36" rx="12" fill="#f4efe2"/><rect x="-22" y="-18" width="44" height="12" rx="6" fill="#ffffff" fill-opacity="0.6"/>`,
      110 + i * 34,
      90 - (i % 2) * 40,
      between(r, -30, 30),
    );
  }
  return g(pod, -20, 0, -24) + pulp;
};

const motifKernels: MotifFn = (d, r) => {
  let out = '';
  for (let i = 0; i < 8; i++) {
    out += g(
      `<ellipse rx="26" ry="21" fill="${rad(
        d,
        [
          [0, '#5a3a24'],
          [1, '#1c100a'],
        ],
        0.38,
        0.32,
        0.7,
      )}"/><circle cx="-16" cy="-2" r="5" fill="#c8a070" fill-opacity="0.8"/>`,
      between(r, -120, 120),
      between(r, -20, 100),
      between(r, 0, 180),
    );
  }
  for (let i = 0; i < 3; i++) {
    out += g(
      `<ellipse rx="30" ry="38" fill="${rad(
        d,
        [
          [0, '#f06a2a'],
          [0.7, '#c0301a'],
          [1, '#5a1008'],
        ],
        0.4,
        0.35,
        0.7,
      )}"/>`,
      i * 60 - 60,
      -70 + (i % 2) * 20,
      between(r, -20, 20),
    );
  }
  return out;
};

const motifFlowers: MotifFn = (d, r) => {
  const flower = (c: string): string => {
    let p = '';
    for (let k = 0; k < 5; k++) p += `<ellipse cx="0" cy="-30" rx="19" ry="30" fill="${c}" transform="rotate(${k * 72})"/>`;
    return `${p}<circle r="14" fill="#e8a82a"/><circle r="6" fill="#b8741a"/>`;
  };
  const c = pick(r, ['#fbf3e6', '#f7d6d0', '#fde7b0'] as const);
  return [
    g(leaf(d, '#5f8d3c', 150), -40, 60, -60),
    g(leaf(d, '#4f7f3a', 130), 60, 60, 50),
    g(flower(c), 0, 0, between(r, 0, 70)),
    g(flower(tint(c, 0.3)), 110, 40, between(r, 0, 70), 0.7),
    g(flower(c), -110, 50, between(r, 0, 70), 0.6),
  ].join('');
};

const MOTIFS: Record<ArtMotif, MotifFn> = {
  leaves: motifLeaves,
  shea: motifShea,
  coconut: motifCoconut,
  hibiscus: motifHibiscus,
  drops: motifDrops,
  chebe: motifChebe,
  lemongrass: motifLemongrass,
  prekese: motifPrekese,
  cocoa: motifCocoa,
  moringa: motifMoringa,
  neem: motifNeem,
  coffee: motifCoffee,
  turmeric: motifTurmeric,
  charcoal: motifCharcoal,
  baobab: motifBaobab,
  kernels: motifKernels,
  flowers: motifFlowers,
};

/** A motif with a soft contact shadow so it sits on the surface. */
function prop(d: Defs, r: Rand, spec: ArtSpec, motif: ArtMotif, x: number, y: number, rot: number, s: number, shadow = true): string {
  const sh = shadow ? softEllipse(d, x + 12 * s, y + 90 * s, 170 * s, 36 * s, 0.2) : '';
  return sh + g(MOTIFS[motif](d, r, spec), x, y, rot, s);
}

// ---------------------------------------------------------------- textures (full-frame contents)

type TextureFn = (d: Defs, r: Rand, c: string) => string;

const texWhipped: TextureFn = (d, r, c) => {
  const out: string[] = [wash(d, tint(c, 0.16), shade(c, 0.12))];
  // Broad piped ridges: a soft shadow, the ridge, then a narrow highlight read as whipped butter.
  const swirls: [number, number, number, number][] = [
    [between(r, 520, 680), between(r, 480, 600), 560, 4.2],
    [between(r, 40, 160), between(r, 40, 160), 300, 2.6],
    [between(r, 1060, 1180), between(r, 1040, 1160), 320, 2.6],
  ];
  swirls.forEach(([cx, cy, R, turns], i) => {
    let p = '';
    const start = between(r, 0, 6.28);
    const steps = 150;
    for (let k = 0; k <= steps; k++) {
      const f = k / steps;
      const a = start + f * turns * Math.PI * 2;
      const rr = R * (1 - f) + 16;
      p += `${k ? 'L' : 'M'}${n(cx + Math.cos(a) * rr)},${n(cy + Math.sin(a) * rr * 0.92)}`;
    }
    const w = i === 0 ? 70 : 54;
    out.push(
      `<path d="${p}" transform="translate(14 18)" stroke="${shade(c, 0.3)}" stroke-width="${w + 10}" stroke-opacity="0.22" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<path d="${p}" stroke="${shade(c, 0.04)}" stroke-width="${w}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<path d="${p}" transform="translate(-6 -8)" stroke="${tint(c, 0.22)}" stroke-width="${w * 0.6}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<path d="${p}" transform="translate(-12 -16)" stroke="${tint(c, 0.7)}" stroke-width="${w * 0.16}" stroke-opacity="0.85" fill="none" stroke-linecap="round"/>`,
    );
  });
  return out.join('');
};

const texButter: TextureFn = (d, r, c) => {
  // Broken chunks of raw shea piled together; the darker ground reads as the gaps between them.
  const out: string[] = [wash(d, shade(c, 0.12), shade(c, 0.28))];
  const chunk = lin(
    d,
    [
      [0, tint(c, 0.4)],
      [0.5, c],
      [1, shade(c, 0.14)],
    ],
    0,
    0,
    1,
    1,
  );
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 5; col++) {
      const x = col * 270 + (row % 2) * 130 + between(r, -30, 30) - 40;
      const y = row * 260 + between(r, -30, 30) - 20;
      const size = between(r, 150, 190);
      const p = blobPath(r, size, size * 0.78, 7, 0.2);
      out.push(
        g(
          `<path d="${p}" transform="translate(12 16)" fill="${shade(c, 0.45)}" fill-opacity="0.35"/><path d="${p}" fill="${chunk}"/><path d="${p}" fill="none" stroke="${tint(c, 0.55)}" stroke-width="4" stroke-opacity="0.5"/><path d="M${n(-size * 0.5)},${n(-size * 0.1)} Q0,${n(-size * 0.4)} ${n(size * 0.5)},${n(-size * 0.05)}" stroke="${shade(c, 0.14)}" stroke-width="6" fill="none" stroke-opacity="0.45" stroke-linecap="round"/>`,
          x,
          y,
          between(r, -30, 30),
        ),
      );
    }
  }
  return out.join('');
};

const texOil: TextureFn = (d, r, c) => {
  const out: string[] = [
    `<rect width="${SIZE}" height="${SIZE}" fill="${lin(
      d,
      [
        [0, tint(c, 0.3)],
        [0.5, c],
        [1, shade(c, 0.3)],
      ],
      0,
      0,
      1,
      1,
    )}"/>`,
  ];
  const cx = between(r, 450, 750);
  const cy = between(r, 400, 600);
  for (let k = 1; k <= 7; k++) {
    out.push(
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${k * 80}" ry="${k * 56}" fill="none" stroke="${k % 2 ? tint(c, 0.5) : shade(c, 0.2)}" stroke-width="${n(14 - k)}" stroke-opacity="${n(0.5 - k * 0.05)}"/>`,
    );
  }
  out.push(g(drop(d, c), cx, cy - 220, 0, 1.6));
  for (let i = 0; i < 40; i++) {
    const rr = between(r, 6, 26);
    out.push(
      `<circle cx="${n(between(r, 0, 1200))}" cy="${n(between(r, 0, 1200))}" r="${n(rr)}" fill="${tint(c, 0.3)}" fill-opacity="0.4" stroke="${tint(c, 0.6)}" stroke-width="2" stroke-opacity="0.6"/>`,
    );
  }
  out.push(`<ellipse cx="300" cy="250" rx="320" ry="120" fill="#ffffff" fill-opacity="0.12" transform="rotate(-25 300 250)"/>`);
  return out.join('');
};

const texLather: TextureFn = (d, r, c) => {
  const out: string[] = [wash(d, tint(c, 0.25), shade(c, 0.2))];
  const bubble = rad(d, [
    [0, '#ffffff', 0.05],
    [0.8, '#ffffff', 0.25],
    [1, '#ffffff', 0.75],
  ]);
  for (let i = 0; i < 170; i++) {
    const x = between(r, 0, 1200);
    const y = between(r, 0, 1200);
    // Bubbles gather towards the middle, like lather on a palm.
    const near = Math.hypot(x - 600, y - 600) < 420;
    const rr = near ? between(r, 20, 70) : between(r, 6, 30);
    out.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rr)}" fill="${bubble}"/><ellipse cx="${n(x - rr * 0.35)}" cy="${n(y - rr * 0.4)}" rx="${n(rr * 0.22)}" ry="${n(rr * 0.13)}" fill="#ffffff" fill-opacity="0.8"/>`,
    );
  }
  return out.join('');
};

const texPowder: TextureFn = (d, r, c) => {
  const out: string[] = [wash(d, tint(c, 0.3), tint(c, 0.1))];
  // A heap of powder lit from the top left, with a wooden scoop resting in it.
  const heap = blobPath(r, 430, 300, 11, 0.08);
  out.push(softEllipse(d, 600, 700, 500, 340, 0.22));
  out.push(
    g(
      `<path d="${heap}" fill="${lin(
        d,
        [
          [0, tint(c, 0.32)],
          [0.45, c],
          [1, shade(c, 0.22)],
        ],
        0,
        0,
        1,
        1,
      )}"/><path d="${blobPath(r, 250, 170, 9, 0.1)}" fill="${tint(c, 0.2)}" fill-opacity="0.55" transform="translate(-60 -50)"/><path d="${blobPath(r, 110, 70, 7, 0.15)}" fill="${tint(c, 0.4)}" fill-opacity="0.6" transform="translate(-90 -80)"/>`,
      580,
      600,
    ),
  );
  let specks = '';
  for (let i = 0; i < 360; i++) {
    const a = between(r, 0, Math.PI * 2);
    const k = Math.sqrt(r()) * 1.25;
    specks += `<circle cx="${n(580 + Math.cos(a) * 430 * k)}" cy="${n(600 + Math.sin(a) * 300 * k)}" r="${n(between(r, 1, 3.2))}" fill="${i % 3 ? shade(c, 0.35) : tint(c, 0.45)}" fill-opacity="0.6"/>`;
  }
  out.push(specks);
  const wood = '#6b4226';
  out.push(
    g(
      `<rect x="60" y="-16" width="420" height="32" rx="16" fill="${lin(d, [
        [0, tint(wood, 0.25)],
        [1, shade(wood, 0.25)],
      ])}"/><ellipse rx="100" ry="70" fill="${lin(d, [
        [0, tint(wood, 0.2)],
        [1, shade(wood, 0.3)],
      ])}"/><ellipse rx="84" ry="56" fill="${shade(c, 0.05)}"/><ellipse cx="-14" cy="-12" rx="50" ry="30" fill="${tint(c, 0.3)}"/>`,
      790,
      880,
      -28,
    ),
  );
  return out.join('');
};

const texGel: TextureFn = (d, r, c) => {
  const out: string[] = [wash(d, tint(c, 0.35), shade(c, 0.15))];
  for (let i = 0; i < 5; i++) {
    const p = blobPath(r, between(r, 160, 300), between(r, 120, 220), 9, 0.2);
    out.push(
      g(
        `<path d="${p}" fill="${tint(c, 0.25)}" fill-opacity="0.55" stroke="#ffffff" stroke-opacity="0.5" stroke-width="5"/><ellipse cx="-60" cy="-50" rx="70" ry="24" fill="#ffffff" fill-opacity="0.45" transform="rotate(-20)"/>`,
        between(r, 150, 1050),
        between(r, 150, 1050),
      ),
    );
  }
  for (let i = 0; i < 50; i++)
    out.push(
      `<circle cx="${n(between(r, 0, 1200))}" cy="${n(between(r, 0, 1200))}" r="${n(between(r, 3, 12))}" fill="none" stroke="#ffffff" stroke-width="2" stroke-opacity="0.6"/>`,
    );
  return out.join('');
};

const texScrub: TextureFn = (d, r, c) => {
  const out: string[] = [wash(d, tint(c, 0.1), shade(c, 0.2))];
  let grains = '';
  for (let i = 0; i < 900; i++) {
    const x = between(r, 0, 1200);
    const y = between(r, 0, 1200);
    const s = between(r, 3, 9);
    const col = i % 4 === 0 ? '#f6ecd8' : i % 4 === 1 ? shade(c, 0.45) : i % 4 === 2 ? tint(c, 0.3) : shade(c, 0.2);
    grains += `<rect x="${n(x)}" y="${n(y)}" width="${n(s)}" height="${n(s * between(r, 0.6, 1))}" fill="${col}" fill-opacity="0.8" transform="rotate(${n(between(r, 0, 90))} ${n(x)} ${n(y)})"/>`;
  }
  out.push(grains);
  return out.join('');
};

const texSoap: TextureFn = (d, r, c) => {
  const out: string[] = [wash(d, tint(c, 0.08), shade(c, 0.15))];
  // Mottled, hand-pressed surface with a few crumbled pieces on top.
  for (let i = 0; i < 130; i++) {
    const x = between(r, 0, 1200);
    const y = between(r, 0, 1200);
    out.push(
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(between(r, 20, 100))}" ry="${n(between(r, 12, 50))}" fill="${i % 3 ? tint(c, 0.2) : shade(c, 0.3)}" fill-opacity="${n(between(r, 0.12, 0.32))}" transform="rotate(${n(between(r, -40, 40))} ${n(x)} ${n(y)})"/>`,
    );
  }
  let specks = '';
  for (let i = 0; i < 220; i++)
    specks += `<circle cx="${n(between(r, 0, 1200))}" cy="${n(between(r, 0, 1200))}" r="${n(between(r, 1, 3))}" fill="${tint(c, 0.5)}" fill-opacity="0.45"/>`;
  out.push(specks);
  const crumbs: Pt[] = [
    [between(r, 520, 700), between(r, 420, 560)],
    [between(r, 760, 880), between(r, 620, 740)],
    [between(r, 560, 660), between(r, 740, 820)],
  ];
  crumbs.forEach(([x, y], i) => {
    const size = i === 0 ? 130 : between(r, 50, 80);
    const p = blobPath(r, size, size * 0.75, 8, 0.22);
    out.push(
      softEllipse(d, x + 14, y + size * 0.5, size * 1.15, size * 0.5, 0.35),
      g(
        `<path d="${p}" fill="${lin(
          d,
          [
            [0, tint(c, 0.3)],
            [0.55, c],
            [1, shade(c, 0.35)],
          ],
          0,
          0,
          1,
          1,
        )}"/><path d="${p}" fill="none" stroke="${tint(c, 0.45)}" stroke-width="3" stroke-opacity="0.35"/>`,
        x,
        y,
        between(r, 0, 90),
      ),
    );
  });
  return out.join('');
};

const TEXTURES: Record<ArtTexture, TextureFn> = {
  whipped: texWhipped,
  butter: texButter,
  oil: texOil,
  lather: texLather,
  powder: texPowder,
  gel: texGel,
  scrub: texScrub,
  soap: texSoap,
};

const DEFAULT_TEXTURE: Record<ArtKind, ArtTexture> = {
  jar: 'whipped',
  tin: 'gel',
  bottle: 'oil',
  pump: 'lather',
  dropper: 'oil',
  tube: 'gel',
  soap: 'soap',
  bar: 'soap',
  pouch: 'powder',
  giftbox: 'butter',
};

// ---------------------------------------------------------------- scenes

const FULL = `width="${SIZE}" height="${SIZE}"`;

/** Subtle darkening at the edges, like a lens; linear edge fades cost far less than a full-frame radial. */
function vignette(d: Defs): string {
  const fade = (x1: number, y1: number, x2: number, y2: number): string =>
    lin(
      d,
      [
        [0, '#000000', 0.16],
        [1, '#000000', 0],
      ],
      x1,
      y1,
      x2,
      y2,
    );
  return [
    `<rect width="${SIZE}" height="220" fill="${fade(0, 0, 0, 1)}"/>`,
    `<rect y="${SIZE - 220}" width="${SIZE}" height="220" fill="${fade(0, 1, 0, 0)}"/>`,
    `<rect width="220" height="${SIZE}" fill="${fade(0, 0, 1, 0)}"/>`,
    `<rect x="${SIZE - 220}" width="220" height="${SIZE}" fill="${fade(1, 0, 0, 0)}"/>`,
  ].join('');
}

function groundShadow(d: Defs, w: number, y: number): string {
  return [
    softEllipse(d, SIZE / 2 + 30, y + 6, w * 0.72, Math.max(34, w * 0.09), 0.26),
    softEllipse(d, SIZE / 2 + 6, y, w * 0.54, Math.max(14, w * 0.035), 0.38),
  ].join('');
}

function frontScene(d: Defs, spec: ArtSpec, t: LabelText, r: Rand, style: number): string {
  const [bgTop, bgBot] = spec.background;
  const floorY = 800;
  const out: string[] = [
    `<rect ${FULL} fill="${lin(d, [
      [0, tint(bgTop, 0.1)],
      [1, bgBot],
    ])}"/>`,
  ];
  const tone = mix(bgBot, spec.accent ?? spec.body, 0.22);
  if (style === 0) {
    // Arch backdrop, a common studio set.
    out.push(
      `<path d="M290,${floorY} V520 A310 310 0 0 1 910,520 V${floorY} Z" fill="${lin(d, [
        [0, tint(tone, 0.1)],
        [1, tone],
      ])}"/>`,
    );
  } else if (style === 1) {
    out.push(
      `<circle cx="600" cy="520" r="340" fill="${rad(d, [
        [0, tint(tone, 0.25)],
        [1, tone],
      ])}"/>`,
    );
  } else {
    // Window light falling across the wall.
    out.push(
      `<path d="M120,0 L420,0 L760,${floorY} L460,${floorY} Z" fill="#ffffff" fill-opacity="0.16"/>`,
      `<path d="M520,0 L640,0 L980,${floorY} L860,${floorY} Z" fill="#ffffff" fill-opacity="0.12"/>`,
    );
  }
  out.push(
    `<rect y="${floorY}" width="${SIZE}" height="${SIZE - floorY}" fill="${lin(d, [
      [0, shade(bgBot, 0.06)],
      [1, shade(bgBot, 0.18)],
    ])}"/>`,
    `<rect y="${floorY}" width="${SIZE}" height="4" fill="#ffffff" fill-opacity="0.25"/>`,
  );
  const drawn = DRAWERS[spec.kind](d, spec, t, r);
  const podium = style === 1 || (style === 2 && r() < 0.5);
  let base = 950;
  if (podium) {
    const pc = tint(bgBot, 0.45);
    out.push(groundShadow(d, 560, 1010));
    out.push(cylSide(290, 620, 900, 990, 46, cylFill(d, pc)), `<ellipse cx="600" cy="900" rx="310" ry="46" fill="${tint(pc, 0.35)}"/>`);
    base = 912;
  }
  const s = Math.min(680 / drawn.w, 680 / drawn.h, 1.5);
  const motif = spec.motif;
  // Leafy props also peek from behind the product for depth.
  if (motif && (motif === 'leaves' || motif === 'lemongrass' || motif === 'neem' || motif === 'moringa')) {
    out.push(prop(d, r, spec, motif, 600 - drawn.w * s * 0.35, base - 120, -28, 1.15, false));
  }
  out.push(groundShadow(d, drawn.w * s, base));
  out.push(g(drawn.svg, SIZE / 2, base, 0, s));
  if (motif) {
    const left = 600 - (drawn.w * s) / 2 - 40;
    const right = 600 + (drawn.w * s) / 2 + 40;
    const fy = podium ? 1060 : base + 40;
    out.push(prop(d, r, spec, motif, Math.max(160, left), fy, between(r, -15, 15), 0.9));
    if (r() < 0.75) out.push(prop(d, r, spec, motif === 'leaves' ? 'drops' : motif, Math.min(1060, right), fy + 20, between(r, -20, 20), 0.7));
  }
  return out.join('');
}

function closeupScene(d: Defs, spec: ArtSpec, t: LabelText, r: Rand): string {
  const [bgTop, bgBot] = spec.background;
  const out: string[] = [
    `<rect ${FULL} fill="${lin(
      d,
      [
        [0, tint(bgTop, 0.2)],
        [1, tint(bgBot, 0.05)],
      ],
      0,
      0,
      1,
      1,
    )}"/>`,
  ];
  // Out-of-focus highlights stand in for a shallow depth of field; radial fades are cheaper than blur.
  for (let i = 0; i < 12; i++) {
    const c = i % 2 ? '#ffffff' : tint(spec.accent ?? spec.body, 0.4);
    out.push(
      `<circle cx="${n(between(r, 0, 1200))}" cy="${n(between(r, 0, 700))}" r="${n(between(r, 50, 140))}" fill="${rad(d, [
        [0, c, 0.35],
        [0.7, c, 0.2],
        [1, c, 0],
      ])}"/>`,
    );
  }
  out.push(`<rect y="880" ${FULL} fill="${shade(bgBot, 0.1)}" fill-opacity="0.6"/>`);
  const drawn = DRAWERS[spec.kind](d, spec, t, r);
  const s = clamp(820 / drawn.focus.w, 1.3, 3);
  const x = 600 - drawn.focus.x * s + between(r, -40, 40);
  const y = 560 - drawn.focus.y * s;
  out.push(softEllipse(d, x + 40, y, drawn.w * s * 0.65, 70, 0.3));
  out.push(g(drawn.svg, x, y, 0, s));
  if (spec.motif) {
    const left = r() < 0.5;
    out.push(prop(d, r, spec, spec.motif, left ? 120 : 1080, 1090, left ? 20 : -20, 1.5));
  }
  return out.join('');
}

/** Shadow under a product lying on a table, centred on the drawing; soap lumps get a round one. */
function lyingShadow(d: Defs, kind: ArtKind, drawn: Drawn, spread: number): string {
  if (kind === 'soap') return softEllipse(d, 16, 30, drawn.w * 0.46, drawn.h * 0.5, 0.4);
  return softRect(-drawn.w * 0.42 + spread, -drawn.h / 2 + 40, drawn.w * 0.84, drawn.h - 40, 36, 0.3, spread);
}

/** Linen weave, wood planks or a woven mat: the table under a flat lay. */
function surface(d: Defs, base: string, style: number, r: Rand): string {
  const out: string[] = [wash(d, tint(base, 0.12), shade(base, 0.08))];
  if (style === 0) {
    const pid = d.add(
      `linen${base}`,
      (id) =>
        `<pattern id="${id}" width="10" height="10" patternUnits="userSpaceOnUse"><path d="M0,2 H10 M0,7 H10" stroke="${shade(base, 0.12)}" stroke-width="1.2" stroke-opacity="0.35"/><path d="M3,0 V10 M8,0 V10" stroke="${tint(base, 0.2)}" stroke-width="1" stroke-opacity="0.35"/></pattern>`,
    );
    out.push(`<rect ${FULL} fill="url(#${pid})"/>`);
  } else if (style === 1) {
    let grain = '';
    for (let y = 0; y < SIZE; y += 200) {
      grain += `<rect y="${y}" width="${SIZE}" height="3" fill="${shade(base, 0.3)}" fill-opacity="0.5"/>`;
      for (let k = 0; k < 6; k++) {
        const yy = y + 20 + k * 30 + between(r, -6, 6);
        grain += `<path d="M0,${n(yy)} C300,${n(yy + between(r, -14, 14))} 700,${n(yy + between(r, -14, 14))} 1200,${n(yy)}" stroke="${shade(base, 0.18)}" stroke-width="2" stroke-opacity="0.35" fill="none"/>`;
      }
    }
    out.push(grain);
  } else {
    let rings = '';
    for (let k = 0; k < 24; k++)
      rings += `<circle cx="600" cy="600" r="${500 - k * 20}" fill="none" stroke="${k % 2 ? shade(base, 0.15) : tint(base, 0.18)}" stroke-width="12"/>`;
    out.push(`<circle cx="600" cy="600" r="510" fill="${tint(base, 0.05)}"/>${rings}`);
  }
  return out.join('');
}

function flatlayScene(d: Defs, spec: ArtSpec, t: LabelText, r: Rand, style: number): string {
  const base = mix(spec.background[1], '#d8c3a2', 0.3);
  const out: string[] = [surface(d, base, style, r)];
  const motif = spec.motif;
  // Props go round the edge so the product stays the hero in the middle.
  const slots: [number, number][] = [
    [170, 170],
    [1030, 180],
    [150, 1030],
    [1040, 1030],
    [600, 110],
    [600, 1110],
  ];
  const propCount = motif ? 4 + Math.floor(r() * 3) : 0;
  for (let i = 0; i < propCount && motif; i++) {
    const [x, y] = slots[i] as [number, number];
    out.push(prop(d, r, spec, i % 3 === 2 && motif !== 'drops' ? 'drops' : motif, x, y, between(r, 0, 360), between(r, 0.8, 1.05), false));
  }
  const roundShadow = (x: number, y: number, R: number): string =>
    `<circle cx="${n(x + 18)}" cy="${n(y + 22)}" r="${n(R + 24)}" fill="${rad(d, [
      [0, '#000000', 0.32],
      [0.88, '#000000', 0.26],
      [1, '#000000', 0],
    ])}"/>`;
  if (spec.kind === 'jar' || spec.kind === 'tin') {
    out.push(roundShadow(470, 700, 240), g(openTop(d, spec, r, 240), 470, 700));
    out.push(roundShadow(840, 400, 250), g(lidTop(d, spec, t, 250), 840, 400, between(r, -20, 20)));
  } else if (spec.kind === 'giftbox') {
    out.push(g(softRect(-290, -245, 600, 520, 8, 0.3, 20), 600, 600));
    out.push(g(giftboxTop(d, spec, t), 600, 600, between(r, -8, 8)));
  } else {
    const drawn = DRAWERS[spec.kind](d, spec, t, r);
    const s = Math.min(760 / drawn.h, 700 / drawn.w, 1.6);
    const rot = pick(r, [-72, -60, 60, 72, -16, 14] as const);
    // Rotate about the product's middle so it lies in the centre of the frame.
    const inner = g(drawn.svg, 0, drawn.h / 2, 0, 1);
    const shadow = lyingShadow(d, spec.kind, drawn, 18);
    out.push(`<g transform="translate(600 600) rotate(${rot}) scale(${s.toFixed(3)})">${shadow}${inner}</g>`);
  }
  return out.join('');
}

function textureScene(d: Defs, spec: ArtSpec, t: LabelText, r: Rand): string {
  const out: string[] = [];
  if (spec.kind === 'giftbox') {
    out.push(openBox(d, spec, t, r));
  } else {
    const texture = spec.texture ?? DEFAULT_TEXTURE[spec.kind];
    out.push(TEXTURES[texture](d, r, spec.contents ?? spec.body));
    if (spec.motif) out.push(prop(d, r, spec, spec.motif, 1010, 190, between(r, -30, 30), 1.1));
    // A small swing tag keeps the product name on every image.
    out.push(
      `<g transform="translate(70 930) rotate(-4)">${softRect(8, 12, 470, 200, 14, 0.3, 12)}${cardLabel(d, spec, t, { x: 0, y: 0, w: 470, h: 200 }, 14, { maxLines: 2, maxFs: 56 })}</g>`,
    );
  }
  return out.join('');
}

/** Usual container finishes for mini products, so a box of items reads as a real range. */
const ITEM_FINISH: Record<ArtKind, { body: string; cap: string; label: string }> = {
  jar: { body: '#f4f0e8', cap: '#c9a24e', label: '#fbf6ec' },
  tin: { body: '#d8b45a', cap: '#d1ad55', label: '#fbf2dc' },
  bottle: { body: '#8f4f17', cap: '#2a2623', label: '#fbf6ec' },
  pump: { body: '#5a3d26', cap: '#2a2623', label: '#f3ecdc' },
  dropper: { body: '#8f4f17', cap: '#c9a24e', label: '#fbf6ec' },
  tube: { body: '#f5efe6', cap: '#3a2a20', label: '#f5efe6' },
  soap: { body: '#4a3526', cap: '#5a8a3c', label: '#dcc39a' },
  bar: { body: '#c9a27a', cap: '#c9a27a', label: '#fbf6ec' },
  pouch: { body: '#c39a6b', cap: '#c39a6b', label: '#fbf6ec' },
  giftbox: { body: '#2f5a3f', cap: '#d7a84a', label: '#fbf6ec' },
};

/** An open gift box from above: tissue paper with the set's mini products. */
function openBox(d: Defs, spec: ArtSpec, t: LabelText, r: Rand): string {
  const out: string[] = [surface(d, mix(spec.background[1], '#d8c3a2', 0.3), 0, r)];
  const c = spec.body;
  out.push(softRect(118, 158, 980, 900, 10, 0.35, 16));
  out.push(
    `<rect x="100" y="140" width="1000" height="900" rx="10" fill="${c}"/>`,
    `<rect x="130" y="170" width="940" height="840" rx="6" fill="${shade(c, 0.3)}"/>`,
  );
  // Tissue paper: two crumpled sheets whose folds catch the light a little differently.
  const tissue = mix(spec.label, '#f3e9da', 0.5);
  let folds = '';
  for (const [cx, cy, x0, x1] of [
    [between(r, 330, 420), between(r, 520, 680), 120, 660],
    [between(r, 780, 870), between(r, 520, 680), 540, 1080],
  ] as const) {
    const rim: Pt[] = [];
    const edge = (xa: number, ya: number, xb: number, yb: number, count: number): void => {
      for (let k = 0; k < count; k++) {
        // The first point of each edge is its corner, so the sheets reach into the corners.
        const f = k === 0 ? 0 : (k + between(r, -0.25, 0.25)) / count;
        rim.push([xa + (xb - xa) * f, ya + (yb - ya) * f]);
      }
    };
    edge(x0, 160, x1, 160, 3);
    edge(x1, 160, x1, 1020, 3);
    edge(x1, 1020, x0, 1020, 3);
    edge(x0, 1020, x0, 160, 3);
    rim.forEach((p, i) => {
      const q = rim[(i + 1) % rim.length] as Pt;
      const tone = i % 3 === 0 ? shade(tissue, 0.05) : i % 3 === 1 ? tint(tissue, 0.25) : tissue;
      folds += `<path d="M${n(cx)},${n(cy)} L${n(p[0])},${n(p[1])} L${n(q[0])},${n(q[1])} Z" fill="${tone}"/>`;
      folds += `<path d="M${n(cx)},${n(cy)} L${n(p[0])},${n(p[1])}" stroke="#ffffff" stroke-width="3" stroke-opacity="0.4"/>`;
    });
  }
  out.push(`<g clip-path="${clip(d, '<rect x="130" y="170" width="940" height="840"/>')}">${folds}</g>`);
  const items = spec.items?.length
    ? spec.items
    : [
        { kind: 'jar' as const, label: 'Shea Butter' },
        { kind: 'dropper' as const, label: 'Baobab Oil' },
        { kind: 'bar' as const, label: 'Black Soap' },
      ];
  // Three items sit two over one; four fill the corners.
  const spots: [number, number, number][] = [[380, 470, -8], [820, 470, 10], items.length === 3 ? [600, 830, 4] : [380, 830, 6], [820, 830, -10]];
  items.slice(0, 4).forEach((item, i) => {
    const [x, y, rot] = spots[i] as [number, number, number];
    const finish = ITEM_FINISH[item.kind];
    const sub: ArtSpec = {
      ...spec,
      kind: item.kind,
      caption: undefined,
      body: item.body ?? finish.body,
      cap: item.cap ?? finish.cap,
      label: finish.label,
      ink: undefined,
      accent: undefined,
    };
    const drawn = DRAWERS[item.kind](d, sub, { title: item.label }, r);
    const s = Math.min(330 / drawn.h, 380 / drawn.w);
    out.push(
      `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s.toFixed(3)})">${lyingShadow(d, item.kind, drawn, 12)}${g(drawn.svg, 0, drawn.h / 2)}</g>`,
    );
  });
  out.push(g(cardLabel(d, spec, t, { x: -230, y: -70, w: 460, h: 140 }, 10, { maxLines: 2, caption: false }), 600, 1090, -3));
  return out.join('');
}

/** Canonical #rrggbb for every colour, so nothing from a spec reaches the markup unchecked. */
function cleanSpec(spec: ArtSpec): ArtSpec {
  const hex = (c: string): string => mix(c, c, 0);
  const opt = (c: string | undefined): string | undefined => (c === undefined ? undefined : hex(c));
  return {
    ...spec,
    background: [hex(spec.background[0]), hex(spec.background[1])],
    body: hex(spec.body),
    cap: opt(spec.cap),
    label: hex(spec.label),
    ink: opt(spec.ink),
    accent: opt(spec.accent),
    contents: opt(spec.contents),
    items: spec.items?.map((item) => ({ ...item, body: opt(item.body), cap: opt(item.cap) })),
  };
}

/**
 * A 1200x1200 SVG "photo" of the product for the given view. Different views, palettes and names
 * give visibly different pictures; the same inputs always give the same bytes.
 */
export function productArtSvg(input: ArtSpec, productName: string): string {
  const spec = cleanSpec(input);
  const d = new Defs();
  const t = labelTextFor(spec, productName);
  const h = hash(`${productName}|${spec.view}|${spec.kind}`);
  const r: Rand = seededRandom(h);
  const style = hash(productName) % 3;
  let scene: string;
  switch (spec.view) {
    case 'closeup':
      scene = closeupScene(d, spec, t, r);
      break;
    case 'flatlay':
      scene = flatlayScene(d, spec, t, r, style);
      break;
    case 'texture':
      scene = textureScene(d, spec, t, r);
      break;
    default:
      scene = frontScene(d, spec, t, r, style);
  }
  const body = `${scene}${vignette(d)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${d}${body}</svg>`;
}
