/**
 * The language server fed mutated real input (test/fuzz/mutations.ts) over a real connection, one process per test:
 * 100 inputs opened, changed or reopened as a handler (70) or a manifest or tool schema (30) of the examples' plugins,
 * and 30 as a team's filer-manifest.config.json, with hover, completion and document symbols asked on each. The
 * server stays alive and answers, each version's diagnostics arrive in time, and a good plugin's manifest still gets
 * its diagnostics every ten inputs and at the end. A fixed seed here; `node scripts/fuzz.mjs` runs random ones.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { placeHandlerInput, placeManifestInput, type PluginFiles } from '../fuzz/engineChecks';
import {
  examplePlugins,
  fuzzInput,
  handlerCorpus,
  knownHandlerCases,
  manifestCorpus,
  suiteSeed,
  type FuzzInput,
} from '../fuzz/mutations';
import { checkServer, type ServerInput } from '../fuzz/serverChecks';

const examples = new Map<string, PluginFiles>(examplePlugins().map(({ name, files }) => [name, files]));
/** The workspace: every example as fuzz-<name>, and word-count again as the good plugin. */
const workspace = new Map<string, PluginFiles>([
  ...[...examples].map(([name, files]): [string, PluginFiles] => [`fuzz-${name}`, files]),
  ['good-word-count', examples.get('word-count')!],
]);

test('100 mutated handlers, manifests and tool schemas opened, changed and reopened in one server between requests', async () => {
  const handlers = handlerCorpus();
  const manifests = manifestCorpus();
  const inputs = Array.from({ length: 100 }, (_, i): ServerInput => {
    const input = fuzzInput(suiteSeed, i, i % 10 < 7 ? handlers : manifests, 'server');
    const { name, path } = i % 10 < 7 ? placeHandlerInput(input, examples, false) : placeManifestInput(input, examples);
    return { input, plugin: `fuzz-${name}`, path };
  });
  const failures = await checkServer(workspace, 'good-word-count', inputs);
  assert.deepEqual(failures.slice(0, 5), [], `${failures.length} failures`);
});

test('30 mutated config files, then deeply nested ones, opened and changed in one server between requests', async () => {
  const configs = manifestCorpus().filter((sample) => sample.fileName.endsWith('filer-manifest.config.json'));
  const place = (input: FuzzInput): ServerInput => ({
    input,
    plugin: 'fuzz-team-config',
    path: 'filer-manifest.config.json',
  });
  const mutated = Array.from({ length: 30 }, (_, i) => place(fuzzInput(suiteSeed, i, configs, 'server-config')));
  // Deeper than any recursive walk of the text can go (jsonc-parser's getLocation overflowed the stack here).
  const deep = ['[', '{"rules":', '{"a":[', '{"suppress":[{"rule":'].map((unit, index) => {
    const text = `{"rules": ${unit.repeat(100_000)}`;
    const base = { name: `${unit} nested 100,000 times`, fileName: 'filer-manifest.config.json', text };
    return place({ seed: suiteSeed, index, base, steps: ['none'], text });
  });
  const failures = await checkServer(workspace, 'good-word-count', [...mutated, ...deep]);
  assert.deepEqual(failures.slice(0, 5), [], `${failures.length} failures`);
});

test('the known cases, one after the other as a handler of word-count', async () => {
  const inputs = knownHandlerCases().map(({ name, text }, index): ServerInput => {
    const base = { name, fileName: 'tools/count-words.js', text };
    const input: FuzzInput = { seed: suiteSeed, index, base, steps: ['none'], text };
    return { input, plugin: 'fuzz-word-count', path: 'tools/count-words.js' };
  });
  assert.deepEqual(await checkServer(workspace, 'good-word-count', inputs), []);
});
