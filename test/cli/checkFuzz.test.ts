/**
 * The CLI fed mutated real input (test/fuzz/mutations.ts): four folders of 20 plugins, copies of the examples with one
 * handler (or the manifest, or a tool schema) the input each, between two good plugins; `check` as text, JSON and
 * SARIF and `gating` as text and JSON over each. Every run ends with 0 or 1 (never 2, "internal error"), in time,
 * with no stack trace on stderr; the good plugins are reported as without the others, and every plugin whose manifest
 * was not touched is reported. A fixed seed here; `node scripts/fuzz.mjs` runs random ones.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkCliFolder, type CliPlugin } from '../fuzz/cliChecks';
import { placeHandlerInput, placeManifestInput, type PluginFiles } from '../fuzz/engineChecks';
import {
  describeInput,
  examplePlugins,
  fuzzInput,
  handlerCorpus,
  knownHandlerCases,
  manifestCorpus,
  suiteSeed,
} from '../fuzz/mutations';

const plugins = new Map<string, PluginFiles>(examplePlugins().map(({ name, files }) => [name, files]));
const good: CliPlugin[] = [
  { dir: 'a-good-word-count', files: plugins.get('word-count')! },
  { dir: 'z-good-legacy-tools', files: plugins.get('legacy-tools')! },
];
const perFolder = 20;

function fuzzedPlugins(corpus: 'handlers' | 'manifests', first: number): CliPlugin[] {
  const samples = corpus === 'handlers' ? handlerCorpus() : manifestCorpus();
  return Array.from({ length: perFolder }, (_, i) => {
    const input = fuzzInput(suiteSeed, first + i, samples, `cli-${corpus}`);
    const { name, plugin, path } = (corpus === 'handlers' ? placeHandlerInput : placeManifestInput)(input, plugins);
    const files = new Map(plugin);
    files.set(path, input.text);
    return {
      dir: `m-${String(first + i).padStart(3, '0')}`,
      files,
      label: `${describeInput(input)}\n    as ${name}/${path}`,
      manifestMutated: path === 'manifest.json',
    };
  });
}

for (const [corpus, first] of [
  ['handlers', 0],
  ['handlers', perFolder],
  ['handlers', 2 * perFolder],
  ['manifests', 0],
] as const) {
  test(`check (text, json, sarif) and gating (text, json) over 20 plugins with a mutated ${corpus === 'handlers' ? 'handler' : 'manifest or tool schema'} (inputs ${first}–${first + perFolder - 1}) between two good ones`, () => {
    const failures = checkCliFolder(good, fuzzedPlugins(corpus, first));
    assert.deepEqual(failures.slice(0, 5), [], `${failures.length} failures`);
  });
}

test('check and gating over 20 plugins each with its own mutated config file (filer-manifest.config.json) between two good ones', () => {
  const team = plugins.get('team-config')!;
  const samples = [
    {
      name: 'examples/team-config/filer-manifest.config.json',
      fileName: 'filer-manifest.config.json',
      text: team.get('filer-manifest.config.json')!,
    },
  ];
  const fuzzed = Array.from({ length: perFolder }, (_, i): CliPlugin => {
    const input = fuzzInput(suiteSeed, i, samples, 'cli-configs');
    const files = new Map(team);
    files.set('filer-manifest.config.json', input.text);
    return { dir: `c-${String(i).padStart(3, '0')}`, files, label: describeInput(input) };
  });
  const failures = checkCliFolder(good, fuzzed);
  assert.deepEqual(failures.slice(0, 5), [], `${failures.length} failures`);
});

test('the known cases, each a handler of word-count beside the good plugins', () => {
  const fuzzed = knownHandlerCases().map(({ name, text }, i) => {
    const files = new Map(plugins.get('word-count')!);
    files.set('tools/count-words.js', text);
    return { dir: `known-${i}`, files, label: name };
  });
  assert.deepEqual(checkCliFolder(good, fuzzed), []);
});
