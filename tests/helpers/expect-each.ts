import { expect } from 'vitest';

/** Each input gives its output: a table of cases, each failure naming the input it came from. */
export function expectEach<I, O>(fn: (input: I) => O, cases: readonly (readonly [I, O])[]): void {
  for (const [input, output] of cases) expect(fn(input), JSON.stringify(input)).toEqual(output);
}
