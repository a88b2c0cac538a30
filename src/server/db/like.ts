/** A `%text%` pattern for ILIKE that matches `%`, `_` and `\` as typed, not as wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
