import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeManifest } from '../../server/src/engine';
import { expectRule, manifest } from './helpers';

const threeUnknownKeys = manifest('«"autor"»: "x", "licence": "y", "homepag": "z"');

test('diagnostics.more: past the cap, the last diagnostic says how many more there were', () => {
  const more = expectRule('diagnostics.more', threeUnknownKeys, {
    maxDiagnostics: 2,
    severity: 'warning',
    message: '2 more problems are not shown (2 warnings): at most 2 are listed per manifest.',
  });
  assert.deepEqual(more.data, { notShown: { error: 0, warning: 2, information: 0, hint: 0 }, max: 2 });
});

test('diagnostics.more is tuned like any rule: a severity set replaces the strictest, and off leaves it out', () => {
  const text = threeUnknownKeys.replace(/[«»]/g, '');
  const codes = (severityOverrides: Record<string, 'off' | 'hint'>) =>
    analyzeManifest(text, { maxDiagnostics: 2, severityOverrides }).diagnostics.map((d) => `${d.code} ${d.severity}`);
  assert.deepEqual(codes({}), ['manifest.unknown-key warning', 'diagnostics.more warning']);
  assert.deepEqual(codes({ 'diagnostics.more': 'hint' }), ['manifest.unknown-key warning', 'diagnostics.more hint']);
  assert.deepEqual(codes({ 'diagnostics.more': 'off' }), ['manifest.unknown-key warning']);
});

test('diagnostics.file-too-large: past the size limit only the syntax is checked, and it says why', () => {
  const source = `«»${manifest('"autor": "x", "contributes": { "tools": [ { "id": "a.b" } ] },')}`;
  expectRule('diagnostics.file-too-large', source, {
    tooLarge: { megabytes: 17.25, maxFileSize: 16 },
    severity: 'information',
    message:
      'This manifest is 17.3 MB, more than `filerManifest.maxFileSize` (16 MB), so only its JSON syntax is checked.',
  });
  const text = source.replace(/[«»]/g, '');
  assert.deepEqual(
    analyzeManifest(text, { tooLarge: { megabytes: 17.25, maxFileSize: 16 } }).diagnostics.map((d) => d.code),
    ['diagnostics.file-too-large', 'json.trailing-comma'],
    'the syntax error only, not the unknown key nor the dotted tool id',
  );
  assert.ok(analyzeManifest(text).diagnostics.length > 2, 'which a full validation reports');
});
