import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { allRules, analyzeManifest, fixAll, type Creatable } from '../../server/src/engine';
import { NodePluginFolder } from '../../server/src/host/nodePluginFolder';
import { describeInput, fuzzInput, manifestCorpus, suiteSeed } from '../fuzz/mutations';
import { manifest, pluginFolder } from './helpers';

const free: Creatable = () => 'free';
const examples = join(__dirname, '../../../examples');

test('fixAll applies every fix nobody needs to choose at once, and makes the files they need', () => {
  const text = manifest(`"contributes": {
    "tools": [ { "name": "count", "title": "T", "description": "Counts the words in a text file.", "handler": "./h.js",
      "parameters": { "type": "object" } } ]
  }`).replace('"sample-plugin"', '"Sample Plugin"');
  const fixed = fixAll(text, { creatable: free, folderName: 'sample' });
  assert.deepEqual(
    fixed.applied.map((fix) => fix.code),
    ['manifest.name', 'tools.legacy-shape'],
  );
  assert.match(fixed.text, /"name": "sample-plugin"/);
  assert.match(fixed.text, /"id": "count",/);
  assert.match(fixed.text, /"schema": "\.\/tools\/count\.schema\.json"/);
  assert.deepEqual(
    fixed.newFiles.map((file) => file.filePath),
    ['tools/count.schema.json'],
  );
  assert.equal(fixed.unfinished, false);
  const left = fixed.analysis.diagnostics.map((d) => d.code);
  assert.ok(!left.includes('tools.legacy-shape') && !left.includes('manifest.name'), left.join(', '));
});

test('fixAll leaves the fixes that need a person: a guess, a permission, a placeholder', () => {
  const text = manifest(`"contributes": {
    "hooks": { "onAppRedy": "./hooks/ready.js" },
    "tools": [ { "id": "count", "title": "T", "description": "Counts the words in a text file.", "handler": "./h.js" } ]
  },
  "permissions": { "fetch": { "static": ["https://api.example.com/v1"] } }`);
  const before: string[] = analyzeManifest(text).diagnostics.map((d) => d.code);
  for (const code of ['hooks.unknown-event', 'tools.required', 'permissions.fetch-url'])
    assert.ok(before.includes(code), `${code} among ${before.join(', ')}`);
  const fixed = fixAll(text, { creatable: free, folderName: 'sample' });
  assert.deepEqual(fixed.applied, []);
  assert.equal(fixed.text, text);
});

test('a fix that must make a file is not applied where the file cannot be made inside the plugin folder', () => {
  const text = manifest(`"contributes": {
    "tools": [ { "name": "count", "title": "T", "description": "Counts the words in a text file.", "handler": "./h.js",
      "parameters": { "type": "object" } } ]
  }`);
  const fixed = fixAll(text, { creatable: () => 'outside', folderName: 'sample' });
  assert.deepEqual(fixed.applied, []);
  assert.deepEqual(fixed.newFiles, []);
});

test('the files a pass made are read by the next one, as if written: no schema is reported missing', () => {
  const { folder } = pluginFolder({ 'h.js': 'module.exports = async (args) => String(args.path);\n' });
  const text = manifest(`"contributes": {
    "tools": [ { "name": "count", "title": "T", "description": "Counts the words in a text file.", "handler": "./h.js",
      "parameters": { "type": "object", "properties": { "path": { "type": "string", "format": "file-path" } } } } ]
  }`);
  const fixed = fixAll(text, { folder, creatable: (p) => folder.creatable(p), folderName: 'sample' });
  assert.deepEqual(
    fixed.applied.map((fix) => fix.code),
    ['tools.legacy-shape'],
  );
  const left = fixed.analysis.diagnostics.map((d) => d.code);
  assert.ok(!left.some((code) => code.startsWith('files.')), left.join(', '));
});

test('fixAll on the examples: what it leaves, fixed again, changes nothing, and every fix applied is unattended', () => {
  const unattended = new Set(allRules.filter((rule) => rule.fix?.unattended).map((rule) => rule.code));
  assert.ok(unattended.size > 0);
  for (const name of ['broken-everything', 'broken-process-runtime', 'legacy-tools', 'word-count']) {
    const root = join(examples, name);
    const folder = new NodePluginFolder(root);
    const text = readFileSync(join(root, 'manifest.json'), 'utf8');
    const options = { folder, creatable: (p: string) => folder.creatable(p), folderName: name };
    const fixed = fixAll(text, options);
    for (const fix of fixed.applied) assert.ok(unattended.has(fix.code), `${name}: ${fix.code} applied`);
    const again = fixAll(fixed.text, {
      ...options,
      creatable: (p) => (fixed.newFiles.some((file) => file.filePath === p) ? 'exists' : folder.creatable(p)),
    });
    assert.deepEqual(again.applied, [], `${name}: a second fixAll applies nothing`);
  }
});

test('fixAll over 300 mutated manifests: it never throws, never adds a syntax error, and a second run fixes nothing', () => {
  const samples = manifestCorpus().filter((sample) => sample.fileName === 'manifest.json');
  const failures: string[] = [];
  for (let i = 0; i < 300; i++) {
    const input = fuzzInput(suiteSeed, i, samples, 'fixAll');
    try {
      const options = { creatable: free, folderName: 'fuzzed' };
      const fixed = fixAll(input.text, options);
      const syntaxErrors = (text: string) =>
        analyzeManifest(text).diagnostics.filter((d) => d.code === 'json.syntax').length;
      if (syntaxErrors(fixed.text) > syntaxErrors(input.text)) failures.push(`${describeInput(input)}: a syntax error`);
      const again = fixAll(fixed.text, options);
      if (!fixed.unfinished && again.applied.length > 0)
        failures.push(`${describeInput(input)}: fixed again: ${again.applied.map((fix) => fix.code).join(', ')}`);
    } catch (error) {
      failures.push(`${describeInput(input)}: ${(error as Error).stack}`);
    }
  }
  assert.deepEqual(failures.slice(0, 3), []);
});

test('a manifest that is not JSON gets no fix but its byte-order mark removed: an edit made from a guess can break it', () => {
  const broken = manifest('"contributes": { "tools": [ }').replace('"sample-plugin"', '"Sample Plugin"');
  assert.deepEqual(fixAll(broken, { creatable: free, folderName: 'sample' }).applied, []);
  const marked = `\uFEFF${manifest('').replace('"sample-plugin"', '"Sample Plugin"')}`;
  const fixed = fixAll(marked, { creatable: free, folderName: 'sample' });
  assert.deepEqual(
    fixed.applied.map((fix) => fix.code),
    ['json.syntax', 'manifest.name'],
  );
  assert.equal(fixed.text, manifest(''));
});
