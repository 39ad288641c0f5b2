import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/** The repository root (tests run from out/test/cli). */
export const repoRoot = path.resolve(__dirname, '../../..');
/** The CLI as shipped: the esbuild bundle, not the compiled sources. */
export const cliPath = path.join(repoRoot, 'dist/cli.js');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  input?: string;
  /** Variables to set (a value of undefined removes the variable). */
  env?: Record<string, string | undefined>;
  uid?: number;
  gid?: number;
  /** Another copy of the bundle to run (the bundle is self-contained). */
  cli?: string;
  /** Milliseconds before the run is killed (a hang then fails the test instead of blocking it). */
  timeout?: number;
}

/** Runs `node dist/cli.js ...args` without a terminal and without colour variables unless given. */
export function runCli(args: string[], options: RunOptions): CliRun {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NO_COLOR: undefined,
    FORCE_COLOR: undefined,
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const result = spawnSync(process.execPath, [options.cli ?? cliPath, ...args], {
    cwd: options.cwd,
    input: options.input ?? '',
    env: env as NodeJS.ProcessEnv,
    encoding: 'utf8',
    uid: options.uid,
    gid: options.gid,
    timeout: options.timeout,
    killSignal: 'SIGKILL',
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const tempRoots: string[] = [];
// Each test file runs in its own process: its temporary folders go when it ends.
process.on('exit', () => {
  for (const root of tempRoots) rmSync(root, { recursive: true, force: true });
});

/** A fresh temporary folder holding the given files (paths relative to it, `/`-separated). */
export function tempTree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'filer-cli-'));
  tempRoots.push(root);
  for (const [relative, text] of Object.entries(files)) {
    const file = path.join(root, ...relative.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

/** A complete, clean node-runtime manifest; `extra` is spliced in as more top-level fields. */
export function cleanManifest(name = 'fixture-plugin', extra = ''): string {
  return `{
  "name": "${name}",
  "displayName": "Fixture",
  "version": "1.0.0"${extra ? `,\n  ${extra}` : ''}
}
`;
}

/** Fails with the CLI's output when a run did not exit as expected. */
export function describeRun(run: CliRun): string {
  return `exit ${run.status}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
}
