// The long fuzz run: the suites' generators and checks (test/fuzz/, compiled to out/test/fuzz/) with a random seed
// and many more inputs, through the engine (handlerFacts, analyzeManifest with a mutated handler, manifest or tool
// schema), the CLI (check and gating over folders of 20 mutated plugins) and the language server (one process per 100
// inputs). It prints the seed first; each failing input is written to fuzz-failures/ (its text, and, when the engine
// fails on it too, the text minimised while it still fails there), with the command that replays it.
//   npm run build && node scripts/fuzz.mjs [--seed N] [--inputs N] [--entries engine,cli,server] [--only I]
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { describeInput, examplePlugins, fuzzInput, handlerCorpus, manifestCorpus, minimise } = require(
  join(root, 'out/test/fuzz/mutations.js'),
);
const { checkHandlerFacts, checkPluginAnalysis, placeHandlerInput, placeManifestInput } = require(
  join(root, 'out/test/fuzz/engineChecks.js'),
);
const { checkCliFolder } = require(join(root, 'out/test/fuzz/cliChecks.js'));
const { checkServer } = require(join(root, 'out/test/fuzz/serverChecks.js'));

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    inputs: { type: 'string', default: '1000' },
    entries: { type: 'string', default: 'engine,cli,server' },
    only: { type: 'string' },
  },
});
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const count = Number(values.inputs);
const entries = new Set(values.entries.split(','));
const only = values.only === undefined ? undefined : Number(values.only);
/** @type {number[]} */
const indexes = only === undefined ? Array.from({ length: count }, (_, i) => i) : [only];
console.log(`seed ${seed}: ${indexes.length} inputs per entry point (${[...entries].join(', ')})`);

/**
 * @typedef {{ seed: number, index: number, base: { name: string, fileName: string, text: string }, steps: string[],
 *   text: string }} FuzzInput
 */
/** @typedef {ReadonlyMap<string, string>} PluginFiles */

const handlers = handlerCorpus();
const manifests = manifestCorpus();
/** @type {Map<string, PluginFiles>} */
const plugins = new Map(
  examplePlugins().map((/** @type {{ name: string, files: PluginFiles }} */ p) => [p.name, p.files]),
);
const failuresDir = join(root, 'fuzz-failures');
let failed = 0;

/**
 * Writes a failing input (and its minimised form, when `stillFails` is given) and says how to replay it.
 * @param {string} entry @param {FuzzInput} input @param {string} wrong
 * @param {((text: string) => boolean) | undefined} stillFails
 */
function report(entry, input, wrong, stillFails) {
  failed++;
  mkdirSync(failuresDir, { recursive: true });
  const name = `${entry}-seed${seed}-input${input.index}`;
  const extension = /\.[cm]?js$/.exec(input.base.fileName)?.[0] ?? '.json';
  writeFileSync(join(failuresDir, `${name}${extension}`), input.text);
  let minimised = '';
  if (stillFails?.(input.text)) {
    const small = minimise(input.text, stillFails);
    writeFileSync(join(failuresDir, `${name}.min${extension}`), small);
    minimised = ` (minimised to ${small.length} characters: ${name}.min${extension})`;
  }
  console.log(`FAIL ${entry} ${describeInput(input)}\n  ${wrong.split('\n').join('\n  ')}`);
  console.log(
    `  written to fuzz-failures/${name}${extension}${minimised}; replay: node scripts/fuzz.mjs --seed ${seed} --entries ${entry} --only ${input.index}`,
  );
}

/** Whether the engine still fails on `text` as a handler (an exception only: a stall would take the bound per try). */
const throwsAsHandler = (/** @type {string} */ fileName) => (/** @type {string} */ text) =>
  /threw/.test(checkHandlerFacts(text, fileName) ?? '');

if (entries.has('engine')) {
  for (const i of indexes) {
    const facts = fuzzInput(seed, i, handlers, 'handler-facts');
    const wrongFacts = checkHandlerFacts(facts.text, facts.base.fileName);
    if (wrongFacts) report('engine', facts, wrongFacts, throwsAsHandler(facts.base.fileName));
    const inPlugin = fuzzInput(seed, i, handlers, 'plugin-handler');
    const place = placeHandlerInput(inPlugin, plugins);
    const wrongPlugin = checkPluginAnalysis(place.plugin, place.path, inPlugin.text);
    if (wrongPlugin)
      report('engine', inPlugin, `as ${place.name}/${place.path}: ${wrongPlugin}`, throwsAsHandler(place.path));
    const manifest = fuzzInput(seed, i, manifests, 'manifest');
    const at = placeManifestInput(manifest, plugins);
    const wrongManifest = checkPluginAnalysis(at.plugin, at.path, manifest.text);
    if (wrongManifest)
      report('engine', manifest, `as ${at.name}/${at.path}: ${wrongManifest}`, (text) =>
        /threw/.test(checkPluginAnalysis(at.plugin, at.path, text) ?? ''),
      );
  }
  console.log(`engine: done, ${failed} failures so far`);
}

/**
 * The inputs a failure names (`seed S input I`), among `inputs`.
 * @param {string} failure @param {FuzzInput[]} inputs
 */
const named = (failure, inputs) => inputs.filter((input) => failure.includes(`seed ${seed} input ${input.index}:`));

if (entries.has('cli')) {
  const good = [
    { dir: 'a-good-word-count', files: plugins.get('word-count') },
    { dir: 'z-good-legacy-tools', files: plugins.get('legacy-tools') },
  ];
  for (let first = 0; first < indexes.length; first += 20) {
    const batch = indexes.slice(first, first + 20);
    const inputs = batch.map((i) => fuzzInput(seed, i, i % 4 === 3 ? manifests : handlers, 'cli'));
    const fuzzed = inputs.map((input) => {
      const place = (input.index % 4 === 3 ? placeManifestInput : placeHandlerInput)(input, plugins);
      const files = new Map(place.plugin);
      files.set(place.path, input.text);
      return {
        dir: `m-${input.index}`,
        files,
        label: `${describeInput(input)}\n    as ${place.name}/${place.path}`,
        manifestMutated: place.path === 'manifest.json',
        place,
      };
    });
    for (const failure of checkCliFolder(good, fuzzed)) {
      const culprits = named(failure, inputs);
      if (culprits.length === 0) console.log(`FAIL cli (inputs ${batch[0]}–${batch[batch.length - 1]}): ${failure}`);
      for (const input of culprits) {
        const { place } = fuzzed[inputs.indexOf(input)];
        report('cli', input, failure, place.path.endsWith('.json') ? undefined : throwsAsHandler(place.path));
      }
      if (culprits.length === 0) failed++;
    }
  }
  console.log(`cli: done, ${failed} failures so far`);
}

if (entries.has('server')) {
  /** @type {Map<string, PluginFiles>} */
  const workspace = new Map([
    ...[...plugins].map(([name, files]) => /** @type {[string, PluginFiles]} */ ([`fuzz-${name}`, files])),
    ['good-word-count', /** @type {PluginFiles} */ (plugins.get('word-count'))],
  ]);
  for (let first = 0; first < indexes.length; first += 100) {
    const inputs = indexes
      .slice(first, first + 100)
      .map((i) => fuzzInput(seed, i, i % 10 < 7 ? handlers : manifests, 'server'));
    const placed = inputs.map((input) => {
      const { name, path } =
        input.index % 10 < 7 ? placeHandlerInput(input, plugins, false) : placeManifestInput(input, plugins);
      return { input, plugin: `fuzz-${name}`, path };
    });
    for (const failure of await checkServer(workspace, 'good-word-count', placed)) {
      const culprits = named(failure, inputs);
      for (const input of culprits)
        report(
          'server',
          input,
          failure,
          /\.[cm]?js$/.test(input.base.fileName) ? throwsAsHandler(input.base.fileName) : undefined,
        );
      if (culprits.length === 0) {
        failed++;
        console.log(`FAIL server (inputs ${inputs[0].index}–${inputs[inputs.length - 1].index}): ${failure}`);
      }
    }
  }
  console.log(`server: done, ${failed} failures so far`);
}

console.log(failed === 0 ? `seed ${seed}: no failures` : `seed ${seed}: ${failed} failures (fuzz-failures/)`);
process.exit(failed === 0 ? 0 : 1);
