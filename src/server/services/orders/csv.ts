/**
 * The shop's one CSV writer (the admin's exports): RFC 4180 (comma, CRLF, fields with a comma, quote or
 * line break in double quotes, quotes doubled), UTF-8 with a byte order mark so spreadsheets read ₵
 * and names right. Text a spreadsheet could run as a formula (starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return) is written with a `'` before it, and so is every such segment after a `;`,
 * `,`, tab or line break inside a text cell: a spreadsheet in a locale that splits on `;` (or told to
 * split on tabs) makes each segment a cell. Amounts and counts are numbers, never touched (`-12.5`
 * stays a number); Ghana phones are written `0XXXXXXXXX`, so they need no guard.
 */

/** A cell: text (neutralised), an amount or a count (a plain number), a phone, or nothing. */
export type CsvCell = string | number | { phone: string | null } | null | undefined;

/** The byte order mark the file starts with (U+FEFF, written as UTF-8). */
export const CSV_BOM = '\uFEFF';

/**
 * Where a segment starts (the cell's start, or just after a separator some spreadsheet splits on)
 * followed by a formula character: spaces before it are no shield, since an import that trims them
 * would run the rest.
 */
const FORMULA_SEGMENT = /(^|[;,\t\r\n])( *)(?=[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",\r\n]/;

/** Text as a cell: every segment's leading formula character made harmless, then quoted when it must be. */
export function csvText(value: string): string {
  const safe = value.replace(FORMULA_SEGMENT, "$1$2'");
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A Ghana phone (`+233…`, `233…` or `0…`, spaces allowed) as `0XXXXXXXXX`; anything else as text. */
export function localPhoneOf(phone: string): string {
  const digits = phone.replace(/[\s-]/g, '');
  const match = /^(?:\+?233|0)(\d{9})$/.exec(digits);
  return match ? `0${match[1]}` : phone;
}

/** One cell as it is written. */
export function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'object') return cell.phone === null ? '' : csvText(localPhoneOf(cell.phone));
  return csvText(cell);
}

/** One record, with its line end. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole file: the BOM, the header and the rows. */
export function csvFile(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const parts = [CSV_BOM, csvRow(header)];
  for (const row of rows) parts.push(csvRow(row));
  return parts.join('');
}

/** A date and time as Ghana reads it (UTC, GMT all year): `2026-11-22 10:05`. */
export function csvDateTime(date: Date): string {
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

/** The download's headers: `text/csv` in UTF-8, as an attachment named `{name}-YYYY-MM-DD.csv`. */
export function csvHeaders(name: string, today: Date): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}-${today.toISOString().slice(0, 10)}.csv"`,
    'cache-control': 'no-store',
  };
}
