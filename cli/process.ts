/**
 * The `skill-wizard` command as a process: `main` with the process's streams and exit code.
 * `cli/bin.ts` runs it (tsx, or any import of the sources); the shipped bin runs it from the
 * bundle `dist/cli.cjs` through `cli/launch.ts` (see scripts/build-cli.mjs).
 */
import { PROGRAM } from './command';
import { main } from './main';

export { main };

/** Runs the command `argv`. */
export function runCli(argv: string[]): void {
  // A reader that goes away (`… | head`) stops the output, not the work: the files a command
  // writes are still written whole, and it exits as it would have.
  const closed = new Set<NodeJS.WriteStream>();
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      closed.add(stream);
    });
  }
  const write = (stream: NodeJS.WriteStream, text: string) => {
    if (!closed.has(stream)) stream.write(`${text}\n`);
  };
  main(argv, {
    out: (text) => write(process.stdout, text),
    err: (text) => write(process.stderr, text),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`${PROGRAM}: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 70;
    },
  );
}
