import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeManifest, fileReferences, normalizeRelativePath, referenceKindAt } from '../../server/src/engine';

test('normalizeRelativePath gives the folder-relative form of any spelling', () => {
  const cases: Record<string, string> = {
    './tools/a.json': 'tools/a.json',
    'tools/a.json': 'tools/a.json',
    'tools\\a.json': 'tools/a.json',
    './x//y/./z': 'x/y/z',
    'x/.': 'x',
    'tools/': 'tools',
    '././x': 'x',
    '.': '',
  };
  for (const [input, expected] of Object.entries(cases)) assert.equal(normalizeRelativePath(input), expected, input);
});

test('fileReferences lists every path the manifest names, leaving out what the runtime forbids', () => {
  const manifest = (runtime: string) =>
    JSON.stringify({
      name: 'p',
      displayName: 'P',
      version: '1.0.0',
      runtime,
      command: 'bin/p',
      contributes: {
        tools: [{ id: 't', title: 't', description: 'd', schema: 's.json', handler: 'h.js' }],
        actions: [
          { id: 'a', title: 'a', description: 'd', scope: 'folder', prompt: 'p.md' },
          { id: 'b', title: 'b', description: 'd', scope: 'folder', kind: 'tool', toolId: 't', prompt: 'ignored.md' },
        ],
        settings: {
          r: { type: 'action', title: 'R', handler: 'r.js' },
          s: { type: 'string', title: 'S', handler: 'not-read.js' },
        },
        hooks: { onAppReady: 'ready.js', onToolCall: { handler: 'call.js' } },
        commands: [{ id: 'c', title: 'C', handler: 'c.js' }],
      },
    });
  const kinds = (runtime: string) =>
    fileReferences(analyzeManifest(manifest(runtime)).model).map((r) => `${r.kind}:${r.filePath}`);
  assert.deepEqual(kinds('node'), [
    'tool-schema:s.json',
    'tool-handler:h.js',
    'prompt:p.md',
    'setting-handler:r.js',
    'hook-handler:ready.js',
    'hook-handler:call.js',
    'command-handler:c.js',
  ]);
  // Under runtime: "process" tool handlers, hooks and action settings are rejected, so their files are not read.
  assert.deepEqual(kinds('process'), ['command:bin/p', 'tool-schema:s.json', 'prompt:p.md', 'command-handler:c.js']);
});

test('the fields that hold a path are one list: referenceKindAt (completion, the create-file fix) agrees with every file the manifest names', () => {
  const node = JSON.stringify({
    name: 'p',
    displayName: 'P',
    version: '1.0.0',
    contributes: {
      tools: [{ id: 't', schema: './t.schema.json', handler: './t.js' }],
      actions: [{ id: 'a', prompt: './a.md' }],
      settings: { s: { type: 'action', title: 'S', handler: './s.js' } },
      hooks: { onAppReady: './ready.js', onToolCall: { handler: './call.js' } },
      commands: [{ id: 'c', title: 'C', handler: './c.js' }],
    },
  });
  const process = JSON.stringify({
    name: 'p',
    displayName: 'P',
    version: '1.0.0',
    runtime: 'process',
    command: './bin/p',
  });
  const seen = new Set<string>();
  for (const text of [node, process]) {
    const { model } = analyzeManifest(text);
    for (const reference of fileReferences(model)) {
      assert.equal(referenceKindAt(reference.jsonPath, model), reference.kind, reference.jsonPath.join('.'));
      seen.add(reference.kind);
    }
  }
  assert.deepEqual([...seen].sort(), [
    'command',
    'command-handler',
    'hook-handler',
    'prompt',
    'setting-handler',
    'tool-handler',
    'tool-schema',
  ]);
  assert.equal(
    referenceKindAt(['command'], analyzeManifest(node).model),
    undefined,
    'command is a path only under runtime: "process"',
  );
  assert.equal(referenceKindAt(['contributes', 'tools', 0, 'title'], analyzeManifest(node).model), undefined);
});
