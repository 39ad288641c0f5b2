/**
 * What the real-client tests share: a copy of an example plugin to work in (handlerSandbox(): one with a finding in a
 * handler), `filer-manifest-language-server`
 * on PATH (as `npm install -g .` puts it there, but running this checkout's dist/server.js), and an
 * editor run in a process group of its own, bounded in time, after which nothing of it is left running.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const repositoryRoot = resolve(__dirname, '../../..');
export const clientsRoot = join(repositoryRoot, 'test/clients');
const serverPath = join(repositoryRoot, 'dist/server.js');

/**
 * How to run an editor: `command args… <its own arguments>`, with `env` added (Neovim, and Helix extracted from Debian
 * sid).
 */
export interface NeovimCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
  version: string;
}

/** scripts/editor/editors.mjs, which installs (or downloads) the editors when they are missing. */
export interface Editors {
  ensureNeovim(): Promise<{ path: string; version: string }>;
  ensureNeovimFromSuite(suite: string): Promise<NeovimCommand>;
  ensureEmacs(): Promise<{ path: string; version: string }>;
  ensureHelix(): Promise<NeovimCommand>;
}

export function editors(): Promise<Editors> {
  return import(pathToFileURL(join(repositoryRoot, 'scripts/editor/editors.mjs')).href) as Promise<Editors>;
}

export interface Sandbox {
  root: string;
  /** The plugin folder the editor works in. */
  workspace: string;
  /** HOME, XDG_* and PATH for the editor: no user configuration, the server on PATH. */
  env: NodeJS.ProcessEnv;
  results: string;
  cleanup(): void;
}

export function sandbox(example: string): Sandbox {
  assert.ok(existsSync(serverPath), `${serverPath} is missing: run npm run build first`);
  const root = mkdtempSync(join(tmpdir(), 'filer-client-'));
  const workspace = join(root, 'plugin');
  cpSync(join(repositoryRoot, 'examples', example), workspace, { recursive: true });
  rmSync(join(workspace, 'expected-diagnostics.txt'), { force: true });
  const bin = join(root, 'bin');
  mkdirSync(bin);
  const shim = join(bin, 'filer-manifest-language-server');
  writeFileSync(shim, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(serverPath)} "$@"\n`);
  chmodSync(shim, 0o755);
  const home = join(root, 'home');
  mkdirSync(home);
  const env = {
    PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    TERM: 'dumb',
    // Marks every process of this run, the language server included, wherever the editor puts it.
    FILER_CLIENT_SANDBOX: root,
    LANG: 'C.UTF-8',
  };
  return {
    root,
    workspace,
    env,
    results: join(root, 'results.json'),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export interface EditorRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  output: string;
}

/**
 * Runs the editor in its own process group; after it ends (or after timeoutMs, when it is killed) the whole group is
 * killed.
 */
export function runEditor(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<EditorRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let timedOut = false;
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${command} could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // The language server the editor started is in the group too.
      killGroup();
      resolvePromise({ code, signal, timedOut, output });
    });
  });
}

/** The processes still running with this sandbox's mark in their environment. */
function marked(box: Sandbox): number[] {
  const mark = `FILER_CLIENT_SANDBOX=${box.root}`;
  return readdirSync('/proc').flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      return readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(mark) ? [Number(name)] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Waits (up to 10 s) for every process of the run to exit: the language server outlives the editor by
 * the time it takes to see its input close. Those still there are killed, and the test fails.
 */
export async function assertNothingLeftRunning(box: Sandbox): Promise<void> {
  const deadline = Date.now() + 10_000;
  let left = marked(box);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    left = marked(box);
  }
  const commands = left.map((pid) => {
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').join(' ');
    } catch {
      // It exited meanwhile.
    }
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // It exited meanwhile.
    }
    return `${pid} ${command}`;
  });
  assert.deepEqual(commands, [], 'processes of the editor run still running 10 s after the editor exited (now killed)');
}

/** That the editor's script ran to its end without an error, the editor exited 0, and nothing of the run is left. */
export async function assertRanCleanly(
  box: Sandbox,
  run: EditorRun,
  results: { errors: string[]; done?: boolean },
): Promise<void> {
  assert.deepEqual(results.errors, [], run.output);
  assert.equal(results.done, true);
  assert.equal(run.code, 0, run.output);
  await assertNothingLeftRunning(box);
}

/** The JSON the editor's script wrote, with what the editor printed when it wrote none. */
export function readResults<T>(box: Sandbox, run: EditorRun): T {
  assert.ok(!run.timedOut, `the editor did not finish in time; it printed:\n${run.output}`);
  assert.ok(
    existsSync(box.results),
    `the editor wrote no results (exit ${run.code ?? run.signal}); it printed:\n${run.output}`,
  );
  return JSON.parse(readFileSync(box.results, 'utf8')) as T;
}

/** The tool handler of examples/word-count that calls ctx.fs.write. */
export const fsWriteHandler = 'tools/write-length-report.js';

/**
 * A copy of examples/word-count whose manifest does not declare `permissions.fs.write`, which {@link fsWriteHandler}
 * needs (issue 26), with the same module where no manifest names it: `lib/report-copy.js` beside the manifest, and
 * `../elsewhere/report.js` outside any plugin folder. `manifest` is the manifest's text as written.
 */
export function handlerSandbox(): { box: Sandbox; manifest: string } {
  const box = sandbox('word-count');
  const manifestPath = join(box.workspace, 'manifest.json');
  const declared = ',\n      "write": { "parameter": true, "deny": ["**/.env", "**/*.key"] }';
  const text = readFileSync(manifestPath, 'utf8');
  assert.ok(text.includes(declared), 'word-count declares permissions.fs.write as the handler tests expect');
  const manifest = text.replace(declared, '');
  writeFileSync(manifestPath, manifest);
  const handler = readFileSync(join(box.workspace, fsWriteHandler), 'utf8');
  writeFileSync(join(box.workspace, 'lib/report-copy.js'), handler);
  mkdirSync(join(box.root, 'elsewhere'));
  writeFileSync(join(box.root, 'elsewhere/report.js'), handler);
  return { box, manifest };
}
