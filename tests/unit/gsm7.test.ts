import { describe, expect, it } from 'vitest';
import { formatGhs, gsm7Length, isGsm7, smsSegments, toGsm7 } from '@/server/notify/gsm7';
import { expectEach } from '../helpers/expect-each';

/**
 * 3GPP TS 23.038 section 6.2.1, the default alphabet as Unicode code points in code order 0x00..0x7F
 * (written out here apart from the module's table); 0x1B is the escape, not a character.
 */
const BASIC_CODE_POINTS = [
  [0x40, 0xa3, 0x24, 0xa5, 0xe8, 0xe9, 0xf9, 0xec, 0xf2, 0xc7, 0x0a, 0xd8, 0xf8, 0x0d, 0xc5, 0xe5],
  [0x394, 0x5f, 0x3a6, 0x393, 0x39b, 0x3a9, 0x3a0, 0x3a8, 0x3a3, 0x398, 0x39e, 0x1b, 0xc6, 0xe6, 0xdf, 0xc9],
  [0x20, 0x21, 0x22, 0x23, 0xa4, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f],
  [0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f],
  [0xa1, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f],
  [0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0xc4, 0xd6, 0xd1, 0xdc, 0xa7],
  [0xbf, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f],
  [0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0xe4, 0xf6, 0xf1, 0xfc, 0xe0],
].flat();
const BASIC = BASIC_CODE_POINTS.filter((cp) => cp !== 0x1b).map((cp) => String.fromCodePoint(cp));
/** The extension table: form feed (0x0A), ^ { } \ [ ~ ] | and € (0x65). */
const EXTENSION = ['\f', '^', '{', '}', '\\', '[', '~', ']', '|', '€'];

const name = (char: string) => `U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;

describe('the GSM-7 alphabet', () => {
  it('has 128 codes: 127 characters of one septet and the escape', () => {
    expect(BASIC_CODE_POINTS).toHaveLength(128);
    expect(new Set(BASIC)).toHaveProperty('size', 127);
    for (const char of BASIC) {
      expect(isGsm7(char), name(char)).toBe(true);
      expect(gsm7Length(char), name(char)).toBe(1);
      expect(smsSegments(char), name(char)).toEqual({ encoding: 'GSM-7', units: 1, segments: 1 });
    }
    expect(gsm7Length(BASIC.join(''))).toBe(127);
    expect(isGsm7('\u001b')).toBe(false);
  });

  it('counts each of the extension table characters as two septets (escape + character)', () => {
    for (const char of EXTENSION) {
      expect(isGsm7(char), name(char)).toBe(true);
      expect(gsm7Length(char), name(char)).toBe(2);
      expect(smsSegments(char), name(char)).toEqual({ encoding: 'GSM-7', units: 2, segments: 1 });
    }
    expect(gsm7Length(`Price: 5€ {a|b}`)).toBe(19);
  });

  it('knows characters it lacks, including the lower-case and capital twins of ones it has', () => {
    for (const char of ['ç', 'Ò', 'È', 'â', 'ô', 'ɛ', 'ɔ', 'Ɛ', 'Ɔ', '₵', '`', '\t', '\u00a0', '’', '–', '…', 'δ', '😀', '\u000b']) {
      expect(isGsm7(char), name(char)).toBe(false);
      expect(smsSegments(char).encoding, name(char)).toBe('UCS-2');
    }
    expectEach(isGsm7, [
      ['', true],
      ['Akwaaba, Ama!\r\nYour order is on its way.', true],
      ['Akwaaba, Ɛfua!', false],
    ]);
  });

  it('measures a text that is not GSM-7 as toGsm7 makes it', () => {
    expectEach(gsm7Length, [
      ['Kɔfi', 4],
      ['₵110', 7],
      ['“ok”', 4],
    ]);
  });
});

describe('SMS segments', () => {
  it('fits 160 septets in one GSM-7 SMS, then 153 per part', () => {
    expectEach(smsSegments, [
      ['', { encoding: 'GSM-7', units: 0, segments: 1 }],
      ['a'.repeat(160), { encoding: 'GSM-7', units: 160, segments: 1 }],
      ['a'.repeat(161), { encoding: 'GSM-7', units: 161, segments: 2 }],
      ['a'.repeat(306), { encoding: 'GSM-7', units: 306, segments: 2 }],
      ['a'.repeat(307), { encoding: 'GSM-7', units: 307, segments: 3 }],
    ]);
    expect(smsSegments('a'.repeat(459)).segments).toBe(3);
    expect(smsSegments('a'.repeat(460)).segments).toBe(4);
  });

  it('counts extension characters as two septets towards the limits', () => {
    expectEach(smsSegments, [
      ['€'.repeat(80), { encoding: 'GSM-7', units: 160, segments: 1 }],
      [`${'a'.repeat(159)}€`, { encoding: 'GSM-7', units: 161, segments: 2 }],
      [`${'a'.repeat(158)}€`, { encoding: 'GSM-7', units: 160, segments: 1 }],
    ]);
  });

  it('moves an escape pair that would straddle the 153rd septet to the next part', () => {
    // 152 + 2 + 152 = 306 septets: 2 parts by arithmetic, but the € cannot take septets 153 and 154,
    // so part one ends at 152 septets, part two holds 153 (€ and 151 letters), part three 1.
    const straddling = `${'a'.repeat(152)}€${'a'.repeat(152)}`;
    expect(smsSegments(straddling)).toEqual({ encoding: 'GSM-7', units: 306, segments: 3 });
    // One letter earlier the € takes septets 152 and 153 and all fits in two parts.
    const fitting = `${'a'.repeat(151)}€${'a'.repeat(153)}`;
    expect(smsSegments(fitting)).toEqual({ encoding: 'GSM-7', units: 306, segments: 2 });
    // The same at the 160 edge does not apply: a single SMS takes 160 septets whatever they are.
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(6)}`)).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(7)}`)).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
  });

  it('fits 70 UTF-16 units in one UCS-2 SMS, then 67 per part', () => {
    expectEach(smsSegments, [
      ['ɛ'.repeat(70), { encoding: 'UCS-2', units: 70, segments: 1 }],
      ['ɛ'.repeat(71), { encoding: 'UCS-2', units: 71, segments: 2 }],
      ['ɛ'.repeat(134), { encoding: 'UCS-2', units: 134, segments: 2 }],
      ['ɛ'.repeat(135), { encoding: 'UCS-2', units: 135, segments: 3 }],
    ]);
    // One non-GSM character makes the whole text UCS-2.
    expect(smsSegments(`${'a'.repeat(70)}ɔ`)).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
  });

  it('counts a surrogate pair as two units and never splits it across parts', () => {
    expect(smsSegments('😀'.repeat(35))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    // 66 + 2 + 66 = 134 units: 2 parts by arithmetic, but the emoji cannot take units 67 and 68.
    expect(smsSegments(`${'ɛ'.repeat(66)}😀${'ɛ'.repeat(66)}`)).toEqual({ encoding: 'UCS-2', units: 134, segments: 3 });
    expect(smsSegments(`${'ɛ'.repeat(65)}😀${'ɛ'.repeat(67)}`)).toEqual({ encoding: 'UCS-2', units: 134, segments: 2 });
  });
});

describe('toGsm7', () => {
  it('transliterates Akan names', () => {
    expectEach(toGsm7, [
      ['Ɛfua Mensah', 'Efua Mensah'],
      ['Kɔfi Bɔatɛng', 'Kofi Boateng'],
      ['Nana Ama Ɔforiwaa', 'Nana Ama Oforiwaa'],
      ['Ɔkɔmfo Anɔkye', 'Okomfo Anokye'],
    ]);
    // Tone marks over ɛ and ɔ (no precomposed form) go; ŋ and the Ewe letters take their base letter.
    expect(toGsm7('Ɔ\u0301kɔ\u0300 Aŋlɔ Ɖevi Ʋɔ')).toBe('Oko Anlo Devi Vo');
    // People type Greek ε or a reversed c for ɛ and ɔ.
    expect(toGsm7('Ama Sεrwaa Bↄ')).toBe('Ama Serwaa Bo');
  });

  it('keeps the accented letters GSM-7 has and takes the base letter of those it lacks', () => {
    expect(toGsm7('éèùìòÇØøÅåÄÖÑÜ§äöñüàÉÆæß')).toBe('éèùìòÇØøÅåÄÖÑÜ§äöñüàÉÆæß');
    expect(toGsm7('Côte d’Ivoire, Crème brûlée, São Tomé, Zoë, Ångström, Œuvre, Łódź, ç')).toBe(
      "Cote d'Ivoire, Crème brulée, Sao Tomé, Zoe, Ångström, OEuvre, Lodz, c",
    );
    expect(toGsm7('ÀÈÌÒÙ áíóú')).toBe('AEIOU aiou');
    // A letter typed as base + combining accent is the GSM-7 letter when GSM-7 has it.
    expect(toGsm7('Cafe\u0301')).toBe('Café');
    expect(toGsm7('o\u0302')).toBe('o');
  });

  it('straightens quotes and turns dashes, ellipses and odd spaces into plain ones', () => {
    expectEach(toGsm7, [
      ['‘Shea’ “butter” „x‟ «y»', '\'Shea\' "butter" "x" "y"'],
      ['Mon – Fri — 9‒5 ‐ −2', 'Mon - Fri - 9-5 - -2'],
      ['Wait…', 'Wait...'],
      ['a\u00a0b\u2009c\u202fd\u3000e\u2003f\tg', 'a b c d e f g'],
      ['soft\u00adhyphen, zero\u200bwidth, \ufeffbom', 'softhyphen, zerowidth, bom'],
      ['line\u2028break\r\nkept', 'line\nbreak\r\nkept'],
      ['`tick´', "'tick'"],
    ]);
  });

  it('turns cedis into GHS', () => {
    expectEach(toGsm7, [
      ['₵110', 'GHS 110'],
      ['₵110.00', 'GHS 110.00'],
      ['Total: ₵ 1,250.50', 'Total: GHS 1,250.50'],
      ['GH₵110 or GH¢110', 'GHS 110 or GHS 110'],
      ['paid in ₵', 'paid in GHS '],
    ]);
  });

  it('uses compatibility forms where they help', () => {
    expect(toGsm7('ﬁne ＡＢＣ ½ x² №5 ™')).toBe('fine ABC 1/2 x2 No5 TM');
    expect(toGsm7('Ω\u2126Å')).toBe('ΩΩÅ');
  });

  it('drops emoji without leaving doubled spaces', () => {
    expectEach(toGsm7, [
      ['Medaase 🙏 Ama', 'Medaase Ama'],
      ['Medaase 🙏', 'Medaase'],
      ['🌿 Shea butter', 'Shea butter'],
      ['Hi🙏 there', 'Hi there'],
      ['Done 🎉🎉\nNext', 'Done\nNext'],
      ['Family 👨‍👩‍👧 and 👍🏿 and 🇬🇭 and ❤️ ok', 'Family and and and ok'],
      ['Keycap 1️⃣', 'Keycap 1'],
    ]);
  });

  it('puts ? for a character it cannot write, and drops control characters', () => {
    expectEach(toGsm7, [
      ['Ama محمد', 'Ama ????'],
      ['서울', '??'],
      ['αβγ', '???'],
      ['a\u0000b\u0007c\u001bd\u009be', 'abcde'],
      ['lone \ud800 surrogate', 'lone ? surrogate'],
    ]);
  });

  it('leaves GSM-7 text, extension characters included, as it is', () => {
    const text = 'Order #1024: 2 x Shea Butter @ GHS 55.00 [paid] {ok} ~ | \\ ^ € 100% ¡Hola! ¿Qué?\r\n\f';
    expect(toGsm7(text)).toBe(text);
    expect(toGsm7(BASIC.join('') + EXTENSION.join(''))).toBe(BASIC.join('') + EXTENSION.join(''));
  });

  it('always gives GSM-7, for any string', () => {
    const samples = [
      'Ɛfua Mensah',
      'Kɔfi Bɔatɛng',
      'Nana Ama Ɔforiwaa',
      '₵110 – “Shea” … 🙏🏾',
      '\u0000\u001b\ud83d\ude00\udc00\ud800',
      'Ελληνικά Русский 中文 ไทย हिन्दी',
      '\u0301\u20e3\ufe0f',
    ];
    // Every code point of the BMP (lone surrogates included) and some beyond it.
    let all = '';
    for (let cp = 0; cp < 0x10000; cp += 1) all += String.fromCharCode(cp);
    samples.push(all);
    for (let cp = 0x10000; cp < 0x20000; cp += 7) samples.push(String.fromCodePoint(cp));
    for (const sample of samples) {
      const out = toGsm7(sample);
      expect(isGsm7(out), JSON.stringify(sample.slice(0, 40))).toBe(true);
      expect(toGsm7(out)).toBe(out);
    }
  });
});

describe('formatGhs', () => {
  it('writes integer pesewas as GHS with two decimals and thousands commas', () => {
    expectEach(formatGhs, [
      [0, 'GHS 0.00'],
      [1, 'GHS 0.01'],
      [10, 'GHS 0.10'],
      [99, 'GHS 0.99'],
      [100, 'GHS 1.00'],
      [11000, 'GHS 110.00'],
      [99999, 'GHS 999.99'],
      [100000, 'GHS 1,000.00'],
      [125050, 'GHS 1,250.50'],
      [123456789, 'GHS 1,234,567.89'],
      [-500, '-GHS 5.00'],
      [-0, 'GHS 0.00'],
    ]);
    expect(isGsm7(formatGhs(125050))).toBe(true);
  });

  it('refuses an amount that is not whole pesewas', () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) expect(() => formatGhs(bad)).toThrow(RangeError);
  });
});
