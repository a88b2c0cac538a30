import { type ChildProcess, spawn } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr together. */
  output(): string;
  exited: Promise<number | null>;
}

/** One of the shop's scripts run to its end (a command-line tool through tsx): its exit code and everything it wrote. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/**
 * The real server entry (`src/server/index.ts` through tsx, or a built `index.js` when given), with no
 * demo data unless asked.
 */
export function startServer(env: Record<string, string>, builtEntry?: string): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, builtEntry ? [builtEntry] : ['--import', 'tsx', 'src/server/index.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function waitFor(check: () => boolean, describeOutput?: () => string, ms = 30_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out${describeOutput ? `: ${describeOutput()}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits for the "listening" log line and returns the port the server took (PORT=0 picks one). */
export async function listeningPort(server: ServerProcess): Promise<number> {
  await waitFor(() => server.output().includes('"msg":"listening"') || server.child.exitCode !== null, server.output);
  const port = Number(/"msg":"listening","port":(\d+)/.exec(server.output())?.[1]);
  if (!port) throw new Error(`the server did not start: ${server.output()}`);
  return port;
}
