import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { FileChangeType, type Diagnostic } from 'vscode-languageserver-protocol/node';
import { editorCapabilities, handlerText, LspClient, manifest, tempFolder } from './lspClient';

const cleanSchema = '{ "type": "object", "properties": { "text": { "type": "string" } } }\n';
const unformattedSchema = '{ "type": "object", "properties": { "file": { "type": "string" } } }\n';
const tool = (id: string) =>
  `{ "id": "${id}", "title": "T", "description": "Counts the words in a text file.", "schema": "tools/${id}.schema.json", "handler": "tools/${id}.js", "annotations": { "readOnlyHint": true } }`;
const text = manifest(`"contributes": { "tools": [${tool('a')}, ${tool('b')}] }`);

const folder = tempFolder({
  'plugin/tools/a.schema.json': cleanSchema,
  'plugin/tools/b.schema.json': cleanSchema,
  'plugin/tools/a.js': handlerText,
  'plugin/tools/b.js': handlerText,
  'plugin/README.md': 'A plugin',
});
const uri = folder.uri('plugin/manifest.json');
let client: LspClient;

before(async () => {
  folder.write('plugin/manifest.json', text);
  client = await LspClient.start({ workspace: folder.root });
  await client.waitFor(
    () => (client.registrations.some((r) => r.method === 'workspace/didChangeWatchedFiles') ? true : undefined),
    5000,
    'the watcher registration',
  );
  await client.open(uri, text);
});
after(async () => {
  await client.stop();
  folder.cleanup();
});

/** Each diagnostic's code and the manifest text it points at. */
function summary(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const lines = text.split('\n');
    return `${d.code} ${lines[d.range.start.line].slice(d.range.start.character, d.range.end.character)}`;
  });
}

/**
 * The next diagnostics published for the manifest after `change` (the server re-validates a manifest whose files
 * changed).
 */
async function published(change: () => Promise<void>): Promise<string[]> {
  const start = client.published.length;
  await change();
  const found = await client.waitFor(
    () => client.published.slice(start).find((p) => p.uri === uri),
    5000,
    'diagnostics after the file change',
  );
  return summary(found.diagnostics);
}

test('editing one schema file on disk updates the manifest naming it; a file whose change was not reported is not read again', async () => {
  assert.deepEqual(summary(await client.diagnostics(uri)), []);
  folder.write('plugin/tools/a.schema.json', unformattedSchema);
  folder.write('plugin/tools/b.schema.json', unformattedSchema);
  // Only a's change is reported: b's facts are remembered, so its new text is not seen yet.
  assert.deepEqual(
    await published(() => client.fileChanged(folder.uri('plugin/tools/a.schema.json'), FileChangeType.Changed)),
    ['tools.path-without-format "tools/a.schema.json"'],
  );
  assert.deepEqual(
    await published(() => client.fileChanged(folder.uri('plugin/tools/b.schema.json'), FileChangeType.Changed)),
    ['tools.path-without-format "tools/a.schema.json"', 'tools.path-without-format "tools/b.schema.json"'],
  );
});

test('a change to a directory forgets what lies below it; a change to the plugin folder forgets everything', async () => {
  folder.write('plugin/tools/a.js', 'module.exports = (args, ctx) => ctx.toast("done");');
  assert.deepEqual(await published(() => client.fileChanged(folder.uri('plugin/tools'), FileChangeType.Changed)), [
    'tools.path-without-format "tools/a.schema.json"',
    'permissions.undeclared-use "tools/a.js"',
    'tools.path-without-format "tools/b.schema.json"',
  ]);
  folder.write('plugin/tools/a.schema.json', cleanSchema);
  folder.write('plugin/tools/b.schema.json', cleanSchema);
  folder.write('plugin/tools/a.js', handlerText);
  assert.deepEqual(await published(() => client.fileChanged(folder.uri('plugin'), FileChangeType.Changed)), []);
});

test('pull: a reported change gives a new resultId and the new diagnostics; an unchanged folder answers unchanged', async () => {
  const pullFolder = tempFolder({
    'plugin/tools/a.schema.json': cleanSchema,
    'plugin/tools/b.schema.json': cleanSchema,
    'plugin/tools/a.js': handlerText,
    'plugin/tools/b.js': handlerText,
  });
  const pullClient = await LspClient.start({
    workspace: pullFolder.root,
    capabilities: editorCapabilities({ pull: true }),
  });
  try {
    const pullUri = pullFolder.uri('plugin/manifest.json');
    await pullClient.open(pullUri, text);
    type Report = { kind: string; resultId?: string; items?: Diagnostic[] };
    const first = await pullClient.request<Report>('textDocument/diagnostic', { textDocument: { uri: pullUri } });
    assert.deepEqual(first.items, []);
    pullFolder.write('plugin/tools/b.schema.json', unformattedSchema);
    const unreported = await pullClient.request<Report>('textDocument/diagnostic', {
      textDocument: { uri: pullUri },
      previousResultId: first.resultId,
    });
    assert.deepEqual(unreported, { kind: 'unchanged', resultId: first.resultId });
    await pullClient.fileChanged(pullFolder.uri('plugin/tools/b.schema.json'), FileChangeType.Changed);
    const changed = await pullClient.request<Report>('textDocument/diagnostic', {
      textDocument: { uri: pullUri },
      previousResultId: first.resultId,
    });
    assert.equal(changed.kind, 'full');
    assert.notEqual(changed.resultId, first.resultId);
    assert.deepEqual(summary(changed.items!), ['tools.path-without-format "tools/b.schema.json"']);
  } finally {
    await pullClient.stop();
    pullFolder.cleanup();
  }
});
