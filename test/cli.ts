import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { main } from '../cli/main';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The bundle that ships as the `skill-wizard` bin (built by vitest's global setup). */
export const CLI_BUNDLE = fileURLToPath(new URL('../dist/cli.mjs', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The CLI as a user runs it: the bundle in a process of its own, from the project folder.
 * Under real limits when asked: `openFiles` is `ulimit -n`, `fileSizeKiB` is `ulimit -f` (a
 * shell sets them, then becomes node). `env` adds to the environment.
 */
export function spawnCli(args: string[], options: { openFiles?: number; fileSizeKiB?: number; cwd?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  const limits = [
    ...(options.openFiles === undefined ? [] : [`ulimit -n ${options.openFiles}`]),
    ...(options.fileSizeKiB === undefined ? [] : [`ulimit -f ${options.fileSizeKiB}`]),
  ];
  const [file, argv] =
    limits.length === 0
      ? [process.execPath, [CLI_BUNDLE, ...args]]
      : ['bash', ['-c', `${limits.join(' && ')} && exec "$0" "$@"`, process.execPath, CLI_BUNDLE, ...args]];
  return new Promise((resolve) => {
    execFile(file, argv, { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, encoding: 'utf8', maxBuffer: 1 << 26 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The CLI in this process (`main` with buffers): for the cases where spawning adds nothing. */
export async function runHere(...args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { out: (t) => (stdout += `${t}\n`), err: (t) => (stderr += `${t}\n`) });
  return { code, stdout, stderr };
}
