/**
 * The CLI fed mutated input: a folder of many plugins, each a copy of an example with one file (a handler, a tool
 * schema or the manifest) the input, between two good plugins; `check` (text, json, sarif), `gating` (text, json),
 * `check --fix-dry-run` and then `check --fix` over it (after which a dry run finds nothing more to fix). Each run
 * must end with 0 or 1 (never 2, "internal error"), within its bound, with nothing on stderr but the CLI's one-line
 * warnings (never a stack trace), every plugin with an unchanged manifest reported, and the good plugins reported
 * exactly as in a folder without the others.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PluginFiles } from './engineChecks';
import { fuzzRepoRoot } from './mutations';

/** A plugin of the folder: where, its files, and (for a mutated one) what to call it in a failure and whether its
 * manifest was changed. */
export interface CliPlugin {
  dir: string;
  files: PluginFiles;
  label?: string;
  manifestMutated?: boolean;
}

/** A bound for hostile input: a start, and two seconds per plugin of the folder (they take milliseconds). */
const boundMs = (plugins: number) => 5000 + 2000 * plugins;

const runs: { name: string; args: string[] }[] = [
  { name: 'check text', args: ['check', '.'] },
  { name: 'check json', args: ['check', '.', '--format', 'json'] },
  { name: 'check sarif', args: ['check', '.', '--format', 'sarif'] },
  { name: 'gating text', args: ['gating', '.'] },
  { name: 'gating json', args: ['gating', '.', '--format', 'json'] },
  { name: 'check --fix-dry-run json', args: ['check', '.', '--fix-dry-run', '--format', 'json'] },
  // Last: it writes the fixes into the folder, and then a second dry run must find nothing more to fix.
  { name: 'check --fix', args: ['check', '.', '--fix'] },
];

function writeTree(plugins: readonly CliPlugin[]): string {
  const root = mkdtempSync(join(tmpdir(), 'filer-fuzz-'));
  for (const plugin of plugins)
    for (const [path, text] of plugin.files) {
      const file = join(root, plugin.dir, ...path.split('/'));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
  return root;
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function runCli(args: string[], cwd: string, timeout: number): Run {
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(fuzzRepoRoot, 'dist/cli.js'), ...args], {
    cwd,
    input: '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined },
    timeout,
    killSignal: 'SIGKILL',
    maxBuffer: 256 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, ms: performance.now() - started };
}

/** What a run says of the plugin in `dir`, in a form to compare between runs. */
function partOf(name: string, stdout: string, dir: string): string {
  if (name.endsWith('json')) {
    const entries = JSON.parse(stdout) as { file: string }[];
    return JSON.stringify(entries.filter((entry) => entry.file.startsWith(`${dir}/`)));
  }
  if (name === 'check sarif') {
    const sarif = JSON.parse(stdout) as {
      runs: { results: { locations?: { physicalLocation?: { artifactLocation?: { uri?: string } } }[] }[] }[];
    };
    const results = sarif.runs[0].results.filter((result) =>
      result.locations?.some((location) => location.physicalLocation?.artifactLocation?.uri?.startsWith(`${dir}/`)),
    );
    return JSON.stringify(results);
  }
  if (name === 'gating text') return stdout.split('\n\n').find((block) => block.startsWith(`${dir}/`)) ?? '';
  return stdout
    .split('\n')
    .filter((line) => line.startsWith(`${dir}/`))
    .join('\n');
}

/** After `check --fix`: a dry run over the fixed folder that still finds a fix to apply, in words. */
function fixedAgain(root: string, plugins: number): string[] {
  const run = runCli(['check', '.', '--fix-dry-run', '--format', 'json'], root, boundMs(plugins));
  const wrong = wrongRun('check --fix-dry-run after --fix', run, boundMs(plugins));
  if (wrong) return [wrong];
  // "More fixes were offered after 10 rounds": said, and then a second run may fix more.
  if (run.stderr.includes('rounds of fixing')) return [];
  return (JSON.parse(run.stdout) as { file: string; fixes?: { code: string; title: string }[] }[])
    .filter((entry) => (entry.fixes ?? []).length > 0)
    .map((entry) => `check --fix left fixes in ${entry.file}: ${JSON.stringify(entry.fixes)}`);
}

/** Whether the plugin's manifest is reported by the run at all. */
function reported(name: string, stdout: string, dir: string): boolean {
  const file = `${dir}/manifest.json`;
  if (name.endsWith('json')) return (JSON.parse(stdout) as { file: string }[]).some((entry) => entry.file === file);
  // A text or SARIF report names only the manifests with findings: that the run ended well is what is checked there.
  return true;
}

/** What is wrong with one run, in words; undefined when nothing is. */
function wrongRun(name: string, run: Run, bound: number): string | undefined {
  if (run.status !== 0 && run.status !== 1)
    return `${name}: exit ${run.status ?? 'killed'} after ${run.ms.toFixed(0)} ms (bound ${bound} ms)\n${run.stderr.slice(0, 2000)}`;
  const stray = run.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('filer-manifest: '));
  if (stray.length > 0 || /internal error|^\s+at .*:\d+:\d+\)?$/m.test(run.stderr))
    return `${name}: stderr is not the CLI's one-line warnings:\n${run.stderr.slice(0, 2000)}`;
  return undefined;
}

const baselines = new Map<string, string | { wrong: string }>();

/** What a run over the good plugins alone prints (once per set of good plugins and run). */
function baselineOf(good: readonly CliPlugin[], name: string, args: string[]): string | { wrong: string } {
  const key = `${good.map((plugin) => plugin.dir).join('\0')}\0${name}`;
  if (!baselines.has(key)) {
    const root = writeTree(good);
    try {
      const run = runCli(args, root, boundMs(good.length));
      const wrong = wrongRun(name, run, boundMs(good.length));
      baselines.set(key, wrong ? { wrong } : run.stdout);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  return baselines.get(key)!;
}

/**
 * Runs the CLI's five reports over `good` plugins and `fuzzed` ones in one folder, and returns what went wrong (each
 * culprit named: the first run that fails is repeated over each mutated plugin alone to find which, and ends it).
 */
export function checkCliFolder(good: readonly CliPlugin[], fuzzed: readonly CliPlugin[]): string[] {
  const root = writeTree([...good, ...fuzzed]);
  try {
    const failures: string[] = [];
    for (const { name, args } of runs) {
      const baseline = baselineOf(good, name, args);
      if (typeof baseline !== 'string') return [`the good plugins alone: ${baseline.wrong}`];
      const bound = boundMs(good.length + fuzzed.length);
      const run = runCli(args, root, bound);
      const wrong = wrongRun(name, run, bound);
      if (wrong) {
        const alone = (plugin: CliPlugin) => args.map((arg) => (arg === '.' ? plugin.dir : arg));
        const culprits = fuzzed.filter((plugin) => wrongRun(name, runCli(alone(plugin), root, boundMs(1)), boundMs(1)));
        failures.push(
          `${wrong}\n  in ${culprits.map((plugin) => plugin.label ?? plugin.dir).join('\n  and ') || 'the folder (no plugin fails alone)'}`,
        );
        // The other reports would fail alike: one names the culprits, and spares the others' bounds.
        return failures;
      }
      for (const plugin of good) {
        const [expected, actual] = [partOf(name, baseline, plugin.dir), partOf(name, run.stdout, plugin.dir)];
        if (expected !== actual)
          failures.push(`${name}: the good plugin ${plugin.dir} is reported differently:\n${expected}\n→\n${actual}`);
      }
      for (const plugin of fuzzed)
        if (!plugin.manifestMutated && !reported(name, run.stdout, plugin.dir))
          failures.push(`${name}: ${plugin.label ?? plugin.dir} is not reported`);
    }
    failures.push(...fixedAgain(root, good.length + fuzzed.length));
    return failures;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
