/**
 * The hostile section of `npm run bench`: the budgets of "Robust by construction: no handler file can crash, stall or
 * multiply the work of the CLI or the server", for our build and, with --before, the build from before the change,
 * interleaved run by run (ours first in one run, second in the next). Each run of each figure is a process of its
 * own (a CLI run, or a server started for it), so that a crash or a stall costs that figure alone: a crash is
 * reported as such, a measurement that outlasts the timeout as "> N s", and the runs of that build left for that
 * figure are skipped. Medians of the runs that completed. Not a test: a missed budget is reported, never failed.
 *
 * 1. `filer-manifest check` on a plugin whose one tool names an 80 KB handler of `@`, of `#`, of `"` + line break
 *    runs (after a valid first line): CPU time, each within 1 s.
 * 2. `check` on a plugin whose one tool names a 2 MB handler of ordinary code (just under the 2 MB a named file is
 *    read to, so that it is read): CPU time within 1.5 s, peak RSS within 150 MB.
 * 3. A bundled plugin, 200 tools naming one 200 KB handler module: `check` wall and CPU time within 5 s, peak RSS
 *    within 300 MB; the server (workspace: the plugin folder): didOpen of the handler → its diagnostics within 1 s,
 *    a 1-character edit in it → diagnostics within 0.5 s.
 * 4. 40 plugin folders nested in one another, each with a 2 MB manifest naming the handler at the bottom: the server
 *    (workspace: the top folder), a keystroke in that handler → diagnostics within 0.5 s.
 *
 * CPU time and peak RSS of a CLI run come from the process itself (cliProbe.ts, preloaded); the server's diagnostics
 * are awaited as the rest of the bench awaits them (pulled, or the push of that version). A server is left idle
 * (its start-up work, a workspace scan, done) before its handler is opened.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  hostileHandlerText,
  hostileKinds,
  ordinaryHandlerText,
  writeNestedPlugins,
  writeToolsPlugin,
  type HostileKind,
  type NestedPlugins,
  type WrittenPlugin,
} from './hostileInputs';
import { BenchServer, type Position } from './servers';
import { median } from './stats';

/** A build under measurement: its language server and its CLI, either of which may be missing. */
export interface Build {
  label: 'ours' | 'before';
  server?: string;
  cli?: string;
}

/** One figure of one build: the samples of its completed runs, and why a run did not complete (if one did not). */
export interface FigureResult {
  median: number | null;
  samples: number[];
  /** "crashed (…)", "> 120 s", "failed (…)" or "not measured (…)": the run that stopped this figure's runs. */
  failure?: string;
}

export type HostileStatus = 'met' | 'missed' | 'not measured';

export interface HostileRow {
  id: string;
  figure: string;
  unit: 'ms' | 'MB';
  /** The budget, in the row's unit; null for a figure shown beside the budgets, not one. */
  budget: number | null;
  ours: FigureResult;
  before?: FigureResult;
  /** ours / before, medians; null when either is missing. */
  oursOverBefore: number | null;
  status: HostileStatus;
  beforeStatus?: HostileStatus;
}

export interface HostileResult {
  runs: number;
  timeoutMs: number;
  builds: { ours: Build; before?: Build };
  inputs: Record<string, number>;
  rows: HostileRow[];
  /** Diagnostics each build's last completed run gave, per measurement (a sanity check: is the handler checked?). */
  diagnostics: Record<string, Partial<Record<Build['label'], number>>>;
}

const log = (line: string) => process.stderr.write(line + '\n');

interface Samples {
  values: number[];
  failure?: string;
}

/**
 * The figures of one run of a measurement (by row id), and the failure that stops that measurement for that build,
 * if one happened (the figures then are those measured before it).
 */
interface RunOutcome {
  figures: Record<string, number>;
  diagnostics?: number;
  failure?: string;
}

interface Measurement {
  name: string;
  /** The rows it gives. */
  rows: string[];
  run(build: Build): Promise<RunOutcome>;
}

interface RowDefinition {
  id: string;
  figure: string;
  unit: 'ms' | 'MB';
  budget: number | null;
}

const kindNames: Record<HostileKind, string> = { at: '@', hash: '#', 'quote-newline': '" + line break' };

const rowDefinitions: RowDefinition[] = [
  ...hostileKinds.map((kind): RowDefinition => ({
    id: `check-cpu-${kind}`,
    figure: `check CPU, 80 KB handler of ${kindNames[kind]} runs`,
    unit: 'ms',
    budget: 1000,
  })),
  { id: 'check-cpu-ordinary', figure: 'check CPU, 2 MB handler of ordinary code', unit: 'ms', budget: 1500 },
  { id: 'check-peak-ordinary', figure: 'check peak RSS, 2 MB handler', unit: 'MB', budget: 150 },
  { id: 'check-wall-bundled', figure: 'check wall, 200 tools → one 200 KB handler', unit: 'ms', budget: 5000 },
  { id: 'check-cpu-bundled', figure: 'check CPU, 200 tools → one 200 KB handler', unit: 'ms', budget: 5000 },
  { id: 'check-peak-bundled', figure: 'check peak RSS, 200 tools → one handler', unit: 'MB', budget: 300 },
  { id: 'server-open-bundled', figure: 'server: didOpen 200 KB handler → diagnostics', unit: 'ms', budget: 1000 },
  { id: 'server-edit-bundled', figure: 'server: 1-char edit in it → diagnostics', unit: 'ms', budget: 500 },
  { id: 'server-peak-bundled', figure: 'server peak RSS, bundled plugin', unit: 'MB', budget: null },
  { id: 'server-open-nested', figure: 'server: didOpen handler below 40 × 2 MB', unit: 'ms', budget: null },
  { id: 'server-edit-nested', figure: 'server: keystroke in it → diagnostics', unit: 'ms', budget: 500 },
  { id: 'server-peak-nested', figure: 'server peak RSS, 40 nested manifests', unit: 'MB', budget: null },
];

/**
 * Where the bench types in a generated handler: inside its `'use strict'` string, so that every version stays valid
 * JavaScript (a keystroke that breaks the syntax sends a handler to the tolerant parser, which is item 1's business).
 */
function editPosition(text: string): Position {
  const at = text.indexOf("'use strict'");
  if (at < 0) throw new Error("the generated handler has no 'use strict' to type into");
  const offset = at + "'use stric".length;
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** `filer-manifest check <manifest>` in a process of its own: wall time, and its CPU time and peak RSS (cliProbe). */
function runCheck(
  cli: string,
  manifestPath: string,
  workspace: string,
  timeoutMs: number,
): { wallMs: number; cpuMs: number; peakMB: number; diagnostics: number } | { failure: string } {
  const probeFile = join(workspace, `probe-${process.pid}.json`);
  rmSync(probeFile, { force: true });
  const start = performance.now();
  const run = spawnSync(process.execPath, ['-r', join(__dirname, 'cliProbe.js'), cli, 'check', manifestPath], {
    cwd: dirname(manifestPath),
    encoding: 'utf8',
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
    maxBuffer: 64 << 20,
    env: { ...process.env, NODE_OPTIONS: '', FILER_BENCH_PROBE: probeFile, NO_COLOR: '1' },
  });
  const wallMs = performance.now() - start;
  const stderr = (run.stderr ?? '').trim().split('\n').slice(-1)[0] ?? '';
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ETIMEDOUT')
    return { failure: `> ${(timeoutMs / 1000).toFixed(0)} s` };
  if (run.error) return { failure: `failed (${run.error.message})` };
  if (run.signal) return { failure: `crashed (${run.signal}${stderr ? `: ${stderr.slice(0, 160)}` : ''})` };
  // 0: no errors, 1: errors found; 2 is bad usage, a path that cannot be checked, or an internal error.
  if (run.status !== 0 && run.status !== 1)
    return { failure: `crashed (exit ${run.status}${stderr ? `: ${stderr.slice(0, 160)}` : ''})` };
  if (!existsSync(probeFile)) return { failure: 'failed (the CLI exited without the probe writing its figures)' };
  const probe = JSON.parse(readFileSync(probeFile, 'utf8')) as { cpuMs: number; peakKiB: number };
  rmSync(probeFile, { force: true });
  // The text format ends with "Checked 1 manifest: no problems." or "…: 2 errors, 1 information."
  const summary = /Checked \d+ manifests?: (.*)$/m.exec(run.stdout ?? '')?.[1] ?? '';
  const diagnostics = [...summary.matchAll(/(\d+) (?:error|warning|information|hint)/g)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
  return { wallMs, cpuMs: probe.cpuMs, peakMB: (probe.peakKiB * 1024) / 1e6, diagnostics };
}

/** Waits until the server has used under 0.5 ms of CPU in each of 5 periods of 100 ms in a row, or `maxMs` passed. */
async function idle(server: BenchServer, maxMs: number): Promise<void> {
  const until = performance.now() + maxMs;
  let last = server.cpuMs();
  let quiet = 0;
  while (quiet < 5 && performance.now() < until && server.client.alive) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = server.cpuMs();
    quiet = now - last < 0.5 ? quiet + 1 : 0;
    last = now;
  }
}

/** A failed server step as a figure: the server crashed (its exit), timed out, or failed otherwise. */
function serverFailure(server: BenchServer | undefined, error: Error, timeoutMs: number): string {
  // The client fails what is pending with "<label> exited (…)" when the process ends.
  if ((server && !server.client.alive) || / exited \(/.test(error.message))
    return `crashed (${oneLine(error.message)})`;
  if (/within \d+ ms/.test(error.message)) return `> ${(timeoutMs / 1000).toFixed(0)} s`;
  return `failed (${oneLine(error.message)})`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 160 ? `${flat.slice(0, 160)}…` : flat;
}

/**
 * A server started on `workspaceFolder`, left idle, then: didOpen of the handler → its diagnostics, and `edits`
 * keystrokes in it, each → diagnostics (their median is the run's edit figure), then its peak RSS.
 */
async function serverSession(
  label: Build['label'],
  script: string,
  workspaceFolder: string,
  handler: { path: string; text: string },
  edits: number,
  timeoutMs: number,
  cwd: string,
): Promise<RunOutcome> {
  let server: BenchServer | undefined;
  const figures: Record<string, number> = {};
  try {
    server = await BenchServer.start(label, script, pathToFileURL(workspaceFolder).href, cwd, timeoutMs);
    server.configureDefaults();
    await idle(server, timeoutMs);
    const uri = pathToFileURL(handler.path).href;
    let start = performance.now();
    let diagnostics = await server.open(uri, handler.text, 1, timeoutMs, 'javascript');
    figures.open = performance.now() - start;
    const at = editPosition(handler.text);
    const editTimes: number[] = [];
    for (let edit = 0; edit < edits; edit++) {
      await idle(server, 5000);
      start = performance.now();
      diagnostics = await server.insert(uri, at, 'x', edit + 2, timeoutMs);
      editTimes.push(performance.now() - start);
    }
    figures.edit = median(editTimes);
    figures.peak = (server.memory().peakMiB * 1048576) / 1e6;
    return { figures, diagnostics: diagnostics.length };
  } catch (error) {
    const failure = serverFailure(server, error as Error, timeoutMs);
    // A stalled server's memory is still a figure; a crashed one has none.
    try {
      if (server?.client.alive) figures.peak = (server.memory().peakMiB * 1048576) / 1e6;
    } catch {
      // it exited meanwhile
    }
    return { figures, failure };
  } finally {
    if (server) {
      // A server still busy (stalled) does not answer shutdown: it is killed after 2 s.
      if (server.client.alive) await server.stop();
      else server.client.kill();
    }
  }
}

function cliMeasurement(
  name: string,
  plugin: () => WrittenPlugin,
  picks: Partial<Record<'wall' | 'cpu' | 'peak', string>>,
  workspace: string,
  timeoutMs: number,
): Measurement {
  return {
    name,
    rows: Object.values(picks),
    async run(build) {
      if (!build.cli) return { figures: {}, failure: 'not measured (no cli.js for this build)' };
      const result = runCheck(build.cli, plugin().manifestPath, workspace, timeoutMs);
      if ('failure' in result) return { figures: {}, failure: result.failure };
      const figures: Record<string, number> = {};
      if (picks.wall) figures[picks.wall] = result.wallMs;
      if (picks.cpu) figures[picks.cpu] = result.cpuMs;
      if (picks.peak) figures[picks.peak] = result.peakMB;
      return { figures, diagnostics: result.diagnostics };
    },
  };
}

function serverMeasurement(
  name: string,
  setting: () => { workspaceFolder: string; handlerPath: string; handlerText: string },
  ids: { open: string; edit: string; peak: string },
  edits: number,
  timeoutMs: number,
  cwd: string,
): Measurement {
  return {
    name,
    rows: [ids.open, ids.edit, ids.peak],
    async run(build) {
      if (!build.server) return { figures: {}, failure: 'not measured (no server.js for this build)' };
      const { workspaceFolder, handlerPath, handlerText } = setting();
      const outcome = await serverSession(
        build.label,
        build.server,
        workspaceFolder,
        { path: handlerPath, text: handlerText },
        edits,
        timeoutMs,
        cwd,
      );
      // When only the edits failed, the open's figure stands and the failure is the edit's (and the peak's).
      const names: Record<string, string> = { open: ids.open, edit: ids.edit, peak: ids.peak };
      const figures: Record<string, number> = {};
      for (const [name, value] of Object.entries(outcome.figures)) figures[names[name]] = value;
      return { ...outcome, figures };
    },
  };
}

/** Runs the hostile section: generates its inputs under `workspace`, measures each build, returns the rows. */
export async function measureHostile(options: {
  ours: Build;
  before?: Build;
  runs: number;
  timeoutMs: number;
  workspace: string;
  /** The folder servers are started in (the repository root). */
  cwd: string;
}): Promise<HostileResult> {
  const { runs, timeoutMs, cwd } = options;
  const workspace = join(options.workspace, 'hostile');
  mkdirSync(workspace, { recursive: true });
  log(`hostile inputs: generating in ${workspace}…`);
  const hostile = new Map<HostileKind, WrittenPlugin>();
  for (const kind of hostileKinds)
    hostile.set(kind, writeToolsPlugin(workspace, `hostile-${kind}`, 1, hostileHandlerText(kind)));
  const ordinary = writeToolsPlugin(workspace, 'ordinary-2mb', 1, ordinaryHandlerText(2_000_000));
  const bundled = writeToolsPlugin(workspace, 'bundled', 200, ordinaryHandlerText(200_000, 2), 'dist/bundle.js');
  const nested: NestedPlugins = writeNestedPlugins(workspace, 'nested', 40, 2_000_000, ordinaryHandlerText(20_000, 3));
  const inputs = {
    hostileHandlerBytes: statSync(hostile.get('at')!.handlerPath).size,
    ordinaryHandlerBytes: statSync(ordinary.handlerPath).size,
    bundledHandlerBytes: statSync(bundled.handlerPath).size,
    bundledTools: 200,
    nestedManifests: nested.manifestPaths.length,
    nestedManifestBytes: nested.manifestBytes,
    nestedHandlerBytes: statSync(nested.handlerPath).size,
  };

  const edits = 3;
  const measurements: Measurement[] = [
    ...hostileKinds.map((kind) =>
      cliMeasurement(`check, ${kind}`, () => hostile.get(kind)!, { cpu: `check-cpu-${kind}` }, workspace, timeoutMs),
    ),
    cliMeasurement(
      'check, 2 MB handler',
      () => ordinary,
      { cpu: 'check-cpu-ordinary', peak: 'check-peak-ordinary' },
      workspace,
      timeoutMs,
    ),
    cliMeasurement(
      'check, bundled plugin',
      () => bundled,
      { wall: 'check-wall-bundled', cpu: 'check-cpu-bundled', peak: 'check-peak-bundled' },
      workspace,
      timeoutMs,
    ),
    serverMeasurement(
      'server, bundled plugin',
      () => ({ workspaceFolder: bundled.folder, handlerPath: bundled.handlerPath, handlerText: bundled.handlerText }),
      { open: 'server-open-bundled', edit: 'server-edit-bundled', peak: 'server-peak-bundled' },
      edits,
      timeoutMs,
      cwd,
    ),
    serverMeasurement(
      'server, 40 nested manifests',
      () => ({ workspaceFolder: nested.top, handlerPath: nested.handlerPath, handlerText: nested.handlerText }),
      { open: 'server-open-nested', edit: 'server-edit-nested', peak: 'server-peak-nested' },
      edits,
      timeoutMs,
      cwd,
    ),
  ];

  const builds = options.before ? [options.ours, options.before] : [options.ours];
  const samples = new Map<string, Record<string, Samples>>();
  for (const build of builds)
    samples.set(build.label, Object.fromEntries(rowDefinitions.map((row) => [row.id, { values: [] } as Samples])));
  const stopped = new Set<string>();
  const diagnostics: HostileResult['diagnostics'] = {};
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? builds : [...builds].reverse();
    for (const measurement of measurements) {
      for (const build of order) {
        const key = `${build.label}\0${measurement.name}`;
        if (stopped.has(key)) continue;
        const started = performance.now();
        const outcome = await measurement.run(build);
        const mine = samples.get(build.label)!;
        for (const [id, value] of Object.entries(outcome.figures)) mine[id].values.push(value);
        if (outcome.failure !== undefined) {
          // This measurement stops for this build: each of its rows without a figure from this run says why.
          stopped.add(key);
          for (const id of measurement.rows) if (!(id in outcome.figures)) mine[id].failure ??= outcome.failure;
          log(`  ${build.label}: ${measurement.name}, run ${run + 1}: ${outcome.failure}`);
        } else {
          (diagnostics[measurement.name] ??= {})[build.label] = outcome.diagnostics;
          log(
            `  ${build.label}: ${measurement.name}, run ${run + 1}: ${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
        }
      }
    }
    log(`  hostile run ${run + 1}/${runs} done`);
  }

  const resultOf = (label: Build['label'], id: string): FigureResult => {
    const { values, failure } = samples.get(label)![id];
    return { median: values.length > 0 ? median(values) : null, samples: values, ...(failure ? { failure } : {}) };
  };
  const statusOf = (result: FigureResult, budget: number | null): HostileStatus => {
    if (budget === null) return 'not measured';
    // A crash or a timeout misses the budget; a build that lacks the CLI or server is not measured.
    if (result.failure) return result.failure.startsWith('not measured') ? 'not measured' : 'missed';
    if (result.median === null) return 'not measured';
    return result.median <= budget ? 'met' : 'missed';
  };
  const rows = rowDefinitions.map((definition): HostileRow => {
    const ours = resultOf('ours', definition.id);
    const before = options.before ? resultOf('before', definition.id) : undefined;
    const comparable = (result: FigureResult | undefined) =>
      result && !result.failure && result.median !== null ? result.median : null;
    const oursValue = comparable(ours);
    const beforeValue = comparable(before);
    return {
      ...definition,
      ours,
      ...(before ? { before } : {}),
      oursOverBefore: oursValue !== null && beforeValue !== null && beforeValue > 0 ? oursValue / beforeValue : null,
      status: statusOf(ours, definition.budget),
      ...(before ? { beforeStatus: statusOf(before, definition.budget) } : {}),
    };
  });
  return {
    runs,
    timeoutMs,
    builds: { ours: options.ours, ...(options.before ? { before: options.before } : {}) },
    inputs,
    rows,
    diagnostics,
  };
}

function formatValue(result: FigureResult | undefined, unit: 'ms' | 'MB'): string {
  if (!result) return '';
  if (result.failure) return result.failure.replace(/ \(.*$/, '');
  if (result.median === null) return '—';
  if (unit === 'MB') return `${result.median.toFixed(0)} MB`;
  return result.median >= 1000 ? `${(result.median / 1000).toFixed(2)} s` : `${result.median.toFixed(1)} ms`;
}

function formatBudget(row: HostileRow): string {
  if (row.budget === null) return '';
  return row.unit === 'MB'
    ? `≤ ${row.budget} MB`
    : `≤ ${row.budget >= 1000 ? `${row.budget / 1000} s` : `${row.budget} ms`}`;
}

/** The section's table: figure, ours, before, ours/before, budget, met or missed (ours). */
export function printHostile(result: HostileResult, names: { ours: string; before?: string }): void {
  const withBefore = result.builds.before !== undefined;
  console.log('');
  console.log(
    `Hostile handlers ("Robust by construction"): medians of ${result.runs} runs, each a process of its own, interleaved; timeout ${(result.timeoutMs / 1000).toFixed(0)} s`,
  );
  console.log(`  ours: ${names.ours}${withBefore ? `; before: ${names.before}` : ''}`);
  console.log(
    `  inputs: hostile handlers ${(result.inputs.hostileHandlerBytes / 1024).toFixed(0)} KiB; ordinary handler ${(result.inputs.ordinaryHandlerBytes / 1e6).toFixed(2)} MB; ` +
      `${result.inputs.bundledTools} tools → one ${(result.inputs.bundledHandlerBytes / 1e3).toFixed(0)} KB handler; ` +
      `${result.inputs.nestedManifests} nested manifests of ${(result.inputs.nestedManifestBytes / 1e6).toFixed(2)} MB → one ${(result.inputs.nestedHandlerBytes / 1e3).toFixed(0)} KB handler`,
  );
  const header =
    `  ${'figure'.padEnd(46)}${'ours'.padStart(11)}` +
    (withBefore ? `${'before'.padStart(11)}${'ours/before'.padStart(13)}` : '') +
    `${'budget'.padStart(10)}  ours`;
  console.log(header);
  for (const row of result.rows) {
    const ratio = row.oursOverBefore === null ? '—' : `${row.oursOverBefore.toFixed(2)}×`;
    const status = row.budget === null ? '' : row.status;
    console.log(
      `  ${row.figure.padEnd(46)}${formatValue(row.ours, row.unit).padStart(11)}` +
        (withBefore ? `${formatValue(row.before, row.unit).padStart(11)}${ratio.padStart(13)}` : '') +
        `${formatBudget(row).padStart(10)}  ${status}`,
    );
  }
  // Each failure said in full once, with the figures it stopped.
  const failures = new Map<string, string[]>();
  for (const row of result.rows)
    for (const label of ['ours', 'before'] as const) {
      const failure = row[label]?.failure;
      if (failure && failure.includes('('))
        failures.set(`${label}: ${failure}`, [...(failures.get(`${label}: ${failure}`) ?? []), row.figure]);
    }
  for (const [failure, figures] of failures) console.log(`  ${failure}; stopped: ${figures.join('; ')}`);
  console.log(
    `  diagnostics in the last completed run (each generated handler of ordinary code has one finding, args.pth): ` +
      Object.entries(result.diagnostics)
        .map(([name, counts]) => `${name} ${counts.ours ?? '—'}${withBefore ? `/${counts.before ?? '—'}` : ''}`)
        .join(', ') +
      (withBefore ? ' (ours/before)' : ''),
  );
  const budgeted = result.rows.filter((row) => row.budget !== null);
  console.log(
    `  ${budgeted.filter((row) => row.status === 'met').length} of ${budgeted.length} budgets met by ours` +
      (withBefore ? `, ${budgeted.filter((row) => row.beforeStatus === 'met').length} by before` : ''),
  );
}
