import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { analyzeManifest, type FileKind, type FileRead, type PluginFolder } from '../../server/src/engine';
import { manifest, pluginFolder } from './helpers';

/**
 * A host that remembers what the rules derive, per path and purpose, as the language server does,
 * and counts what it reads from the disk folder behind it.
 */
class RememberingFolder implements PluginFolder {
  readonly textReads: string[] = [];
  readonly derivations: string[] = [];
  private readonly remembered = new Map<string, unknown>();

  constructor(private readonly disk: PluginFolder) {}

  stat(relativePath: string): FileKind {
    return this.disk.stat(relativePath);
  }

  readText(relativePath: string): FileRead {
    this.textReads.push(relativePath);
    return this.disk.readText(relativePath);
  }

  rememberUntilChanged<T>(relativePath: string, purpose: string, derive: () => T): T {
    const key = `${purpose}:${relativePath}`;
    if (!this.remembered.has(key)) {
      this.derivations.push(key);
      this.remembered.set(key, derive());
    }
    return this.remembered.get(key) as T;
  }
}

const schemaOf = (properties: Record<string, unknown>) => JSON.stringify({ type: 'object', properties });
const tool = (id: string, schema: string, handler: string) =>
  `{ "id": "${id}", "title": "T", "description": "Counts the words in a text file.", "schema": "${schema}", "handler": "${handler}", "annotations": { "readOnlyHint": true } }`;

/** Every outcome the file rules can learn from a file, and one schema file named by two tools. */
function everyOutcome() {
  const plugin = pluginFolder({
    'tools/path.schema.json': schemaOf({ path: { type: 'string', format: 'file-path' } }),
    'tools/unformatted.schema.json': schemaOf({ file: { type: 'string' } }),
    'tools/broken.schema.json': '{ "type": ',
    'tools/invalid.schema.json': JSON.stringify({ type: 12 }),
    'tools/folder.schema.json/inside.json': '{}',
    'tools/toast.js': 'module.exports = async (args, ctx) => ctx.toast("done");',
    'tools/plain.js': 'module.exports = async () => 1;',
    'hooks/ready.js': 'module.exports = (ctx) => ctx.store.set("a", 1);',
    'prompts/p.md': 'Summarize {{file}}',
    'prompts/empty.md': '\n',
  });
  writeFileSync(join(plugin.root, 'tools/large.schema.json'), Buffer.alloc(17 * 1024 * 1024, 32));
  mkdirSync(join(plugin.root, 'elsewhere'));
  const outside = pluginFolder({ 'secret.schema.json': schemaOf({}) });
  symlinkSync(join(outside.root, 'secret.schema.json'), join(plugin.root, 'tools/outside.schema.json'));
  const text = manifest(`"permissions": { "fs": { "read": { "parameter": true } } }, "contributes": {
    "tools": [
      ${tool('a', 'tools/path.schema.json', 'tools/toast.js')},
      ${tool('b', './tools/path.schema.json', 'tools/toast.js')},
      ${tool('c', 'tools/unformatted.schema.json', 'tools/plain.js')},
      ${tool('d', 'tools/broken.schema.json', 'tools/plain.js')},
      ${tool('e', 'tools/invalid.schema.json', 'tools/plain.js')},
      ${tool('f', 'tools/missing.schema.json', 'tools/missing.js')},
      ${tool('g', 'tools/folder.schema.json', 'elsewhere')},
      ${tool('h', 'tools/large.schema.json', 'tools/plain.js')},
      ${tool('i', 'tools/outside.schema.json', 'tools/plain.js')}
    ],
    "actions": [
      { "id": "merge", "title": "Merge", "description": "d", "scope": "multi-file", "kind": "tool", "toolId": "a", "multiFileMode": "batch" },
      { "id": "sum", "title": "Sum", "description": "d", "scope": "single-file", "prompt": "prompts/p.md" },
      { "id": "blank", "title": "Blank", "description": "d", "scope": "single-file", "prompt": "prompts/empty.md" }
    ],
    "hooks": { "onAppReady": { "handler": "hooks/ready.js" } } }`);
  return { ...plugin, text };
}

test('the file rules give the same diagnostics with a remembering host as without one', () => {
  const { folder, text } = everyOutcome();
  const direct = analyzeManifest(text, { folder }).diagnostics;
  const codes = new Set(direct.map((d) => d.code));
  for (const code of [
    'files.missing',
    'files.empty',
    'files.not-a-file',
    'files.outside',
    'files.not-checked',
    'tools.schema-not-json',
    'tools.schema-invalid',
    'tools.path-without-format',
    'permissions.undeclared-use',
    'actions.batch-without-array',
  ] as const) {
    assert.ok(codes.has(code), `the manifest covers ${code}`);
  }
  const remembering = new RememberingFolder(folder);
  assert.deepEqual(analyzeManifest(text, { folder: remembering }).diagnostics, direct);
  assert.deepEqual(
    analyzeManifest(text, { folder: remembering }).diagnostics,
    direct,
    'again, from what it remembered',
  );
});

test('with a remembering host each file is read once, whoever names it and however often it is validated', () => {
  const { folder, text } = everyOutcome();
  const remembering = new RememberingFolder(folder);
  analyzeManifest(text, { folder: remembering });
  const reads = [...remembering.textReads].sort();
  // A handler is read a second time when it is parsed: once, whoever names it.
  const parsed = ['hooks/ready.js', 'tools/plain.js', 'tools/toast.js'];
  assert.deepEqual(
    reads.filter((path, index) => reads.indexOf(path) !== index),
    parsed,
    'no file read twice but a handler parsed',
  );
  assert.ok(
    reads.includes('tools/path.schema.json') && reads.includes('tools/toast.js') && reads.includes('hooks/ready.js'),
  );
  assert.ok(reads.includes('prompts/p.md'), 'a prompt is read once too: whether it is empty');
  const derivations = remembering.derivations.length;
  analyzeManifest(text, { folder: remembering });
  assert.equal(remembering.textReads.length, reads.length, 'nothing read on the second validation');
  assert.equal(remembering.derivations.length, derivations);
});

test('parameter grants read the facts of every schema through the remembering host too', () => {
  const { folder } = pluginFolder({
    'tools/text.schema.json': schemaOf({ text: { type: 'string' } }),
    'tools/t.js': 'module.exports = async () => "";',
  });
  const text = manifest(
    `"permissions": { "fs": { "read": { "parameter": true } } }, "contributes": { "tools": [${tool('t', 'tools/text.schema.json', 'tools/t.js')}] }`,
  );
  const direct = analyzeManifest(text, { folder }).diagnostics;
  assert.deepEqual(
    direct.map((d) => d.code),
    ['permissions.parameter-without-path-property'],
  );
  assert.deepEqual(analyzeManifest(text, { folder: new RememberingFolder(folder) }).diagnostics, direct);
});
