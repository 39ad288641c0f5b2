/**
 * The config file (filer-manifest.config.json) fed mutated real configs (test/fuzz/mutations.ts: cut, stray quotes,
 * brackets and escapes, runs of one character, random bytes, control and bidirectional characters): reading it, what
 * it says of a manifest, checking a manifest under it and its own diagnostics never throw, finish in time, and every
 * diagnostic lies inside the text. A fixed seed here; `node scripts/fuzz.mjs` runs the other fuzzers with random ones.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { analyzeManifest, configDiagnostics, readConfig, scopeOf } from '../../server/src/engine';
import { describeInput, fuzzInput, fuzzRepoRoot, suiteSeed, type Sample } from '../fuzz/mutations';

const example = join(fuzzRepoRoot, 'examples', 'team-config');
const corpus: Sample[] = [
  {
    name: 'examples/team-config/filer-manifest.config.json',
    fileName: 'filer-manifest.config.json',
    text: readFileSync(join(example, 'filer-manifest.config.json'), 'utf8'),
  },
  {
    name: 'a config with every field',
    fileName: 'filer-manifest.config.json',
    text: JSON.stringify(
      {
        $schema: './schemas/filer-manifest.config.schema.json',
        rules: { 'manifest.unknown-key': 'off', 'tools.timeout': 'warn', constructor: 'error', __proto__: 'off' },
        overrides: [{ files: ['plugins/{a,b}/**', '*', '**/*.json', '[!x]*'], rules: { 'json.comment': 'hint' } }],
        ignore: ['fixtures/**', '', 'a/'.repeat(600)],
        suppress: [
          { file: 'manifest.json', at: '/homepage', rule: 'manifest.unknown-key', reason: 'R.' },
          { file: './manifest.json', at: '/contributes/tools/0/id~1x~0', rule: 'tools.id-dot', reason: 'R.' },
          { file: 'manifest.json', at: '~2', rule: 'nope', reason: '' },
        ],
      },
      null,
      2,
    ),
  },
];
const manifest = readFileSync(join(example, 'manifest.json'), 'utf8');

test('mutated config files: read, applied and reported without a throw, in time, inside their text', () => {
  const failures: string[] = [];
  for (let index = 0; index < 300; index++) {
    const input = fuzzInput(suiteSeed, index, corpus, 'config');
    const started = performance.now();
    try {
      const config = readConfig(input.text);
      const scope = scopeOf(config, 'manifest.json', { 'manifest.name': 'warning' });
      const used = new Set<number>();
      analyzeManifest(manifest, {
        severityOverrides: scope.severityOverrides,
        suppressions: { entries: scope.suppressions, used },
      });
      const diagnostics = configDiagnostics(config, {
        used,
        checked: new Map([['manifest.json', scope.severityOverrides]]),
        below: ['manifest.json', 'vendor/legacy-export/manifest.json'],
      });
      for (const diagnostic of diagnostics)
        if (diagnostic.offset < 0 || diagnostic.offset + diagnostic.length > input.text.length)
          failures.push(`${describeInput(input)}: ${diagnostic.code} lies outside the text`);
    } catch (error) {
      failures.push(`${describeInput(input)}: threw ${(error as Error).stack}`);
    }
    const ms = performance.now() - started;
    if (ms > 5000) failures.push(`${describeInput(input)}: took ${ms.toFixed(0)} ms`);
  }
  assert.deepEqual(failures.slice(0, 5), [], `${failures.length} failures`);
});
