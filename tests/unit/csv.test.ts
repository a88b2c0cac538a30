import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, csvText } from '@/server/services/orders/csv';
import { expectEach } from '../helpers/expect-each';

/**
 * The CSV writer's formula guard (services/orders/csv.ts). A spreadsheet in a locale that splits on `;` (or
 * one told to split on tabs or commas) makes every segment of a cell a cell of its own, so a segment
 * that would start a formula is neutralised too, not only the cell's start.
 */

/** What a spreadsheet splitting on `sep` makes of one written cell (quotes of the CSV undone). */
const segments = (written: string, sep: RegExp) => written.replace(/^"|"$/g, '').replace(/""/g, '"').split(sep);
const runnable = (segment: string) => /^ *[=+\-@\t\r]/.test(segment);

describe('csvText', () => {
  it('neutralises a formula at the start of a cell, as before', () => {
    expectEach(csvText, [
      ['=1+2', "'=1+2"],
      ['+Accra', "'+Accra"],
      ['-5 off Shea', "'-5 off Shea"],
      ['@x', "'@x"],
      ['\tx', "'\tx"],
    ]);
  });

  it('neutralises every segment after a ; , or tab that would start a formula', () => {
    expectEach(csvText, [
      ['Kofi;=1+2', "Kofi;'=1+2"],
      ['Kofi; =1+2', "Kofi; '=1+2"],
      ['a;+b;-c;@d', "a;'+b;'-c;'@d"],
      ['Kofi\t=HYPERLINK("http://evil.example")', `"Kofi\t'=HYPERLINK(""http://evil.example"")"`],
      ['Osu,=cmd|" /C calc"!A0', `"Osu,'=cmd|"" /C calc""!A0"`],
    ]);
    // A line break inside a cell starts a row for a reader that ignores the quotes.
    expect(csvText('Black Soap\n=1+2')).toBe(`"Black Soap\n'=1+2"`);
    // Leading spaces are no shield: a spreadsheet that trims them would run the rest.
    expect(csvText(' =1+2')).toBe(" '=1+2");
  });

  it('leaves ordinary text as it was: hyphenated names, inner signs, e-mails, a formula character not after a separator', () => {
    for (const plain of [
      'Ama-Serwaa Mensah',
      'Kwame - the tall one',
      'x@example.com',
      'Shea Butter 250g',
      'Osu; near the castle',
      '2 + 2 bottles',
      'Tema, Community 25',
    ]) {
      expect(csvText(plain), plain).toBe(/[",\r\n]/.test(plain) ? `"${plain.replace(/"/g, '""')}"` : plain);
    }
  });

  it('whatever the separator, no segment a spreadsheet makes can start a formula', () => {
    const attacks = ['Kofi;=1+2', 'a,+b', 'a\t-b', 'x;@SUM(A1)', 'x; ;=1', 'x;\t=1', '=a;=b,=c\t=d', 'a\r=b', 'a\r\n-b'];
    for (const attack of attacks) {
      const written = csvText(attack);
      for (const sep of [/;/, /,/, /\t/, /\r\n|\r|\n/]) {
        for (const segment of segments(written, sep))
          expect(runnable(segment), `${JSON.stringify(attack)} split on ${sep}: ${JSON.stringify(segment)}`).toBe(false);
      }
    }
  });
});

describe('csvCell', () => {
  it('keeps amounts and counts numbers, negative ones too', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(45.5)).toBe('45.5');
    expect(csvRow(['Refund', -12.5, 3])).toBe('Refund,-12.5,3\r\n');
  });

  it('writes Ghana phones as 0XXXXXXXXX, never with a quote, and guards any other phone text', () => {
    expectEach(csvCell, [
      [{ phone: '+233 24 123 4567' }, '0241234567'],
      [{ phone: '233241234567' }, '0241234567'],
      [{ phone: '+44 20 7946 0958' }, "'+44 20 7946 0958"],
      [{ phone: null }, ''],
    ]);
  });
});
