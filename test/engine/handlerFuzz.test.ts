/**
 * The engine's entry points fed mutated real input (test/fuzz/mutations.ts): the handler parse alone, the analysis of
 * a plugin whose handler is the input, and of a mutated manifest or tool schema. For each input: no exception, within
 * a bound for hostile input (10 s: whether it hangs, not how fast it is), every diagnostic inside its file, and the
 * plugin's other files reported as without the input. A fixed seed here; `node scripts/fuzz.mjs` runs random ones.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  checkHandlerFacts,
  checkPluginAnalysis,
  handlerKinds,
  placeHandlerInput,
  placeManifestInput,
  type PluginFiles,
} from '../fuzz/engineChecks';
import {
  describeInput,
  examplePlugins,
  fuzzInput,
  handlerCorpus,
  knownHandlerCases,
  manifestCorpus,
  suiteSeed,
  type FuzzInput,
} from '../fuzz/mutations';

const handlers = handlerCorpus();
const manifests = manifestCorpus();
const plugins = new Map<string, PluginFiles>(examplePlugins().map(({ name, files }) => [name, files]));

/** Runs `check` on every input and fails once, naming every input that failed (the first few in full). */
function assertAll(inputs: FuzzInput[], check: (input: FuzzInput) => string | undefined): void {
  const failures = inputs.flatMap((input) => {
    const wrong = check(input);
    return wrong === undefined ? [] : [`${describeInput(input)}\n  ${wrong}`];
  });
  assert.deepEqual(failures.slice(0, 5), [], `${failures.length} of ${inputs.length} inputs failed`);
}

const range = (count: number) => Array.from({ length: count }, (_, i) => i);

test('handlerFacts: 200 mutated handler modules (the examples and a node_modules sample) as a tool, hook, command or setting handler in turn', () => {
  assertAll(
    range(200).map((i) => fuzzInput(suiteSeed, i, handlers, 'handler-facts')),
    (input) => checkHandlerFacts(input.text, input.base.fileName, [handlerKinds[input.index % handlerKinds.length]]),
  );
});

test('analyzeManifest: 150 plugins of the examples, one handler each the mutated input, the others reported as before', () => {
  assertAll(
    range(150).map((i) => fuzzInput(suiteSeed, i, handlers, 'plugin-handler')),
    (input) => {
      const { name, plugin, path } = placeHandlerInput(input, plugins);
      const wrong = checkPluginAnalysis(plugin, path, input.text);
      return wrong && `as ${name}/${path}: ${wrong}`;
    },
  );
});

test('analyzeManifest: 100 mutated manifests and tool schemas of the examples, and schemas/ read as manifests', () => {
  assertAll(
    range(100).map((i) => fuzzInput(suiteSeed, i, manifests, 'manifest')),
    (input) => {
      const { plugin, path } = placeManifestInput(input, plugins);
      return checkPluginAnalysis(plugin, path, input.text);
    },
  );
});

test('the known cases: an invalid escape or a code point out of bounds in a module with a syntax error, and runs of "@", "#" and "\\"\\n" 128 KB long', () => {
  const wordCount = plugins.get('word-count')!;
  const failures = knownHandlerCases().flatMap(({ name, text }) => {
    const wrong =
      checkHandlerFacts(text, 'tools/count-words.js') ?? checkPluginAnalysis(wordCount, 'tools/count-words.js', text);
    return wrong === undefined ? [] : [`${name}: ${wrong}`];
  });
  assert.deepEqual(failures, []);
});
