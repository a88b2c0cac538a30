#!/usr/bin/env node
/**
 * `npm run check:shape`: the code stays in rooms a newcomer can read, printed as figures:
 * - no source file over 500 lines (generated files, demo data and migrations aside);
 * - no function over 100 lines outside tests (a long one is several jobs; split it by what they do);
 * - the client calls the API through the typed client only: no `.json<T>()` cast, no `as never`;
 * - every client form goes through react-hook-form (`handleSubmit`), the one form library.
 * Exits 1 on any breach, naming it.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const MAX_FILE_LINES = 500;
const MAX_FUNCTION_LINES = 100;
const NOT_SOURCE = [/routeTree\.gen\.ts$/, /\.gen\.d\.ts$/, /^src\/server\/demo\//, /\/migrations\//];
/** Forms that are not data entry: a search field submits what it holds, nothing to validate. */
const FORMS_WITHOUT_LIBRARY = new Set(['src/client/features/search/components/search-box.tsx']);

const files = execSync('git ls-files -co --exclude-standard src sw scripts', { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !NOT_SOURCE.some((pattern) => pattern.test(file)));

const breaches = [];
let functions = 0;
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // listed by git but deleted in the working tree
  }
  const lines = text.trimEnd().split('\n').length;
  if (lines > MAX_FILE_LINES) breaches.push(`${file}: ${lines} lines (at most ${MAX_FILE_LINES})`);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) {
      functions++;
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > MAX_FUNCTION_LINES) breaches.push(`${file}:${start + 1}: a function of ${end - start + 1} lines (at most ${MAX_FUNCTION_LINES})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (file.startsWith('src/client/')) {
    for (const [pattern, what] of [
      [/\.json<[^>]/g, 'a `.json<T>()` cast (call through the typed client)'],
      [/\bas never\b/g, 'an `as never` cast'],
    ]) {
      for (const match of text.matchAll(pattern)) breaches.push(`${file}:${text.slice(0, match.index).split('\n').length}: ${what}`);
    }
    if (/<form\b/.test(text) && !/handleSubmit/.test(text) && !FORMS_WITHOUT_LIBRARY.has(file))
      breaches.push(`${file}: a form without react-hook-form's handleSubmit`);
  }
}

console.log(`Code shape: ${files.length} source files, ${functions} functions read.`);
if (breaches.length > 0) {
  console.log(`${breaches.length} breaches:\n  ${breaches.join('\n  ')}`);
  process.exit(1);
}
console.log(`No file over ${MAX_FILE_LINES} lines, no function over ${MAX_FUNCTION_LINES}, no untyped call or cast, every form through the form library.`);
