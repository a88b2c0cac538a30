import { Fragment } from 'react';

/** The address in pieces that may end a line: up to each '@' and after each dot (`ama.` `mensah` `@example.` `com`). */
function piecesOf(address: string): { text: string; at: number }[] {
  const pieces: { text: string; at: number }[] = [];
  let start = 0;
  for (let i = 1; i < address.length; i++) {
    const ch = address[i];
    const prev = address[i - 1];
    if (ch === '@' || prev === '.') {
      pieces.push({ text: address.slice(start, i), at: start });
      start = i;
    }
  }
  pieces.push({ text: address.slice(start), at: start });
  return pieces;
}

/**
 * An e-mail address that wraps where a reader expects, before the '@' and after a dot, never in the
 * middle of a word (a table cell's `overflow-wrap: anywhere` broke `akosua@exam|ple.com`). Give it
 * `overflow-wrap: break-word` (only a piece longer than the whole line still breaks).
 */
export function EmailText({ address, className }: { address: string; className?: string }) {
  return (
    <span className={className}>
      {piecesOf(address).map((piece) => (
        <Fragment key={piece.at}>
          {piece.at > 0 && <wbr />}
          {piece.text}
        </Fragment>
      ))}
    </span>
  );
}
