/**
 * "Suppress <code> in filer-manifest.config.json" in the engine (engine/config/suppressInConfig.ts): for every finding
 * of the example plugins that a suppression can accept, the entry the fix writes, added to a config file, silences
 * exactly that finding, and config.unused-suppression says nothing of it; the config file stays valid JSON, laid out
 * as it was; a text that cannot take the entry is refused, never made invalid.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  addSuppressionEdits,
  analyzeManifest,
  configDiagnostics,
  newConfigWith,
  readConfig,
  removeSuppressionEdits,
  scopeOf,
  suppressionFor,
  type ManifestDiagnostic,
  type SuppressionEntry,
} from '../../server/src/engine';
import { applyEdits } from '../../server/src/engine/fixes/textEdits';
import { pluginFolder } from './helpers';

const repo = join(__dirname, '..', '..', '..');
const examples = ['broken-everything', 'legacy-tools', 'team-config', 'broken-process-runtime'];
const key = (d: ManifestDiagnostic) => `${d.code} ${d.file ?? ''} ${d.offset}:${d.length}`;

/** The manifest checked under the config text (`plugin/manifest.json` below it): its findings and the config's. */
function checkedUnder(configText: string, manifestText: string, folder?: Parameters<typeof analyzeManifest>[1]) {
  const config = readConfig(configText);
  const scope = scopeOf(config, 'plugin/manifest.json');
  const used = new Set<number>();
  const { diagnostics } = analyzeManifest(manifestText, {
    ...folder,
    severityOverrides: scope.severityOverrides,
    suppressions: { entries: scope.suppressions, used },
  });
  const checked = new Map([['plugin/manifest.json', scope.severityOverrides]]);
  return { diagnostics, configFindings: configDiagnostics(config, { used, checked }) };
}

test('every finding a suppression can accept: the entry added silences it alone, and it is not reported unused', () => {
  let tried = 0;
  for (const name of examples) {
    const text = readFileSync(join(repo, 'examples', name, 'manifest.json'), 'utf8');
    const { folder } = pluginFolder({});
    const options = { folder, findings: 'with-handlers' as const };
    const before = analyzeManifest(text, options);
    for (const finding of before.diagnostics) {
      const entry = suppressionFor(finding, before.document.root, 'plugin/manifest.json');
      if (!entry) continue;
      tried++;
      for (const configText of ['{}\n', '{\n  "rules": {},\n  "suppress": []\n}\n']) {
        const edits = addSuppressionEdits(configText, entry);
        assert.ok(edits, `${name}: ${key(finding)} takes an entry`);
        const after = checkedUnder(applyEdits(configText, edits), text, options);
        assert.deepEqual(after.configFindings, [], `${name}: ${key(finding)}: the config's findings`);
        const left = new Set(after.diagnostics.map(key));
        assert.ok(!left.has(key(finding)), `${name}: ${key(finding)} at ${entry.at} is suppressed`);
        // Only it: each other finding stays, but for another of the same code at the same node (its key and value).
        const others = before.diagnostics.filter((d) => key(d) !== key(finding) && d.code !== finding.code);
        for (const other of others) assert.ok(left.has(key(other)), `${name}: ${key(other)} stays`);
      }
    }
  }
  assert.ok(tried > 20, `${tried} findings tried`);
});

test('no entry for a finding no suppression accepts: a syntax error, a comment, the file’s start, a key written twice, a handler’s', () => {
  const text = '{\n  // a comment\n  "name": "a",\n  "name": "b",\n  "version": 1,\n}\n';
  const analysis = analyzeManifest(text);
  const codes = (d: ManifestDiagnostic) => [d.code, suppressionFor(d, analysis.document.root, 'manifest.json')?.at];
  const offered = analysis.diagnostics.map(codes);
  assert.ok(offered.some(([code, at]) => code === 'json.comment' && at === undefined));
  assert.ok(offered.some(([code, at]) => code === 'json.trailing-comma' && at === undefined));
  assert.ok(offered.some(([code, at]) => code === 'json.duplicate-key' && at === undefined));
  assert.ok(offered.some(([code, at]) => code !== 'json.duplicate-key' && at === '/version'));
  const unclosed = analyzeManifest('{ "name": "a"');
  for (const finding of unclosed.diagnostics)
    assert.equal(suppressionFor(finding, unclosed.document.root, 'manifest.json'), undefined, finding.code);
  const inHandler = { ...analysis.diagnostics[0], file: 'tools/a.js' };
  assert.equal(suppressionFor(inHandler, analysis.document.root, 'manifest.json'), undefined);
});

test('a key with "/" and "~" is escaped as the pointer writes it, and the suppression accepts its finding', () => {
  const text = '{\n  "name": "a",\n  "displayName": "A",\n  "version": "1.0.0",\n  "a/b~c": 1\n}\n';
  const analysis = analyzeManifest(text);
  const finding = analysis.diagnostics.find((d) => d.code === 'manifest.unknown-key');
  assert.ok(finding, analysis.diagnostics.map((d) => d.code).join());
  const entry = suppressionFor(finding, analysis.document.root, 'plugin/manifest.json')!;
  assert.equal(entry.at, '/a~1b~0c');
  const after = checkedUnder(newConfigWith(entry), text);
  assert.deepEqual(after.configFindings, []);
  assert.ok(!after.diagnostics.some((d) => d.code === 'manifest.unknown-key'));
});

const entry: SuppressionEntry = {
  file: 'plugin/manifest.json',
  at: '/homepage',
  rule: 'manifest.unknown-key',
  reason: 'TODO: why this is acceptable',
};

test('the entry added where `suppress` is, or a `suppress` made, laid out as the file is (tabs, CRLF)', () => {
  const withTabs = '{\r\n\t"rules": {\r\n\t\t"tools.timeout": "off"\r\n\t}\r\n}\r\n';
  const added = applyEdits(withTabs, addSuppressionEdits(withTabs, entry)!);
  assert.deepEqual(JSON.parse(added), { rules: { 'tools.timeout': 'off' }, suppress: [entry] });
  assert.ok(!/[^\r]\n/.test(added), 'CRLF kept');
  assert.match(added, /\r\n\t"suppress": \[\r\n\t\t\{\r\n\t\t\t"file"/);
  const existing = `{\n  "suppress": [\n    { "file": "a/manifest.json", "at": "", "rule": "tools.timeout", "reason": "x" }\n  ]\n}\n`;
  const appended = applyEdits(existing, addSuppressionEdits(existing, entry)!);
  assert.deepEqual(JSON.parse(appended).suppress.at(-1), entry);
  assert.equal(JSON.parse(appended).suppress.length, 2);
  assert.deepEqual(JSON.parse(newConfigWith(entry)), { suppress: [entry] });
});

test('a config text that cannot take the entry is refused: not JSON, not an object, `suppress` not a list, the entry there', () => {
  for (const text of ['{ "suppress": [', '[]', '{ "suppress": {} }', '', '{ "rules": {}, }']) {
    assert.equal(addSuppressionEdits(text, entry), undefined, text);
  }
  assert.equal(addSuppressionEdits(newConfigWith(entry), entry), undefined, 'the entry is there already');
});

test('config.unused-suppression: its entry removed leaves the others, valid and laid out; a stale one is refused', () => {
  const manifestText = '{\n  "name": "a",\n  "displayName": "A",\n  "version": "1.0.0",\n  "homepage": "x"\n}\n';
  const used = { file: 'plugin/manifest.json', at: '/homepage', rule: 'manifest.unknown-key', reason: 'Ours.' };
  const stale = { ...used, at: '/website' };
  for (const entries of [[stale], [used, stale], [stale, used], [used, stale, { ...used, at: '/x' }]]) {
    const configText = JSON.stringify({ rules: {}, suppress: entries }, null, '\t') + '\n';
    const unused = checkedUnder(configText, manifestText).configFindings.filter(
      (d) => d.code === 'config.unused-suppression',
    );
    assert.ok(unused.length > 0);
    let text = configText;
    // Each removed from the text as the last removal left it, from the last: the indexes before it hold.
    for (const finding of [...unused].reverse()) {
      const edits = removeSuppressionEdits(text, finding.data as Parameters<typeof removeSuppressionEdits>[1]);
      assert.ok(edits, JSON.stringify(finding.data));
      text = applyEdits(text, edits);
    }
    assert.deepEqual(JSON.parse(text), { rules: {}, suppress: entries.filter((e) => e === used) });
    assert.deepEqual(checkedUnder(text, manifestText).configFindings, [], text);
    assert.ok(!/\n {2}/.test(text), 'tabs kept');
  }
  const data = { jsonPath: ['suppress', 0], file: stale.file, at: stale.at, rule: stale.rule };
  const other = JSON.stringify({ suppress: [used] });
  assert.equal(removeSuppressionEdits(other, data), undefined, 'another entry at that index');
  assert.equal(removeSuppressionEdits('{ "suppress": [', data), undefined, 'not JSON');
});
