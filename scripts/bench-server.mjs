/**
 * What the browser benches (bench-lighthouse.mjs, bench-inp.mjs) share about the built shop they
 * start: waiting for it to answer.
 */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `${baseURL}/api/settings` answers 200; throws if the server stops or never answers. */
export async function waitForServer(server, baseURL, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit code ${server.exitCode})`);
    try {
      const res = await fetch(`${baseURL}/api/settings`);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`no answer from ${baseURL}/api/settings after ${timeoutMs / 1000} s`);
}
