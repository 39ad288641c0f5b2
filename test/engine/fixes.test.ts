import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeManifest, dataOf, ruleByCode, type Creatable, type FixProposal, type ManifestAnalysis, type OffsetEdit } from '../../server/src/engine';
import { manifest, pluginFolder } from './helpers';

/** The proposals of the rule's fix for the first diagnostic of `code`: pure, from the engine alone. */
function proposals(analysis: ManifestAnalysis, code: string, creatable: Creatable = () => 'free', data?: unknown): FixProposal[] {
  const diagnostic = analysis.diagnostics.find((d) => d.code === code);
  assert.ok(diagnostic, `a ${code} among ${analysis.diagnostics.map((d) => d.code).join(', ')}`);
  return ruleByCode.get(code)!.fix!(data ?? diagnostic.data, { analysis, diagnostic, creatable, folderName: 'my-folder', shared: (_key, make) => make() });
}

function applied(text: string, edits: OffsetEdit[]): string {
  return [...edits].sort((a, b) => b.offset - a.offset).reduce((out, edit) => out.slice(0, edit.offset) + edit.newText + out.slice(edit.offset + edit.length), text);
}

test('a fix is a pure function of the finding and the document: edits by offset and new files, no LSP type', () => {
  const text = manifest('"contributes": { "tools": [ { "name": "count", "title": "T", "description": "D", "handler": "./h.js", "parameters": { "type": "object" } } ] }');
  const [single] = proposals(analyzeManifest(text), 'tools.legacy-shape');
  assert.equal(single.title, 'Use the current tool shape: rename "name" to "id" and move its parameters to ./tools/count.schema.json');
  assert.equal(single.isPreferred, true);
  assert.deepEqual(single.newFiles, [{ filePath: 'tools/count.schema.json', text: '{ "type": "object" }\n' }]);
  assert.equal(applied(text, single.edits), text.replace('"name": "count"', '"id": "count"').replace('"parameters": { "type": "object" }', '"schema": "./tools/count.schema.json"'));
});

test('the create-file fix makes what the rule found the field names (its data), not a guess from the JSON path', () => {
  const { folder } = pluginFolder({});
  const text = manifest('"contributes": { "hooks": { "onAppReady": "./hooks/ready.js" } }');
  const analysis = analyzeManifest(text, { folder });
  const data = dataOf(analysis.diagnostics.find((d) => d.code === 'files.missing')!, 'files.missing')!;
  assert.equal(data.referenceKind, 'hook-handler');
  assert.deepEqual(proposals(analysis, 'files.missing').map((p) => p.newFiles), [[{ filePath: 'hooks/ready.js', text: '' }]]);
  // The same finding said to be a tool schema gets a schema: the fix reads the kind from the data.
  assert.deepEqual(proposals(analysis, 'files.missing', () => 'free', { ...data, referenceKind: 'tool-schema' }).map((p) => p.newFiles[0].text), [
    '{\n  "type": "object",\n  "properties": {}\n}\n',
  ]);
  // Nothing is made where the folder says a file cannot be.
  assert.deepEqual(proposals(analysis, 'files.missing', () => 'outside'), []);
});
