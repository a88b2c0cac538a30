import type { IncomingMessage, ServerResponse } from 'node:http';

/* What the local fakes of outside services (Paystack, Hubtel) share. */

/**
 * A fake server's answers held open (a provider that never answers): `hold` keeps one until its
 * connection closes, `drop` cuts every one still open (a reset, or the server stopping).
 */
export function heldAnswers() {
  const open = new Set<ServerResponse>();
  return {
    hold(res: ServerResponse) {
      open.add(res);
      res.on('close', () => open.delete(res));
    },
    drop() {
      for (const res of open) res.destroy();
      open.clear();
    },
  };
}

/** A request's body as sent (`raw`), and read as JSON (`body`: undefined when empty or not JSON). */
export async function readRequest(req: IncomingMessage): Promise<{ raw: string; body: unknown }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  try {
    return { raw, body: raw === '' ? undefined : JSON.parse(raw) };
  } catch {
    return { raw, body: undefined };
  }
}
