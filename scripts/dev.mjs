// `npm run dev`: the API server (restarted on change) on :3000 and Vite (hot reload) on :5173.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/index.ts'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
  // Vite proxies /api, /uploads and /pay to the API server (vite.config.ts reads API_URL).
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_URL: `http://localhost:${port}` } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
