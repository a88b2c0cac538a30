// `npm start`: the production server, built first when there is no build yet.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/server/index.js') || !existsSync('dist/client/index.html')) {
  console.log('No build found: building the shop first (about a minute)...');
  execSync('npm run build', { stdio: 'inherit' });
}
await import(new URL('../dist/server/index.js', import.meta.url).href);
