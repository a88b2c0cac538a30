// TypeScript 7's compiler (the native one, devDependency `typescript-7`), for `npm run typecheck` and
// the typed client's contract: it checks the tests' project in about 13 s where TypeScript 5's took
// 90 s on the two-core CI machine. `typescript` (5.x) stays for the tools that read code through its
// JS API (scripts/check-code-shape.mjs, dependency-cruiser), which TypeScript 7 does not have.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
export const TSC = path.join(path.dirname(require.resolve('typescript-7/package.json')), 'bin/tsc');
