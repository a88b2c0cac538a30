/**
 * SMS text in the GSM 7-bit default alphabet (GSM 03.38 / 3GPP TS 23.038 section 6.2.1), and the
 * segment arithmetic of concatenated SMS (TS 23.040: a 6-octet user data header leaves 153 septets
 * or 67 UCS-2 units per part). Pure functions, no dependencies.
 *
 * Only the default alphabet and its default extension table are used; the national language shift
 * tables are not (a phone that does not support them would show garbage).
 */

/**
 * The default alphabet in code order 0x00..0x7F. 0x1B is the escape to the extension table, not a
 * character of its own: it is marked here with U+001B and is never accepted as text.
 */
const BASIC_TABLE =
  '@£$¥èéùìòÇ\nØø\rÅå' +
  'Δ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ' +
  ' !"#¤%&\'()*+,-./' +
  '0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNO' +
  'PQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmno' +
  'pqrstuvwxyzäöñüà';

const ESCAPE = '\u001b';

/** The default extension table (0x0A form feed, 0x14 ^, 0x28 {, 0x29 }, 0x2F \, 0x3C [, 0x3D ~, 0x3E ], 0x40 |, 0x65 €): two septets each. */
const EXTENSION_TABLE = '\f^{}\\[~]|€';

const BASIC = new Set([...BASIC_TABLE].filter((c) => c !== ESCAPE));
const EXTENSION = new Set([...EXTENSION_TABLE]);

/** Septets of one character, 0 when it is not GSM-7. */
function septetsOf(char: string): number {
  if (BASIC.has(char)) return 1;
  if (EXTENSION.has(char)) return 2;
  return 0;
}

/** Whether every character of the text is in the default alphabet or its extension table. */
export function isGsm7(text: string): boolean {
  for (const char of text) if (septetsOf(char) === 0) return false;
  return true;
}

/**
 * Characters outside GSM-7 that have a better stand-in than their NFKD decomposition gives (or that
 * have none). Checked before anything else, so '™' is 'TM' although it is also an emoji.
 */
const REPLACEMENTS: Record<string, string> = {
  // Akan, Ewe, Ga, Dagbani, Dagaare and Hausa letters (none decomposes under NFKD).
  Ɛ: 'E',
  ɛ: 'e',
  Ɔ: 'O',
  ɔ: 'o',
  // Stand-ins people type for ɛ and ɔ: Greek epsilon, the reversed c.
  ε: 'e',
  Ↄ: 'O',
  ↄ: 'o',
  Ŋ: 'N',
  ŋ: 'n',
  Ɖ: 'D',
  ɖ: 'd',
  Ƒ: 'F',
  ƒ: 'f',
  Ɣ: 'G',
  ɣ: 'g',
  Ʋ: 'V',
  ʋ: 'v',
  Ʒ: 'Z',
  ʒ: 'z',
  Ɩ: 'I',
  ɩ: 'i',
  Ʊ: 'U',
  ʊ: 'u',
  Ə: 'E',
  ə: 'e',
  Ɓ: 'B',
  ɓ: 'b',
  Ɗ: 'D',
  ɗ: 'd',
  Ƙ: 'K',
  ƙ: 'k',
  Ƴ: 'Y',
  ƴ: 'y',
  // Other Latin letters without a decomposition.
  Œ: 'OE',
  œ: 'oe',
  Ð: 'D',
  ð: 'd',
  Þ: 'Th',
  þ: 'th',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ĸ: 'k',
  Ŧ: 'T',
  ŧ: 't',
  Ŀ: 'L',
  ŀ: 'l',
  // Greek capitals that look like Latin ones (the alphabet has the other Greek capitals).
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  // Quotes and apostrophes.
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u2039': "'",
  '\u203a': "'",
  '\u02bc': "'",
  '\u02bb': "'",
  '`': "'",
  '\u00b4': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  // Hyphens, dashes and minus.
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2043': '-',
  '\u2022': '-',
  '\u00b7': '.',
  '\u2026': '...',
  '\u2044': '/',
  // Signs (₵ goes by way of CEDI below; ¢ alone is a cent sign).
  '¢': 'c',
  '\u00a9': '(c)',
  '\u00ae': '(R)',
  '\u2122': 'TM',
  '\u203c': '!!',
  '\u2049': '?!',
  '\u00d7': 'x',
  '\u00f7': '/',
  '\u00b1': '+/-',
  '\u00b0': 'o',
  '\u00a6': '|',
  // Control characters with a meaning: a tab is a space, the other line breaks a line feed.
  '\t': ' ',
  '\u000b': '\n',
  '\u0085': '\n',
  '\u2028': '\n',
  '\u2029': '\n',
};

/** 'GH₵ 110', '₵110', 'GH¢110' all read 'GHS 110'. */
const CEDI = /(?:(?:GH|Gh)?₵|(?:GH|Gh)¢)[ \u00a0\u202f]*/g;

const INVISIBLE = /^\p{Default_Ignorable_Code_Point}$/u;
const EMOJI = /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator})$/u;
const MARK = /^\p{M}$/u;
const SPACE = /^\p{Zs}$/u;
const CONTROL = /^\p{Cc}$/u;

/** A stand-in; `emoji` when an emoji was dropped, `unknown` when there was none ('?'). */
type Piece = { text: string; emoji?: true; unknown?: true };

/** The GSM-7 stand-in for one code point ('' when it is dropped, '?' when there is none). */
function transliterate(char: string, decomposed = false): Piece {
  if (septetsOf(char) > 0) return { text: char };
  const replacement = REPLACEMENTS[char];
  if (replacement !== undefined) return { text: replacement };
  if (INVISIBLE.test(char)) return { text: '' };
  if (EMOJI.test(char)) return { text: '', emoji: true };
  if (!decomposed) {
    // Accented letters GSM-7 lacks become their base letter; ligatures, full-width forms,
    // superscripts and odd spaces their compatibility equivalents. NFKD is idempotent: one level.
    const parts = char.normalize('NFKD');
    if (parts !== char) {
      // A character that decomposes into something with no stand-in (a Hangul syllable) is one '?'.
      let text = '';
      for (const part of parts) {
        const piece = transliterate(part, true);
        if (piece.unknown) return piece;
        text += piece.text;
      }
      return { text };
    }
  }
  if (MARK.test(char)) return { text: '' };
  if (SPACE.test(char)) return { text: ' ' };
  if (CONTROL.test(char)) return { text: '' };
  return { text: '?', unknown: true };
}

/**
 * The text in GSM-7 (default alphabet and extension table) only: characters it lacks are
 * transliterated (ɛ → e, ɔ → o, ô → o, curly quotes to straight ones, dashes to '-', '…' to '...',
 * odd spaces to ' ', ₵ to 'GHS '), invisible characters and control characters dropped, emoji
 * dropped (with a space left doubled by one), and anything else becomes '?'. Never throws.
 */
export function toGsm7(text: string): string {
  // NFC first, so a letter typed as base + combining accent finds its precomposed GSM-7 form (é).
  const source = String(text).normalize('NFC').replace(CEDI, 'GHS ');
  let out = '';
  // Dropping an emoji leaves no doubled space: 'Thanks 🙏 Ama' reads 'Thanks Ama', '🌿 Shea' reads
  // 'Shea', and 'Done 🎉' reads 'Done', not 'Done ' (a space next to the emoji goes with it).
  let afterEmoji = false;
  let spaceBeforeEmoji = false;
  for (const char of source) {
    const piece = transliterate(char);
    if (piece.emoji) {
      if (!afterEmoji) spaceBeforeEmoji = out === '' || out.endsWith(' ') || out.endsWith('\n');
      afterEmoji = true;
      continue;
    }
    if (piece.text === '') continue;
    if (afterEmoji) {
      afterEmoji = false;
      if (piece.text === ' ' && spaceBeforeEmoji) continue;
      if (piece.text.startsWith('\n') && spaceBeforeEmoji && out.endsWith(' ')) out = out.slice(0, -1);
    }
    out += piece.text;
  }
  if (afterEmoji && spaceBeforeEmoji && out.endsWith(' ')) out = out.slice(0, -1);
  return out;
}

/**
 * Septets the text takes in GSM-7: 1 per character of the default alphabet, 2 per character of the
 * extension table (escape + character). A text that is not GSM-7 is measured as toGsm7 makes it.
 */
export function gsm7Length(text: string): number {
  const gsm = isGsm7(text) ? text : toGsm7(text);
  let septets = 0;
  for (const char of gsm) septets += septetsOf(char);
  return septets;
}

/** Parts needed when each piece (an escape pair, a surrogate pair) stays whole within a part. */
function partsFor(sizes: number[], total: number, single: number, perPart: number): number {
  if (total <= single) return 1;
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > perPart) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return parts;
}

/**
 * How the text goes out as it is: GSM-7 when every character is GSM-7 (units are septets: 160 fit
 * one SMS, else 153 per part), otherwise UCS-2 (units are UTF-16 code units: 70 in one SMS, else 67
 * per part). An escape pair or a surrogate pair is never split across parts. An empty text is one
 * (empty) SMS. Call toGsm7 first to send a text as GSM-7.
 */
export function smsSegments(text: string): { encoding: 'GSM-7' | 'UCS-2'; units: number; segments: number } {
  if (isGsm7(text)) {
    const sizes = [...text].map(septetsOf);
    const units = sizes.reduce((sum, size) => sum + size, 0);
    return { encoding: 'GSM-7', units, segments: partsFor(sizes, units, 160, 153) };
  }
  const sizes = [...text].map((char) => char.length);
  return { encoding: 'UCS-2', units: text.length, segments: partsFor(sizes, text.length, 70, 67) };
}

/**
 * Integer pesewas as an SMS price: 11000 → 'GHS 110.00', 125050 → 'GHS 1,250.50', -500 → '-GHS 5.00'.
 * 'GHS', not '₵', which GSM-7 lacks. A non-integer amount is a caller's error: RangeError.
 */
export function formatGhs(pesewas: number): string {
  if (!Number.isSafeInteger(pesewas)) throw new RangeError(`formatGhs takes whole pesewas, got ${pesewas}`);
  const sign = pesewas < 0 ? '-' : '';
  const amount = Math.abs(pesewas);
  const cedis = String(Math.floor(amount / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = String(amount % 100).padStart(2, '0');
  return `${sign}GHS ${cedis}.${rest}`;
}
