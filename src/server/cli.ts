import { ConfigError } from './config';

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs a command-line tool's `main`. A failure prints one line and exits 1, never a stack trace: a
 * configuration error, or one of the kinds the tool names as speaking for itself, as its own message;
 * anything else after `failed` ("Failed: …").
 */
export function runCli(main: () => Promise<void>, { failed = 'Failed', known = [] }: { failed?: string; known?: ErrorClass[] } = {}): void {
  main().catch((error: unknown) => {
    const speaksForItself = error instanceof ConfigError || known.some((kind) => error instanceof kind);
    console.error(speaksForItself ? (error as Error).message : `${failed}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
