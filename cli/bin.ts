/**
 * The `skill-wizard` command: the process around `main` (streams, exit code). The bundle
 * `dist/cli.mjs` is built from this file (`scripts/build-cli.mjs`); tests call `main` directly
 * or spawn the bundle.
 */
import { main, PROGRAM } from './main';

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
main(process.argv.slice(2), {
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
