/**
 * The work of an open and of an edit, counted in machine instructions rather than timed: ours against
 * another build (`--before`), side by side. On a shared machine wall and CPU time move by ±25 % between runs,
 * which hides a change of a few per cent; the instructions a process executes under Valgrind's callgrind
 * barely move (two runs of one input differ by under 1 % whatever the load: node runs single-threaded, with
 * fixed seeds and a fixed collection schedule).
 *
 * Each build's own phase scripts (openPhases, editPhases: the open's and the edit's path, in one process)
 * run under callgrind twice, for 1 round and for 1 + `rounds`; the difference divided by `rounds` is one
 * round's work, without the start-up, the generated plugin and the module loading that both runs share.
 *
 * The language server's own open and edit are counted the same way, over LSP as the bench drives it: sessions
 * of one open, of 1 + `rounds` opens, and of one open with `rounds` edits, each after the workspace's diagnostics
 * are pulled (the scan done); a warm server's open (and close) and an edit are the differences, divided by
 * `rounds`.
 *
 * Usage: node out/bench/instructionCounts.js --before=<checkout with out/bench built> [--sizes=1000,5000]
 *        [--rounds=1] [--rows=all|in-process|server]. Needs Valgrind (Debian's `valgrind`). Slow: about 50× the
 *        phases' own time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatePlugin, writePluginFolder, type GeneratedPlugin } from './generateManifest';
import { landmarks } from './landmarks';
import { BenchServer } from './servers';

interface Options {
  before: string;
  sizes: number[];
  rounds: number;
  /** Which rows: the phase scripts in process, the language server over LSP, or both. */
  rows: 'all' | 'in-process' | 'server';
}

const ours = resolve(__dirname, '..', '..');
/**
 * openPhases' round is the open's path (parse, model, every rule area without and with the plugin folder, read
 * first and warm); editPhases' round is the server's open from its caches (the folder warm) and then a
 * one-character edit with its diagnostics.
 */
const phaseScripts = { open: 'openPhases.js', 'open+edit': 'editPhases.js' } as const;

function options(argv: readonly string[]): Options {
  const parsed: Options = { before: '', sizes: [1000, 5000], rounds: 1, rows: 'all' };
  for (const arg of argv) {
    const [key, value = ''] = arg.split('=', 2);
    if (key === '--before') parsed.before = resolve(value);
    else if (key === '--sizes') parsed.sizes = value.split(',').map(Number);
    else if (key === '--rounds') parsed.rounds = Number(value);
    else if (key === '--rows' && (value === 'all' || value === 'in-process' || value === 'server')) parsed.rows = value;
    else {
      throw new Error(
        `Unknown option ${arg}: use --before=dir, --sizes=1000,5000, --rounds=N and --rows=all|in-process|server.`,
      );
    }
  }
  if (!parsed.before) throw new Error('--before=<dir> is required: a checkout of the build to compare with, built.');
  if (parsed.sizes.some((n) => !Number.isInteger(n) || n < 1) || !(parsed.rounds >= 1)) {
    throw new Error('--sizes takes whole numbers above 0, --rounds a number of at least 1.');
  }
  return parsed;
}

/** Node under callgrind, counting every instruction; the summary goes to stderr or `logFile`. */
function callgrind(logFile?: string): string[] {
  return [
    'valgrind',
    '--tool=callgrind',
    '--callgrind-out-file=/dev/null',
    ...(logFile ? [`--log-file=${logFile}`] : []),
  ];
}
/**
 * One thread, fixed seeds and a fixed collection schedule: the same input executes the same instructions, run after
 * run. Without the last, V8 sizes its heap by the time it measures between collections, so the count of one build
 * moved by up to 10 % with the machine's load (a warm validation at N = 1,000: 143 and 158 M); with it, by under 1 %.
 */
const deterministicNode = ['--single-threaded', '--hash-seed=1', '--random-seed=1', '--predictable-gc-schedule'];

function collected(summary: string, what: string): number {
  const count = /Collected : (\d+)/.exec(summary);
  if (!count) throw new Error(`${what}: callgrind gave no count: ${summary.slice(-400)}`);
  return Number(count[1]);
}

/** The instructions one run of a phase script executes, from callgrind's summary. */
function instructions(build: string, script: string, n: number, rounds: number): number {
  const path = join(build, 'out', 'bench', script);
  if (!existsSync(path)) throw new Error(`${path} does not exist: build that checkout first (npm run build).`);
  const [valgrind, ...valgrindArgs] = callgrind();
  const run = spawnSync(
    valgrind,
    [
      ...valgrindArgs,
      process.execPath,
      ...deterministicNode,
      path,
      String(n),
      // A phase script's `runs` rounds come after one of its own, which it leaves out of its medians.
      String(rounds - 1),
    ],
    { cwd: build, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.error) throw new Error(`valgrind could not run (${run.error.message}): install Debian's valgrind.`);
  if (run.status !== 0) throw new Error(`${script} ${n} failed under valgrind: ${run.stderr.slice(-400)}`);
  return collected(run.stderr, `${script} ${n}`);
}

/**
 * A language server session under callgrind, as the bench drives it (pull diagnostics, the plugin in the
 * workspace): `opens` didOpen → diagnostics → didClose of the manifest, the first open followed by `edits`
 * one-character edits, each to its diagnostics. Its instructions, start-up and workspace scan included.
 */
async function serverSession(
  server: string,
  plugin: GeneratedPlugin,
  workspace: string,
  pluginRoot: string,
  session: { opens: number; edits: number },
): Promise<number> {
  const logFile = join(workspace, 'callgrind.log');
  const uri = pathToFileURL(join(pluginRoot, 'manifest.json')).href;
  const timeoutMs = 30 * 60_000;
  const started = await BenchServer.start(
    'ours',
    server,
    pathToFileURL(workspace).href,
    workspace,
    timeoutMs,
    deterministicNode,
    callgrind(logFile),
  );
  started.configureDefaults();
  // The scan done and the workspace validated first: otherwise how much of it overlaps the opens varies from session
  // to session, and so does the count (up to 14 % at N = 200).
  await started.workspaceDiagnostics(timeoutMs);
  const at = landmarks(plugin).edit;
  for (let open = 0; open < session.opens; open++) {
    await started.open(uri, plugin.manifestText, 1, timeoutMs);
    for (let edit = 0; edit < (open === 0 ? session.edits : 0); edit++) {
      await started.insert(uri, at, 'x', 2 + edit, timeoutMs);
    }
    started.close(uri);
  }
  await started.stop(timeoutMs);
  return collected(readFileSync(logFile, 'utf8'), `${server} (${session.opens} opens, ${session.edits} edits)`);
}

/** One round's instructions: the runs of 1 and 1 + rounds rounds, apart. */
function perRound(build: string, script: string, n: number, rounds: number): number {
  return (instructions(build, script, n, 1 + rounds) - instructions(build, script, n, 1)) / rounds;
}

/**
 * A warm server's open (and close) and a one-character edit, each apart from the session around it: sessions of
 * 1 + rounds opens and of rounds edits against one of a single open, divided by rounds. One extra open alone
 * counted the optimising compiler's first pass over the open's path, in one build during the open measured and in
 * another before it (ours against 59861ed at N = 1,000: 1.41x by one open, where the server's CPU time per open
 * over 60 opens is 1.03x).
 */
async function serverCounts(build: string, n: number, rounds: number): Promise<{ open: number; edit: number }> {
  const server = join(build, 'dist', 'server.js');
  if (!existsSync(server)) throw new Error(`${server} does not exist: build that checkout first (npm run build).`);
  const plugin = generatePlugin(n, 'valid');
  const workspace = mkdtempSync(join(tmpdir(), 'filer-instructions-'));
  try {
    const pluginRoot = writePluginFolder(plugin, workspace);
    const once = await serverSession(server, plugin, workspace, pluginRoot, { opens: 1, edits: 0 });
    const more = await serverSession(server, plugin, workspace, pluginRoot, { opens: 1 + rounds, edits: 0 });
    const edited = await serverSession(server, plugin, workspace, pluginRoot, { opens: 1, edits: rounds });
    return { open: (more - once) / rounds, edit: (edited - once) / rounds };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { before, sizes, rounds, rows } = options(process.argv.slice(2));
  const millions = (count: number) => `${(count / 1e6).toFixed(0)} M`;
  const row = (n: number, what: string, ourCount: number, beforeCount: number) =>
    console.log(
      `  ${String(n).padStart(6)}  ${what.padEnd(26)}${millions(ourCount).padStart(10)}${millions(beforeCount).padStart(10)}  ${(ourCount / beforeCount).toFixed(3)}x`,
    );
  console.log(`Instructions, ours (${ours}) against before (${before})`);
  console.log(`  ${'N'.padStart(6)}  ${''.padEnd(26)}${'ours'.padStart(10)}${'before'.padStart(10)}  ours/before`);
  for (const n of sizes) {
    for (const [phase, script] of rows === 'server' ? [] : Object.entries(phaseScripts)) {
      row(n, `${phase} (in process)`, perRound(ours, script, n, rounds), perRound(before, script, n, rounds));
    }
    if (rows === 'in-process') continue;
    const [ourServer, beforeServer] = [await serverCounts(ours, n, rounds), await serverCounts(before, n, rounds)];
    row(n, 'server: open and close', ourServer.open, beforeServer.open);
    row(n, 'server: 1-char edit', ourServer.edit, beforeServer.edit);
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
