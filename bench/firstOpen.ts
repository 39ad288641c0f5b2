/**
 * A fresh server's first open, as an editor that starts with an example's manifest open waits for it: from
 * spawning `node <server.js> --stdio` to the diagnostics of that manifest (initialize, initialized, the settings,
 * didOpen, then the pull VS Code makes), with loading the bundle in it. Two builds of our server side by side in
 * one run, interleaved (the order swapped from run to run), each run a process of its own; medians and the ratio
 * ours / before, per example.
 *
 *   node out/bench/firstOpen.js --before=<server.js> [--ours=<server.js>] [--runs=15] [--examples=word-count,…]
 *
 * `--ours` defaults to dist/server.js (built readable by `npm run build`; `node scripts/build.mjs --minify` makes the
 * .vsix's). The two builds must report as many diagnostics on each example, or the run stops: they did different
 * work.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BenchServer, type ServerLabel } from './servers';
import { median } from './stats';

const root = join(__dirname, '..', '..');
const timeoutMs = 60_000;

interface Options {
  ours: string;
  before: string;
  runs: number;
  examples: string[];
}

function parseOptions(argv: readonly string[]): Options {
  const options: Partial<Options> = {
    ours: join(root, 'dist', 'server.js'),
    runs: 15,
    examples: ['word-count', 'broken-everything'],
  };
  for (const arg of argv) {
    const [key, value = ''] = arg.split('=', 2);
    if (key === '--ours') options.ours = resolve(value);
    else if (key === '--before') options.before = resolve(value);
    else if (key === '--runs') options.runs = Number(value);
    else if (key === '--examples') options.examples = value.split(',');
    else
      throw new Error(`Unknown option ${arg}: use --before=<server.js>, --ours=<server.js>, --runs=N, --examples=a,b`);
  }
  if (!options.before) throw new Error('--before=<server.js> is required: the build to compare with.');
  if (!Number.isInteger(options.runs) || options.runs! < 1) throw new Error('--runs is a positive whole number.');
  return options as Options;
}

interface Sample {
  /** Spawn → the answer to initialize: loading the bundle and starting the connection. */
  initializedMs: number;
  /** Spawn → the manifest's diagnostics. */
  diagnosticsMs: number;
  diagnostics: number;
}

async function firstOpen(label: ServerLabel, script: string, example: string): Promise<Sample> {
  const folder = join(root, 'examples', example);
  const manifest = join(folder, 'manifest.json');
  const text = readFileSync(manifest, 'utf8');
  const start = performance.now();
  const server = await BenchServer.start(label, script, pathToFileURL(folder).href, folder, timeoutMs);
  const initializedMs = performance.now() - start;
  try {
    server.configureDefaults();
    const diagnostics = await server.open(pathToFileURL(manifest).href, text, 1, timeoutMs);
    return { initializedMs, diagnosticsMs: performance.now() - start, diagnostics: diagnostics.length };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const builds: [ServerLabel, string][] = [
    ['ours', options.ours],
    ['before', options.before],
  ];
  console.log(`ours: ${options.ours}\nbefore: ${options.before}\n${options.runs} runs each, interleaved\n`);
  console.log(
    `${'example'.padEnd(20)}${'figure'.padEnd(30)}${'ours'.padStart(10)}${'before'.padStart(10)}${'ours/before'.padStart(13)}`,
  );
  for (const example of options.examples) {
    const samples = new Map<ServerLabel, Sample[]>(builds.map(([label]) => [label, []]));
    // One run of each first, not counted: the first start of a process reads the files from disk.
    for (const [label, script] of builds) await firstOpen(label, script, example);
    for (let run = 0; run < options.runs; run++) {
      const order = run % 2 === 0 ? builds : [...builds].reverse();
      for (const [label, script] of order) samples.get(label)!.push(await firstOpen(label, script, example));
    }
    const counts = builds.map(([label]) => new Set(samples.get(label)!.map((sample) => sample.diagnostics)));
    if (counts.some((count) => count.size !== 1) || [...counts[0]][0] !== [...counts[1]][0])
      throw new Error(`${example}: the builds report different diagnostics (${counts.map((c) => [...c]).join(' / ')})`);
    for (const [figure, of] of [
      ['spawn -> initialize answered', (sample: Sample) => sample.initializedMs],
      ['spawn -> diagnostics', (sample: Sample) => sample.diagnosticsMs],
    ] as const) {
      const ours = median(samples.get('ours')!.map(of));
      const before = median(samples.get('before')!.map(of));
      console.log(
        `${example.padEnd(20)}${figure.padEnd(30)}${`${ours.toFixed(1)} ms`.padStart(10)}${`${before.toFixed(1)} ms`.padStart(10)}${`${(ours / before).toFixed(2)}x`.padStart(13)}`,
      );
    }
    console.log(`${''.padEnd(20)}${'diagnostics'.padEnd(30)}${String([...counts[0]][0]).padStart(10)}`);
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
