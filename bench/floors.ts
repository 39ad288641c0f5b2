/**
 * The floors, measured in a fresh process (so the bench's own heap does not weigh on them):
 * what it costs to read the manifest (JSON.parse, jsonc-parser's parseTree), our engine's parse,
 * and our validator alone on the plugin folder on disk, with a breakdown of where its time goes.
 *
 * Usage: node out/bench/floors.js <validFolder> <brokenFolder> <runs> <brokenRuns>
 * Prints one JSON line: medians in ms, and the validator's diagnostic counts per variant.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTree } from 'jsonc-parser';
import { analyzeManifest, buildModel, parseDocument, validateModel } from '../server/src/engine';
import { NodePluginFolder } from '../server/src/host/nodePluginFolder';
import { median } from './stats';

export interface FloorFigures {
  bytes: number;
  jsonParseMs: number;
  parseTreeMs: number;
  engineParseMs: number;
  /** parse + model + every rule, files read through NodePluginFolder: what the server does per version. */
  validatorMs: number;
  /** The rules alone (model already built), with the folder. */
  rulesMs: number;
  /** The rules alone without a folder: the difference is the cross-file checks (file system and tool schemas). */
  rulesNoFolderMs: number;
  validatorBrokenMs: number;
  valid: { errors: number; total: number };
  broken: { errors: number; total: number };
}

function time(action: () => unknown): number {
  const start = performance.now();
  action();
  return performance.now() - start;
}

function measure(validFolder: string, brokenFolder: string, runs: number, brokenRuns: number): FloorFigures {
  const text = readFileSync(join(validFolder, 'manifest.json'), 'utf8');
  const brokenText = readFileSync(join(brokenFolder, 'manifest.json'), 'utf8');
  const folder = new NodePluginFolder(validFolder);
  const brokenPluginFolder = new NodePluginFolder(brokenFolder);

  const samples: Record<string, number[]> = {
    jsonParse: [],
    parseTree: [],
    engineParse: [],
    validator: [],
    rules: [],
    rulesNoFolder: [],
  };
  const model = buildModel(parseDocument(text));
  // One warm-up round (discarded) lets the JIT settle, as it has in a server that has been running.
  for (let run = 0; run <= runs; run++) {
    const round = {
      jsonParse: time(() => JSON.parse(text)),
      parseTree: time(() => parseTree(text)),
      engineParse: time(() => parseDocument(text)),
      validator: time(() => analyzeManifest(text, { folder })),
      rules: time(() => validateModel(model, { folder })),
      rulesNoFolder: time(() => validateModel(model)),
    };
    if (run > 0) for (const [key, ms] of Object.entries(round)) samples[key].push(ms);
  }
  const brokenSamples: number[] = [];
  for (let run = 0; run <= brokenRuns; run++) {
    const ms = time(() => analyzeManifest(brokenText, { folder: brokenPluginFolder }));
    if (run > 0) brokenSamples.push(ms);
  }

  const count = (diagnostics: { severity: string }[]) => ({
    errors: diagnostics.filter((d) => d.severity === 'error').length,
    total: diagnostics.length,
  });
  return {
    bytes: Buffer.byteLength(text),
    jsonParseMs: median(samples.jsonParse),
    parseTreeMs: median(samples.parseTree),
    engineParseMs: median(samples.engineParse),
    validatorMs: median(samples.validator),
    rulesMs: median(samples.rules),
    rulesNoFolderMs: median(samples.rulesNoFolder),
    validatorBrokenMs: median(brokenSamples),
    valid: count(analyzeManifest(text, { folder }).diagnostics),
    broken: count(analyzeManifest(brokenText, { folder: brokenPluginFolder }).diagnostics),
  };
}

if (require.main === module) {
  const [validFolder, brokenFolder, runs, brokenRuns] = process.argv.slice(2);
  if (!validFolder || !brokenFolder) {
    console.error('usage: node out/bench/floors.js <validFolder> <brokenFolder> [runs] [brokenRuns]');
    process.exit(2);
  }
  process.stdout.write(
    JSON.stringify(measure(validFolder, brokenFolder, Number(runs ?? 7), Number(brokenRuns ?? 3))) + '\n',
  );
}
