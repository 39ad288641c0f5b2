/**
 * `npm run bench`: our language server against VS Code's JSON language server (with the manifest's
 * JSON Schema), side by side in one run, on generated plugins of N = 100, 1,000 and 5,000 tools and
 * actions; the in-process floors (JSON.parse, jsonc-parser's parseTree, our validator alone); and the
 * issue's budgets, pass or miss. Prints a table and, last, one JSON line with every figure.
 *
 * Not a test: a missed budget is reported, not failed. The exit code is non-zero only when the
 * harness itself is broken (the JSON server gives no diagnostics on the broken variant, our
 * validator finds errors in the valid one, a server cannot be started at all).
 *
 * Each run, for each server in turn (the order alternating from run to run): on a long-lived server,
 * open → diagnostics, hover, completion, a 1-char edit → diagnostics, the broken variant's open, then
 * opens and closes whose CPU time (from /proc, every thread) gives the server CPU per open and per
 * close, each counted until the server is idle again (so what an open or a close sets off counts); then a fresh
 * server of the same kind, started for this run alone, opens the valid variant at once (racing its
 * own start-up work, as when an editor starts with the manifest open) and its RSS is read.
 *
 * A third server, the bare one (bareServer.ts: vscode-languageserver validating nothing), is driven the
 * same way after those runs, so that each goal is shown beside what no server on that library could do
 * better than.
 *
 * Options: --sizes=100,1000  --runs=3 (runs per size; default 7, 5 at N ≥ 5,000)
 *          --skip=fresh,floors (leave out the fresh-server opens and/or the in-process floors: quicker runs while
 * developing)
 *          --our-server=path/to/server.js (default dist/server.js: compare another build)
 *          --profile-ours=dir (runs our server with --cpu-prof, one .cpuprofile per size in dir)
 *          --before=path/to/server.js (our server as built from another commit, e.g. main's: measured in the same
 * runs as ours, interleaved with it, and shown beside it with the ratio ours/before; what a change costs). The
 * before build's CLI is the cli.js beside that server.js; --before=dir takes dir/server.js and dir/cli.js (or
 * dir/dist/…: a checkout's root); --before-cli=path/to/cli.js names it outright.
 *          --skip=hostile (leave out the hostile section: hostileBudgets.ts, the budgets of "Robust by construction:
 * no handler file can crash, stall or multiply the work of the CLI or the server", ours and before side by side)
 *          --only=hostile (that section alone: `npm run bench -- --only=hostile --runs=3 --before=dir`; its runs
 * default to 3)  --hostile-timeout=120 (seconds: a CLI run or server step that takes longer is reported as > 120 s)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import type { FloorFigures } from './floors';
import { generatePlugin, writePluginFolder, type GeneratedPlugin } from './generateManifest';
import { measureHostile, printHostile, type HostileResult } from './hostileBudgets';
import { landmarks } from './landmarks';
import { BenchServer, type ServerLabel } from './servers';
import { median } from './stats';

const root = join(__dirname, '..', '..');
const jsonServerScript = join(
  root,
  'node_modules',
  'vscode-langservers-extracted',
  'bin',
  'vscode-json-language-server',
);
const bareServerScript = join(__dirname, 'bareServer.js');
const schemaUri = pathToFileURL(join(root, 'schemas', 'manifest.schema.json')).href;
const clientBundle = join(root, 'dist', 'client.js');
const vsixBudgetBytes = 400_000;

class HarnessError extends Error {}

interface Options {
  sizes: number[];
  runs?: number;
  ourServer: string;
  /** Our server as built before the change under measurement. */
  beforeServer?: string;
  /** The before build's CLI: beside its server.js, or --before-cli. */
  beforeCli?: string;
  profileDir?: string;
  skip: Set<'fresh' | 'floors' | 'hostile'>;
  /** Only the hostile section. */
  only?: 'hostile';
  hostileTimeoutMs: number;
}

interface ServerFigures {
  mode: 'pull' | 'push';
  openMs: number;
  /**
   * CPU time of the server process from didOpen until it is idle after answering the diagnostics, warm (every thread).
   */
  cpuPerOpenMs: number;
  /**
   * CPU time from didClose until the server is idle again (what closing sets off: ours gives a large manifest's memory
   * back).
   */
  cpuPerCloseMs: number;
  /** didOpen → diagnostics on a server started just before, its first document. */
  freshOpenMs: number;
  editMs: number;
  completionMs: number;
  hoverMs: number;
  rssMiB: number;
  /** After the first open, before any document was closed: what a server that never closed one holds. */
  firstOpenRssMiB: number;
  peakMiB: number;
  brokenOpenMs: number;
  diagnostics: { valid: number; afterEdit: number; broken: number };
  completionItems: number;
  hoverChars: number;
  runs: number;
}

interface SizeResult {
  n: number;
  bytes: number;
  breaks: { total: number; schemaDetectable: number };
  ours: ServerFigures | { unavailable: string };
  /** Our server as built before the change (--before), when asked for. */
  before?: ServerFigures | { unavailable: string };
  json: ServerFigures;
  /** The bare server's figures: what a server on vscode-languageserver that validates nothing costs. */
  bare: ServerFigures;
  floors: FloorFigures | undefined;
}

interface Samples {
  open: number[];
  cpuPerOpen: number[];
  cpuPerClose: number[];
  freshOpen: number[];
  /** RSS of each fresh server after its first open. */
  freshRss: number[];
  edit: number[];
  completion: number[];
  hover: number[];
  rss: number[];
  brokenOpen: number[];
  /** Peak RSS (VmHWM) after the last run. */
  peak?: number;
  counts: { valid: number; afterEdit: number; broken: number; completionItems: number; hoverChars: number };
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    sizes: [100, 1000, 5000],
    ourServer: join(root, 'dist', 'server.js'),
    skip: new Set(),
    hostileTimeoutMs: 120_000,
  };
  let beforeCli: string | undefined;
  for (const arg of argv) {
    const [key, value = ''] = arg.split('=');
    const skippable = ['fresh', 'floors', 'hostile'];
    if (key === '--sizes') options.sizes = value === '' ? [] : value.split(',').map(Number);
    else if (key === '--runs') options.runs = Number(value);
    else if (key === '--our-server') options.ourServer = resolve(value);
    else if (key === '--before') Object.assign(options, beforeBuild(resolve(value)));
    else if (key === '--before-cli') beforeCli = resolve(value);
    else if (key === '--profile-ours') options.profileDir = resolve(value);
    else if (key === '--skip' && value.split(',').every((part) => skippable.includes(part)))
      value.split(',').forEach((part) => options.skip.add(part as 'fresh' | 'floors' | 'hostile'));
    else if (key === '--only' && value === 'hostile') options.only = 'hostile';
    else if (key === '--hostile-timeout' && Number(value) > 0) options.hostileTimeoutMs = Number(value) * 1000;
    else
      throw new HarnessError(
        `Unknown option ${arg}: use --sizes=100,1000, --runs=N, --our-server=path, --before=path|dir, --before-cli=path, --profile-ours=dir, --skip=fresh,floors,hostile, --only=hostile and --hostile-timeout=seconds.`,
      );
  }
  if (beforeCli) options.beforeCli = beforeCli;
  if (options.only === 'hostile') {
    if (options.skip.has('hostile')) throw new HarnessError('--only=hostile and --skip=hostile contradict each other.');
    options.sizes = [];
  }
  if (options.runs !== undefined && !(Number.isInteger(options.runs) && options.runs >= 1))
    throw new HarnessError('--runs takes an integer of at least 1.');
  if (options.sizes.some((n) => !Number.isInteger(n) || n < 4))
    throw new HarnessError('--sizes takes integers of at least 4.');
  return options;
}

const log = (line: string) => process.stderr.write(line + '\n');

/**
 * --before's build: a server.js, with the cli.js beside it when there is one; or a folder holding server.js and
 * cli.js, or a checkout whose dist/ does.
 */
function beforeBuild(path: string): { beforeServer: string; beforeCli?: string } {
  let folder = dirname(path);
  let server = path;
  if (existsSync(path) && statSync(path).isDirectory()) {
    folder = [path, join(path, 'dist')].find((dir) => existsSync(join(dir, 'server.js'))) ?? path;
    server = join(folder, 'server.js');
  }
  const cli = join(folder, 'cli.js');
  return { beforeServer: server, ...(existsSync(cli) ? { beforeCli: cli } : {}) };
}

/** Opens and closes per run whose CPU time is measured. */
function cpuBatchSize(n: number): number {
  return n >= 5000 ? 2 : 3;
}

async function measureSize(
  n: number,
  runs: number,
  workspace: string,
  warmupFolder: string,
  ourServer: string | undefined,
  ourNodeFlags: string[],
  skip: Options['skip'],
  beforeServer: string | undefined,
): Promise<SizeResult> {
  const folder = join(workspace, `n${n}`);
  mkdirSync(folder);
  const valid = generatePlugin(n, 'valid');
  const broken = generatePlugin(n, 'broken');
  const validFolder = writePluginFolder(valid, folder);
  const brokenFolder = writePluginFolder(broken, folder);
  const validUri = pathToFileURL(join(validFolder, 'manifest.json')).href;
  const brokenUri = pathToFileURL(join(brokenFolder, 'manifest.json')).href;
  const warmupUri = pathToFileURL(join(warmupFolder, 'manifest.json')).href;
  const warmupText = readFileSync(join(warmupFolder, 'manifest.json'), 'utf8');
  const at = landmarks(valid);
  const timeoutMs = n >= 5000 ? 120_000 : 60_000;
  const workspaceUri = pathToFileURL(workspace).href;
  log(`N=${n}: ${(valid.manifestText.length / 1048576).toFixed(2)} MiB, ${broken.breaks.length} breaks; ${runs} runs`);

  const started: Partial<Record<ServerLabel, BenchServer>> = {};
  const samples: Record<ServerLabel, Samples> = {
    ours: emptySamples(),
    before: emptySamples(),
    json: emptySamples(),
    bare: emptySamples(),
  };
  let ourFailure: string | undefined = ourServer ? undefined : 'our server is not built yet';
  let beforeFailure: string | undefined;
  try {
    started.json = await BenchServer.start('json', jsonServerScript, workspaceUri, root, timeoutMs).catch(
      (error: Error) => {
        throw new HarnessError(`The JSON language server did not start: ${error.message}`);
      },
    );
    started.json.configureJsonSchema(schemaUri);
    started.bare = await BenchServer.start('bare', bareServerScript, workspaceUri, root, timeoutMs).catch(
      (error: Error) => {
        throw new HarnessError(`The bare server did not start: ${error.message}`);
      },
    );
    if (!ourFailure) {
      try {
        started.ours = await BenchServer.start('ours', ourServer!, workspaceUri, root, timeoutMs, ourNodeFlags);
        started.ours.configureDefaults();
      } catch (error) {
        ourFailure = `did not start: ${(error as Error).message}`;
      }
    }
    if (beforeServer) {
      try {
        started.before = await BenchServer.start('before', beforeServer, workspaceUri, root, timeoutMs);
        started.before.configureDefaults();
      } catch (error) {
        beforeFailure = `did not start: ${(error as Error).message}`;
      }
    }

    // Warm-up: the JSON server loads and compiles the schema, both JITs see every feature once.
    for (const server of Object.values(started)) {
      await server.open(warmupUri, warmupText, 1, timeoutMs);
      await server.hover(warmupUri, { line: 1, character: 4 }, timeoutMs);
      server.close(warmupUri);
    }

    // Ours and the JSON server interleaved run by run, then the bare server's runs: interleaved, its
    // time would lengthen the others' idle time between their runs, past the 8 s after which V8 shrinks
    // an idle heap, and so change their RSS readings.
    // With --before, it runs between the two: ours comes before it in one run and after it in the next.
    const schedule: ServerLabel[][] = [];
    for (let run = 0; run < runs; run++)
      schedule.push(run % 2 === 0 ? ['ours', 'before', 'json'] : ['json', 'before', 'ours']);
    for (let run = 0; run < runs; run++) schedule.push(['bare']);
    for (const [index, order] of schedule.entries()) {
      const run = index % runs;
      for (const label of order) {
        const server = started[label];
        if (!server) continue;
        try {
          // The bare server's CPU per open is a few milliseconds: one open and close per run is enough to show it.
          await measureRun(server, samples[label], {
            valid,
            validUri,
            broken,
            brokenUri,
            at,
            timeoutMs,
            cpuBatch: label === 'bare' ? 1 : cpuBatchSize(n),
          });
          if (!skip.has('fresh')) {
            const scripts = { json: jsonServerScript, bare: bareServerScript, ours: ourServer!, before: beforeServer! };
            const script = scripts[label];
            await measureFreshOpen(label, script, samples[label], {
              workspaceUri,
              validUri,
              text: valid.manifestText,
              timeoutMs,
            });
          }
        } catch (error) {
          if (label === 'json')
            throw new HarnessError(`The JSON language server failed at N=${n}: ${(error as Error).message}`);
          if (label === 'bare') throw new HarnessError(`The bare server failed at N=${n}: ${(error as Error).message}`);
          const failure = `failed at N=${n}, run ${run + 1}: ${(error as Error).message}`;
          if (label === 'ours') ourFailure = failure;
          else beforeFailure = failure;
          server.client.kill();
          delete started[label];
          log(`  ${label === 'ours' ? 'our server' : 'the before server'} ${failure}`);
        }
      }
      log(`  run ${run + 1}/${runs} done (${order.join(', ')})`);
    }
    if (samples.json.counts.broken === 0) {
      throw new HarnessError(
        `The JSON language server reported no diagnostics on the broken variant at N=${n}: it is not validating with the schema.`,
      );
    }
  } finally {
    await Promise.all(Object.values(started).map((server) => server.stop()));
  }
  const peak = (label: ServerLabel) => samples[label].peak ?? NaN;

  const floors = skip.has('floors') ? undefined : measureFloors(n, validFolder, brokenFolder);
  rmSync(folder, { recursive: true, force: true });

  return {
    n,
    bytes: Buffer.byteLength(valid.manifestText),
    breaks: { total: broken.breaks.length, schemaDetectable: broken.breaks.filter((b) => b.schemaDetectable).length },
    ours:
      ourFailure && samples.ours.open.length === 0
        ? { unavailable: ourFailure }
        : figures(samples.ours, peak('ours'), modeOf(started, 'ours')),
    ...(beforeServer
      ? {
          before:
            beforeFailure && samples.before.open.length === 0
              ? { unavailable: beforeFailure }
              : figures(samples.before, peak('before'), modeOf(started, 'before')),
        }
      : {}),
    json: figures(samples.json, peak('json'), 'pull'),
    bare: figures(samples.bare, peak('bare'), 'pull'),
    floors,
  };
}

function measureFloors(n: number, validFolder: string, brokenFolder: string): FloorFigures {
  log(`  floors (fresh process)…`);
  const floorRuns = n >= 5000 ? 5 : 7;
  const floorsRun = spawnSync(
    process.execPath,
    [join(__dirname, 'floors.js'), validFolder, brokenFolder, String(floorRuns), '3'],
    {
      encoding: 'utf8',
      timeout: 300_000,
      maxBuffer: 1 << 20,
    },
  );
  if (floorsRun.status !== 0)
    throw new HarnessError(`The in-process floors failed at N=${n}: ${floorsRun.error?.message ?? floorsRun.stderr}`);
  const floors = JSON.parse(floorsRun.stdout) as FloorFigures;
  if (floors.valid.errors > 0)
    throw new HarnessError(
      `Our validator finds ${floors.valid.errors} errors in the valid variant at N=${n}: the generator and the engine disagree.`,
    );
  return floors;
}

/**
 * A server started for this measurement alone, configured as the long-lived one, opens the valid
 * variant at once: what an editor that starts with the manifest open waits for. Its RSS is read then.
 */
async function measureFreshOpen(
  label: ServerLabel,
  script: string,
  samples: Samples,
  doc: { workspaceUri: string; validUri: string; text: string; timeoutMs: number },
): Promise<void> {
  const server = await BenchServer.start(label, script, doc.workspaceUri, root, doc.timeoutMs);
  try {
    if (label === 'json') server.configureJsonSchema(schemaUri);
    else server.configureDefaults();
    const start = performance.now();
    await server.open(doc.validUri, doc.text, 1, doc.timeoutMs);
    samples.freshOpen.push(performance.now() - start);
    samples.freshRss.push(server.memory().rssMiB);
  } finally {
    await server.stop();
  }
}

/**
 * The server's CPU time once it is idle: it has used less than 0.5 ms in each of the last 5 periods
 * of 100 ms, so that what an open or a close set off, also a little later (ours collects garbage
 * after a large manifest closes, once the documents have been quiet for a moment), is counted with it.
 */
async function settledCpuMs(server: BenchServer): Promise<number> {
  let last = server.cpuMs();
  let quiet = 0;
  for (let i = 0; i < 100 && quiet < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = server.cpuMs();
    quiet = now - last < 0.5 ? quiet + 1 : 0;
    last = now;
  }
  return last;
}

function modeOf(started: Partial<Record<ServerLabel, BenchServer>>, label: ServerLabel): 'pull' | 'push' {
  return started[label]?.diagnosticsMode ?? 'pull';
}

function emptySamples(): Samples {
  return {
    open: [],
    cpuPerOpen: [],
    cpuPerClose: [],
    freshOpen: [],
    freshRss: [],
    edit: [],
    completion: [],
    hover: [],
    rss: [],
    brokenOpen: [],
    counts: { valid: 0, afterEdit: 0, broken: 0, completionItems: 0, hoverChars: 0 },
  };
}

async function measureRun(
  server: BenchServer,
  samples: Samples,
  doc: {
    valid: GeneratedPlugin;
    validUri: string;
    broken: GeneratedPlugin;
    brokenUri: string;
    at: ReturnType<typeof landmarks>;
    timeoutMs: number;
    cpuBatch: number;
  },
): Promise<void> {
  const timed = async <T>(action: () => Promise<T>): Promise<[T, number]> => {
    const start = performance.now();
    const result = await action();
    return [result, performance.now() - start];
  };
  const [validDiagnostics, openMs] = await timed(() =>
    server.open(doc.validUri, doc.valid.manifestText, 1, doc.timeoutMs),
  );
  const memory = server.memory();
  const [hoverChars, hoverMs] = await timed(() => server.hover(doc.validUri, doc.at.hover, doc.timeoutMs));
  const [completionItems, completionMs] = await timed(() =>
    server.completion(doc.validUri, doc.at.completion, doc.timeoutMs),
  );
  const [editDiagnostics, editMs] = await timed(() => server.insert(doc.validUri, doc.at.edit, 'x', 2, doc.timeoutMs));
  server.close(doc.validUri);
  const [brokenDiagnostics, brokenOpenMs] = await timed(() =>
    server.open(doc.brokenUri, doc.broken.manifestText, 1, doc.timeoutMs),
  );
  server.close(doc.brokenUri);
  // CPU per open and per close, each until the server is idle again.
  let cpu = await settledCpuMs(server);
  for (let i = 0; i < doc.cpuBatch; i++) {
    await server.open(doc.validUri, doc.valid.manifestText, 1, doc.timeoutMs);
    const opened = await settledCpuMs(server);
    samples.cpuPerOpen.push(opened - cpu);
    server.close(doc.validUri);
    cpu = await settledCpuMs(server);
    samples.cpuPerClose.push(cpu - opened);
  }
  samples.peak = server.memory().peakMiB;

  samples.open.push(openMs);
  samples.edit.push(editMs);
  samples.completion.push(completionMs);
  samples.hover.push(hoverMs);
  samples.rss.push(memory.rssMiB);
  samples.brokenOpen.push(brokenOpenMs);
  samples.counts = {
    valid: validDiagnostics.length,
    afterEdit: editDiagnostics.length,
    broken: brokenDiagnostics.length,
    completionItems,
    hoverChars,
  };
}

function figures(samples: Samples, peakMiB: number, mode: 'pull' | 'push'): ServerFigures {
  return {
    mode,
    openMs: median(samples.open),
    cpuPerOpenMs: median(samples.cpuPerOpen),
    cpuPerCloseMs: median(samples.cpuPerClose),
    freshOpenMs: median(samples.freshOpen),
    editMs: median(samples.edit),
    completionMs: median(samples.completion),
    hoverMs: median(samples.hover),
    rssMiB: median(samples.rss),
    // Fresh servers when they were measured (a median); else the long-lived server's first run, one reading.
    firstOpenRssMiB: samples.freshRss.length > 0 ? median(samples.freshRss) : samples.rss[0],
    peakMiB,
    brokenOpenMs: median(samples.brokenOpen),
    diagnostics: { valid: samples.counts.valid, afterEdit: samples.counts.afterEdit, broken: samples.counts.broken },
    completionItems: samples.counts.completionItems,
    hoverChars: samples.counts.hoverChars,
    runs: samples.open.length,
  };
}

/** Strings only ajv's schema compiler carries (its runtime helpers, which the generated validators use, do not). */
const ajvCompilerMarkers = [
  'Error compiling schema, function code:',
  'ajv implementation error',
  'schema with key or id',
];

function ajvCompilerIn(code: string): string[] {
  return ajvCompilerMarkers.filter((marker) => code.includes(marker));
}

/**
 * Whether activation loads ajv's compiler: dist/client.js is what VS Code loads on activation.
 * A positive control (ajv's compile bundled and minified the same way) shows the check can fail.
 */
function checkActivationBundle(): {
  clientBuilt: boolean;
  loadsSchemaCompiler?: boolean;
  markers?: string[];
  controlDetected: boolean;
} {
  const control = buildSync({
    stdin: {
      contents: "module.exports = new (require('ajv').default)().compile({ type: 'object' });",
      resolveDir: root,
    },
    bundle: true,
    platform: 'node',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const controlDetected = ajvCompilerIn(control.outputFiles[0].text).length > 0;
  if (!existsSync(clientBundle)) return { clientBuilt: false, controlDetected };
  const markers = ajvCompilerIn(readFileSync(clientBundle, 'utf8'));
  return { clientBuilt: true, loadsSchemaCompiler: markers.length > 0, markers, controlDetected };
}

function vsixFiles(): { file: string; bytes: number }[] {
  return readdirSync(root)
    .filter((name) => name.endsWith('.vsix'))
    .map((file) => ({ file, bytes: statSync(join(root, file)).size }));
}

// ---- report ----

const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(value >= 100 ? 0 : digits) : '—');
const ratio = (ours: number, theirs: number) =>
  Number.isFinite(ours) && Number.isFinite(theirs) && theirs > 0 ? ours / theirs : NaN;
const fmtRatio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '—');
const pad = (text: string, width: number) => text.padStart(width);

/** A failure on one line of the table (the JSON line keeps all of it). */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 240 ? `${flat.slice(0, 240)}…` : flat;
}

function isMeasured(figures: SizeResult['ours']): figures is ServerFigures {
  return !('unavailable' in figures);
}

function printSize(result: SizeResult): void {
  const ours = isMeasured(result.ours) ? result.ours : undefined;
  const json = result.json;
  console.log('');
  console.log(
    `N = ${result.n.toLocaleString('en')}: manifest ${(result.bytes / 1024).toFixed(0)} KiB; broken variant with ${result.breaks.total} breaks (${result.breaks.schemaDetectable} a schema can see); ${json.runs} runs, medians`,
  );
  if (!ours)
    console.log(`  our server: not measured (${oneLine((result.ours as { unavailable: string }).unavailable)})`);
  else console.log(`  diagnostics: ours ${ours.mode} mode, JSON server pull mode`);
  const bare = result.bare;
  const rows: [string, number | undefined, number, number, boolean][] = [
    ['didOpen → diagnostics, warm (ms)', ours?.openMs, json.openMs, bare.openMs, true],
    ['server CPU per open, warm (ms)', ours?.cpuPerOpenMs, json.cpuPerOpenMs, bare.cpuPerOpenMs, true],
    ['server CPU per close (ms)', ours?.cpuPerCloseMs, json.cpuPerCloseMs, bare.cpuPerCloseMs, true],
    ['fresh server: didOpen → diagnostics (ms)', ours?.freshOpenMs, json.freshOpenMs, bare.freshOpenMs, true],
    ['1-char edit → diagnostics (ms)', ours?.editMs, json.editMs, bare.editMs, true],
    ['completion in a tool (ms)', ours?.completionMs, json.completionMs, bare.completionMs, true],
    ['hover on a tool id (ms)', ours?.hoverMs, json.hoverMs, bare.hoverMs, true],
    ['RSS after open (MiB)', ours?.rssMiB, json.rssMiB, bare.rssMiB, true],
    ['RSS after the first open (MiB)', ours?.firstOpenRssMiB, json.firstOpenRssMiB, bare.firstOpenRssMiB, true],
    ['peak RSS (MiB)', ours?.peakMiB, json.peakMiB, bare.peakMiB, true],
    ['broken variant: open → diagnostics (ms)', ours?.brokenOpenMs, json.brokenOpenMs, bare.brokenOpenMs, true],
    [
      'diagnostics on the valid variant',
      ours?.diagnostics.valid,
      json.diagnostics.valid,
      bare.diagnostics.valid,
      false,
    ],
    [
      'diagnostics on the broken variant',
      ours?.diagnostics.broken,
      json.diagnostics.broken,
      bare.diagnostics.broken,
      false,
    ],
    ['completion items offered', ours?.completionItems, json.completionItems, bare.completionItems, false],
    ['hover text length (chars)', ours?.hoverChars, json.hoverChars, bare.hoverChars, false],
  ];
  console.log(
    `  ${'figure'.padEnd(42)}${pad('ours', 10)}${pad('JSON srv', 10)}${pad('ours/JSON', 11)}${pad('bare', 10)}${pad('bare/JSON', 12)}`,
  );
  for (const [name, ourValue, theirValue, bareValue, withRatio] of rows) {
    const ourText = ourValue === undefined ? '—' : withRatio ? fmt(ourValue) : String(ourValue);
    const theirText = withRatio ? fmt(theirValue) : String(theirValue);
    const bareText = withRatio ? fmt(bareValue) : String(bareValue);
    console.log(
      `  ${name.padEnd(42)}${pad(ourText, 10)}${pad(theirText, 10)}${pad(withRatio && ourValue !== undefined ? fmtRatio(ratio(ourValue, theirValue)) : '', 11)}` +
        `${pad(bareText, 10)}${pad(withRatio ? fmtRatio(ratio(bareValue, theirValue)) : '', 12)}`,
    );
  }
  if (result.before) printBefore(result, ours);
  const f = result.floors;
  if (!f) return;
  console.log(`  in process (fresh process, medians)          ms   × parseTree`);
  const floorRows: [string, number][] = [
    ['JSON.parse', f.jsonParseMs],
    ['jsonc-parser parseTree', f.parseTreeMs],
    ['our engine: parse only', f.engineParseMs],
    ['our validator alone (parse+model+rules+files)', f.validatorMs],
    ['  of which rules, with the plugin folder', f.rulesMs],
    ['  of which rules, without a folder', f.rulesNoFolderMs],
    ['our validator alone, broken variant', f.validatorBrokenMs],
  ];
  for (const [name, ms] of floorRows)
    console.log(`  ${name.padEnd(46)}${pad(fmt(ms), 8)}${pad(fmtRatio(ms / f.parseTreeMs), 10)}`);
  console.log(
    `  our validator: ${f.valid.total} diagnostics on the valid variant, ${f.broken.total} (${f.broken.errors} errors) on the broken one`,
  );
}

/** Ours beside the build from before the change (--before), paired medians of the same runs. */
function printBefore(result: SizeResult, ours: ServerFigures | undefined): void {
  const before = result.before && isMeasured(result.before) ? result.before : undefined;
  if (!before) {
    console.log(`  before: not measured (${oneLine((result.before as { unavailable: string }).unavailable)})`);
    return;
  }
  const rows: [string, (figures: ServerFigures) => number][] = [
    ['didOpen → diagnostics, warm (ms)', (f) => f.openMs],
    ['server CPU per open, warm (ms)', (f) => f.cpuPerOpenMs],
    ['fresh server: didOpen → diagnostics (ms)', (f) => f.freshOpenMs],
    ['1-char edit → diagnostics (ms)', (f) => f.editMs],
    ['RSS after the first open (MiB)', (f) => f.firstOpenRssMiB],
    ['peak RSS (MiB)', (f) => f.peakMiB],
  ];
  console.log(
    `  ${'ours against before (--before)'.padEnd(42)}${pad('ours', 10)}${pad('before', 10)}${pad('ours/before', 13)}`,
  );
  for (const [name, pick] of rows) {
    const ourValue = ours ? pick(ours) : NaN;
    console.log(
      `  ${name.padEnd(42)}${pad(fmt(ourValue), 10)}${pad(fmt(pick(before)), 10)}${pad(fmtRatio(ratio(ourValue, pick(before))), 13)}`,
    );
  }
}

interface Budget {
  name: string;
  status: 'pass' | 'miss' | 'not measured';
  detail: string;
}

/**
 * One figure of ours against the JSON server's, within `limit` (a ratio). The detail also gives the
 * bare server's ratio, and says so when the limit is below it: no server on vscode-languageserver
 * could then meet it, however little it did.
 */
function ratioBudget(
  result: SizeResult,
  name: string,
  limit: number,
  pick: (figures: ServerFigures) => number,
  unit: string,
): Budget {
  const ours = isMeasured(result.ours) ? result.ours : undefined;
  const value = ours ? ratio(pick(ours), pick(result.json)) : NaN;
  const bareRatio = ratio(pick(result.bare), pick(result.json));
  const bareText = !Number.isFinite(bareRatio)
    ? ''
    : `; bare server ${fmtRatio(bareRatio)}${bareRatio > limit ? ', the goal is below it' : ''}`;
  return {
    name: `N=${result.n}: ${name} ≤ ${limit.toFixed(1)}× the JSON server's`,
    status: !ours || !Number.isFinite(value) ? 'not measured' : value <= limit ? 'pass' : 'miss',
    detail:
      ours && Number.isFinite(value)
        ? `${fmtRatio(value)} (${fmt(pick(ours))} vs ${fmt(pick(result.json))} ${unit})${bareText}`
        : 'not measured',
  };
}

/** Issue 15's goals: opening a manifest ahead of the JSON server on every figure. */
function openBudgets(results: SizeResult[]): Budget[] {
  const list: Budget[] = [];
  for (const result of results) {
    list.push(ratioBudget(result, 'didOpen → diagnostics, warm', 0.7, (f) => f.openMs, 'ms'));
    list.push(ratioBudget(result, 'server CPU per open', 1.0, (f) => f.cpuPerOpenMs, 'ms'));
    if (result.n === 5000) list.push(ratioBudget(result, '1-char edit → diagnostics', 0.2, (f) => f.editMs, 'ms'));
    list.push(ratioBudget(result, 'RSS after the first open', 0.8, (f) => f.firstOpenRssMiB, 'MiB'));
    list.push(ratioBudget(result, 'peak RSS', 0.8, (f) => f.peakMiB, 'MiB'));
    list.push(ratioBudget(result, 'completion', 0.5, (f) => f.completionMs, 'ms'));
    list.push(ratioBudget(result, 'hover', 0.5, (f) => f.hoverMs, 'ms'));
    // Nothing else slower.
    list.push(ratioBudget(result, 'fresh server: didOpen → diagnostics', 1.0, (f) => f.freshOpenMs, 'ms'));
    list.push(ratioBudget(result, 'broken variant: didOpen → diagnostics', 1.0, (f) => f.brokenOpenMs, 'ms'));
  }
  return list;
}

/**
 * Issue 26's budget for reading handlers: an open at N = 1,000 and 5,000 at most 10 % slower than before the change,
 * warm and on a fresh server (only with --before).
 */
function beforeBudgets(results: SizeResult[]): Budget[] {
  const list: Budget[] = [];
  for (const result of results) {
    if (!result.before || result.n < 1000) continue;
    const ours = isMeasured(result.ours) ? result.ours : undefined;
    const before = isMeasured(result.before) ? result.before : undefined;
    const pairs: [string, (figures: ServerFigures) => number][] = [
      ['didOpen → diagnostics, warm', (f) => f.openMs],
      ['fresh server: didOpen → diagnostics', (f) => f.freshOpenMs],
    ];
    for (const [name, pick] of pairs) {
      const value = ours && before ? ratio(pick(ours), pick(before)) : NaN;
      list.push({
        name: `N=${result.n}: ${name} ≤ 1.1× before`,
        status: !Number.isFinite(value) ? 'not measured' : value <= 1.1 ? 'pass' : 'miss',
        detail: Number.isFinite(value)
          ? `${fmtRatio(value)} (${fmt(pick(ours!))} vs ${fmt(pick(before!))} ms)`
          : 'not measured',
      });
    }
  }
  return list;
}

function budgets(
  results: SizeResult[],
  bundle: ReturnType<typeof checkActivationBundle>,
  vsix: { file: string; bytes: number }[],
): Budget[] {
  const list: Budget[] = [];
  for (const result of results) {
    const ours = isMeasured(result.ours) ? result.ours : undefined;
    const editRatio = ours ? ratio(ours.editMs, result.json.editMs) : NaN;
    list.push({
      name: `N=${result.n}: edit → diagnostics no slower than the JSON server (ratio ≤ 1.0, aim ≤ 0.5)`,
      status: !ours ? 'not measured' : editRatio <= 1 ? 'pass' : 'miss',
      detail: ours
        ? `${fmtRatio(editRatio)} (${fmt(ours.editMs)} vs ${fmt(result.json.editMs)} ms)${editRatio <= 0.5 ? ', aim met' : ''}`
        : 'our server not measured',
    });
  }
  for (const result of results) {
    const ours = isMeasured(result.ours) ? result.ours : undefined;
    const memoryRatio = ours ? ratio(ours.rssMiB, result.json.rssMiB) : NaN;
    list.push({
      name: `N=${result.n}: server memory (RSS after open) no more than the JSON server's`,
      status: !ours ? 'not measured' : memoryRatio <= 1 ? 'pass' : 'miss',
      detail: ours
        ? `${fmtRatio(memoryRatio)} (${fmt(ours.rssMiB)} vs ${fmt(result.json.rssMiB)} MiB)`
        : 'our server not measured',
    });
  }
  const largest = results.find((r) => r.n === 5000)?.floors;
  const validatorRatio = largest ? largest.validatorMs / largest.parseTreeMs : NaN;
  list.push({
    name: 'N=5000: our validator alone within 3× of parseTree',
    status: !largest ? 'not measured' : validatorRatio <= 3 ? 'pass' : 'miss',
    detail: largest
      ? `${fmtRatio(validatorRatio)} (${fmt(largest.validatorMs)} vs ${fmt(largest.parseTreeMs)} ms)`
      : 'N=5000 (with its floors) not run',
  });
  list.push({
    name: 'packaged extension (.vsix) under 400 KB',
    status: vsix.length === 0 ? 'not measured' : vsix.every((v) => v.bytes < vsixBudgetBytes) ? 'pass' : 'miss',
    detail:
      vsix.length === 0
        ? 'no .vsix in the repository root (npm run package makes one)'
        : vsix
            .map(
              (v) =>
                `${v.file} ${(v.bytes / 1000).toFixed(0)} KB (${fmtRatio(v.bytes / vsixBudgetBytes)} of the budget)`,
            )
            .join(', '),
  });
  list.push({
    name: "activation does not load the validator's schema compiler (ajv compile absent from dist/client.js)",
    status: !bundle.clientBuilt ? 'not measured' : bundle.loadsSchemaCompiler ? 'miss' : 'pass',
    detail: !bundle.clientBuilt
      ? 'dist/client.js not built yet'
      : bundle.loadsSchemaCompiler
        ? `dist/client.js contains ${bundle.markers!.map((m) => JSON.stringify(m)).join(', ')}`
        : `no ajv compiler code in dist/client.js (the check finds it in a control bundle: ${bundle.controlDetected})`,
  });
  return list;
}

/**
 * The hostile section (hostileBudgets.ts) for our build and, with --before, the before build; printed at once unless
 * `print` is false (the full bench prints it after the other tables).
 */
async function runHostile(
  options: Options,
  workspace: string,
  ourServer: string | undefined,
  print = true,
): Promise<HostileResult> {
  const ourCli = join(dirname(options.ourServer), 'cli.js');
  const result = await measureHostile({
    ours: { label: 'ours', server: ourServer, cli: existsSync(ourCli) ? ourCli : undefined },
    ...(options.beforeServer
      ? { before: { label: 'before', server: options.beforeServer, cli: options.beforeCli } }
      : {}),
    runs: options.runs ?? 3,
    timeoutMs: options.hostileTimeoutMs,
    workspace,
    cwd: root,
  });
  if (print) printHostileOf(options, result);
  return result;
}

function printHostileOf(options: Options, result: HostileResult): void {
  const name = (path: string | undefined) =>
    !path ? 'not built' : relative(root, path).startsWith('..') ? path : relative(root, path);
  printHostile(result, {
    ours: `${name(result.builds.ours.server)} and ${name(result.builds.ours.cli)}`,
    ...(options.beforeServer
      ? { before: `${name(result.builds.before?.server)} and ${name(result.builds.before?.cli)}` }
      : {}),
  });
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options.sizes.length > 0 && !existsSync(jsonServerScript))
    throw new HarnessError('vscode-langservers-extracted is not installed: run npm install.');
  const ourServer = existsSync(options.ourServer) ? options.ourServer : undefined;
  const ourServerName = relative(root, options.ourServer);
  if (options.beforeServer && !existsSync(options.beforeServer))
    throw new HarnessError(`--before: ${options.beforeServer} does not exist.`);
  if (!ourServer) {
    console.log(
      `NOTE: ${ourServerName} does not exist yet (the language server is not built), so only the JSON language server and the floors are measured.`,
    );
  }
  const workspace = mkdtempSync(join(tmpdir(), 'filer-bench-'));
  const removeWorkspace = () => rmSync(workspace, { recursive: true, force: true });
  // Interrupted: remove the generated folders; the servers exit on their own when their parent is gone.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      removeWorkspace();
      process.exit(130);
    });
  }
  try {
    const started = performance.now();
    if (options.only === 'hostile') {
      const hostile = await runHostile(options, workspace, ourServer);
      console.log(`Total ${((performance.now() - started) / 1000).toFixed(0)} s.`);
      console.log(
        JSON.stringify({ bench: 'filer-manifest', node: process.version, ourServer: ourServerName, hostile }),
      );
      return;
    }
    const warmupFolder = writePluginFolder(generatePlugin(8, 'valid'), workspace);
    const results: SizeResult[] = [];
    for (const n of options.sizes) {
      const profileFlags = options.profileDir
        ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`, `--cpu-prof-name=ours-n${n}.cpuprofile`]
        : [];
      results.push(
        await measureSize(
          n,
          options.runs ?? (n >= 5000 ? 5 : 7),
          workspace,
          warmupFolder,
          ourServer,
          profileFlags,
          options.skip,
          options.beforeServer,
        ),
      );
    }
    const bundle = checkActivationBundle();
    if (!bundle.controlDetected)
      throw new HarnessError(
        'The ajv-compiler check does not detect ajv in a control bundle: its markers are out of date.',
      );
    const vsix = vsixFiles();
    const hostile = options.skip.has('hostile') ? undefined : await runHostile(options, workspace, ourServer, false);
    const goalList = openBudgets(results);
    const budgetList = budgets(results, bundle, vsix);
    const beforeList = beforeBudgets(results);

    console.log(
      `Filer manifest bench: ours (${ourServerName}) vs vscode-json-language-server 4.10.0 with schemas/manifest.schema.json; node ${process.version}`,
    );
    results.forEach(printSize);
    console.log('');
    console.log('Goals (issue 15: ratios to the JSON server, this run)');
    for (const budget of goalList)
      console.log(`  ${budget.status.toUpperCase().padEnd(13)}${budget.name}: ${budget.detail}`);
    console.log(`  ${goalList.filter((b) => b.status === 'pass').length} of ${goalList.length} met`);
    console.log('Budgets (issue 5)');
    for (const budget of budgetList)
      console.log(`  ${budget.status.toUpperCase().padEnd(13)}${budget.name}: ${budget.detail}`);
    console.log(
      `  (.vsix: ${vsix.length ? vsix.map((v) => `${v.file} ${v.bytes} bytes`).join(', ') : 'none'}; activation bundle: ${bundle.clientBuilt ? 'dist/client.js' : 'not built'})`,
    );
    if (options.beforeServer) {
      console.log(
        `Against before (${relative(root, options.beforeServer)}; issue 26: reading handlers costs an open ≤ 10 %)`,
      );
      for (const budget of beforeList)
        console.log(`  ${budget.status.toUpperCase().padEnd(13)}${budget.name}: ${budget.detail}`);
    }
    if (hostile) printHostileOf(options, hostile);
    console.log(`Total ${((performance.now() - started) / 1000).toFixed(0)} s.`);

    const ratios = results.map((r) => {
      const ours = isMeasured(r.ours) ? r.ours : undefined;
      return {
        n: r.n,
        oursOverJson: ours
          ? {
              open: ratio(ours.openMs, r.json.openMs),
              cpuPerOpen: ratio(ours.cpuPerOpenMs, r.json.cpuPerOpenMs),
              cpuPerClose: ratio(ours.cpuPerCloseMs, r.json.cpuPerCloseMs),
              freshOpen: ratio(ours.freshOpenMs, r.json.freshOpenMs),
              peak: ratio(ours.peakMiB, r.json.peakMiB),
              edit: ratio(ours.editMs, r.json.editMs),
              completion: ratio(ours.completionMs, r.json.completionMs),
              hover: ratio(ours.hoverMs, r.json.hoverMs),
              rss: ratio(ours.rssMiB, r.json.rssMiB),
              firstOpenRss: ratio(ours.firstOpenRssMiB, r.json.firstOpenRssMiB),
              brokenOpen: ratio(ours.brokenOpenMs, r.json.brokenOpenMs),
            }
          : null,
        oursOverBefore:
          ours && r.before && isMeasured(r.before)
            ? {
                open: ratio(ours.openMs, r.before.openMs),
                cpuPerOpen: ratio(ours.cpuPerOpenMs, r.before.cpuPerOpenMs),
                freshOpen: ratio(ours.freshOpenMs, r.before.freshOpenMs),
                edit: ratio(ours.editMs, r.before.editMs),
                firstOpenRss: ratio(ours.firstOpenRssMiB, r.before.firstOpenRssMiB),
                peak: ratio(ours.peakMiB, r.before.peakMiB),
              }
            : null,
        bareOverJson: {
          open: ratio(r.bare.openMs, r.json.openMs),
          cpuPerOpen: ratio(r.bare.cpuPerOpenMs, r.json.cpuPerOpenMs),
          freshOpen: ratio(r.bare.freshOpenMs, r.json.freshOpenMs),
          edit: ratio(r.bare.editMs, r.json.editMs),
          completion: ratio(r.bare.completionMs, r.json.completionMs),
          hover: ratio(r.bare.hoverMs, r.json.hoverMs),
          firstOpenRss: ratio(r.bare.firstOpenRssMiB, r.json.firstOpenRssMiB),
          peak: ratio(r.bare.peakMiB, r.json.peakMiB),
        },
        oursOverParseTree: r.floors
          ? {
              validator: r.floors.validatorMs / r.floors.parseTreeMs,
              engineParse: r.floors.engineParseMs / r.floors.parseTreeMs,
            }
          : null,
      };
    });
    console.log(
      JSON.stringify({
        bench: 'filer-manifest',
        node: process.version,
        ourServer: ourServerName,
        results,
        ratios,
        goals: goalList,
        budgets: budgetList,
        before: beforeList,
        vsix,
        activationBundle: bundle,
        ...(hostile ? { hostile } : {}),
      }),
    );
  } finally {
    removeWorkspace();
  }
}

main().catch((error: Error) => {
  console.error(
    error instanceof HarnessError ? `bench harness broken: ${error.message}` : (error.stack ?? String(error)),
  );
  process.exitCode = 1;
});
