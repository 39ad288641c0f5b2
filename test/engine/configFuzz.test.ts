/**
 * The config file (filer-manifest.config.json) fed mutated real configs (test/fuzz/mutations.ts: cut, stray quotes,
 * brackets and escapes, runs of one character, random bytes, control and bidirectional characters): reading it, what
 * it says of a manifest, checking a manifest under it and its own diagnostics never throw, finish in time, and every
 * diagnostic lies inside the text; the suppression fixes' edits of it ("Suppress … in filer-manifest.config.json",
 * "Remove this unused suppression") leave valid JSON that differs by that entry alone, or are refused. A fixed seed
 * here; `node scripts/fuzz.mjs` runs the other fuzzers with random ones.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  addSuppressionEdits,
  analyzeManifest,
  configDiagnostics,
  readConfig,
  removeSuppressionEdits,
  scopeOf,
  type SuppressionEntry,
} from '../../server/src/engine';
import { applyEdits } from '../../server/src/engine/fixes/textEdits';
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
      const failure = suppressionEditsHold(input.text, diagnostics);
      if (failure) failures.push(`${describeInput(input)}: ${failure}`);
    } catch (error) {
      failures.push(`${describeInput(input)}: threw ${(error as Error).stack}`);
    }
    const ms = performance.now() - started;
    if (ms > 5000) failures.push(`${describeInput(input)}: took ${ms.toFixed(0)} ms`);
  }
  assert.deepEqual(failures.slice(0, 5), [], `${failures.length} failures`);
});

const entry: SuppressionEntry = { file: 'manifest.json', at: '/x', rule: 'manifest.unknown-key', reason: 'R.' };

/** The list `suppress` of a JSON text, or why the text is not a config object with one. */
function suppressList(text: string): unknown[] | string {
  try {
    const value: unknown = JSON.parse(text);
    const list = (value as { suppress?: unknown })?.suppress;
    return Array.isArray(list) ? list : 'no list `suppress`';
  } catch (error) {
    return `not JSON (${(error as Error).message})`;
  }
}

/**
 * The entry added where the text takes one: the text stays JSON, its `suppress` gains that entry at its end and
 * nothing else; each unused suppression's removal leaves JSON whose `suppress` lost that entry alone.
 */
function suppressionEditsHold(text: string, diagnostics: { code: string; data?: unknown }[]): string | undefined {
  const before = suppressList(text);
  const added = addSuppressionEdits(text, entry);
  if (added) {
    const after = suppressList(applyEdits(text, added));
    if (typeof after === 'string') return `the entry added: ${after}`;
    const expected = [...(typeof before === 'string' ? [] : before), entry];
    if (JSON.stringify(after) !== JSON.stringify(expected)) return 'the entry added changed other entries';
  }
  for (const unused of diagnostics.filter((d) => d.code === 'config.unused-suppression').slice(0, 3)) {
    const edits = removeSuppressionEdits(text, unused.data as Parameters<typeof removeSuppressionEdits>[1]);
    if (!edits) continue;
    const index = (unused.data as { jsonPath: [string, number] }).jsonPath[1];
    const after = suppressList(applyEdits(text, edits));
    if (typeof after === 'string' || typeof before === 'string') return `the entry removed: ${after}`;
    const expected = before.filter((_, i) => i !== index);
    if (JSON.stringify(after) !== JSON.stringify(expected)) return `removing entry ${index} changed others`;
  }
  return undefined;
}
