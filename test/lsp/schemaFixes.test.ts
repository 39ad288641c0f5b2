/**
 * The fixes that edit a tool's schema file, a file that is there (handlers.unknown-argument in the handler,
 * permissions.parameter-without-path-property in the manifest), over a real connection with VS Code's capabilities:
 * offered as a command, whose edit the server makes when it runs, from the schema's text as it is then (the editor's,
 * versioned, when it is open), laid out as that text is.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  FileChangeType,
  type CodeAction,
  type Diagnostic,
  type DocumentDiagnosticReport,
} from 'vscode-languageserver-protocol/node';
import { vscodeCapabilities } from './clientCapabilities';
import { editOf, pickFix } from './fixHelpers';
import { applyWorkspaceEdit, LspClient, manifest, pollUntil, tempFolder } from './lspClient';

const handler = 'module.exports = async (args, ctx) => {\n  return ctx.fs.read(args.path);\n};\n';
const emptySchema =
  '{\n  "$schema": "http://json-schema.org/draft-07/schema#",\n  "type": "object",\n  "properties": {}\n}\n';
const manifestText = manifest(
  '"permissions": { "fs": { "read": { "parameter": true } } },\n  "contributes": { "tools": [{ "id": "open_file", "title": "Open", "description": "Counts the words in a text file.", "schema": "./tools/open.schema.json", "handler": "./tools/open.js", "annotations": { "readOnlyHint": true } }] }',
);
const addPath = 'Add `path` to ./tools/open.schema.json as a file path ("format": "file-path")';

async function pulled(client: LspClient, uri: string, accept: (items: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
  return pollUntil(async () => {
    const report = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } });
    return report.kind === 'full' && accept(report.items) ? report.items : undefined;
  }, `pulled diagnostics of ${uri}`);
}

async function fixesOf(client: LspClient, uri: string, diagnostic: Diagnostic): Promise<CodeAction[]> {
  return client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic], only: ['quickfix'] },
  });
}

async function plugin() {
  const folder = tempFolder({
    'plugin/manifest.json': manifestText,
    'plugin/tools/open.schema.json': emptySchema,
    'plugin/tools/open.js': handler,
  });
  const client = await LspClient.start({ workspace: folder.root, capabilities: vscodeCapabilities });
  const uris = {
    manifest: folder.uri('plugin/manifest.json'),
    schema: folder.uri('plugin/tools/open.schema.json'),
    handler: folder.uri('plugin/tools/open.js'),
  };
  return { folder, client, uris };
}

test('handlers.unknown-argument in a handler: "Add `path`…" edits the schema on disk as it is when the fix is applied', async () => {
  const { folder, client, uris } = await plugin();
  try {
    await client.open(uris.handler, handler, 1, 'javascript');
    const [found] = await pulled(client, uris.handler, (items) =>
      items.some((d) => d.code === 'handlers.unknown-argument'),
    );
    assert.equal(found.code, 'handlers.unknown-argument');
    const action = pickFix(await fixesOf(client, uris.handler, found), addPath);
    assert.equal(action.isPreferred, true);
    assert.equal(action.edit, undefined, 'no edit made from the text read when the fix was offered');
    // Between the offer and its use, the schema is laid out with four spaces and gains a property.
    const changed =
      '{\n    "type": "object",\n    "properties": {\n        "encoding": {\n            "type": "string"\n        }\n    }\n}\n';
    folder.write('plugin/tools/open.schema.json', changed);
    const edit = await editOf(client, action);
    assert.deepEqual(
      edit.documentChanges?.map((change) => ('textDocument' in change ? change.textDocument : change)),
      [{ uri: uris.schema, version: null }],
      'the schema file, not open: an edit of the disk’s text, the manifest and the handler untouched',
    );
    applyWorkspaceEdit(edit, new Map());
    assert.equal(
      readFileSync(join(folder.root, 'plugin/tools/open.schema.json'), 'utf8'),
      '{\n    "type": "object",\n    "properties": {\n        "encoding": {\n            "type": "string"\n        },\n        "path": {\n            "type": "string",\n            "format": "file-path"\n        }\n    }\n}\n',
    );
  } finally {
    await client.stop();
    folder.cleanup();
  }
});

test('the schema open with unsaved changes: the edit is of its text in the editor, at its version; none once it declares the argument', async () => {
  const { folder, client, uris } = await plugin();
  try {
    // As VS Code does, the workspace's diagnostics pulled first: the manifest on disk, and the files it names, known.
    await client.request('workspace/diagnostic', { previousResultIds: [] });
    await client.open(uris.handler, handler, 1, 'javascript');
    await client.open(uris.schema, emptySchema, 1, 'json');
    const [found] = await pulled(client, uris.handler, (items) =>
      items.some((d) => d.code === 'handlers.unknown-argument'),
    );
    const action = pickFix(await fixesOf(client, uris.handler, found), addPath);
    const unsaved = '{\n\t"type": "object",\n\t"properties": {\n\t\t"mode": { "type": "string" }\n\t}\n}\n';
    const version = await client.replaceText(uris.schema, unsaved);
    const edit = await editOf(client, action);
    assert.deepEqual(
      edit.documentChanges?.map((change) => ('textDocument' in change ? change.textDocument : change)),
      [{ uri: uris.schema, version }],
    );
    const after = applyWorkspaceEdit(edit, new Map([[uris.schema, unsaved]])).get(uris.schema)!;
    assert.equal(
      after,
      '{\n\t"type": "object",\n\t"properties": {\n\t\t"mode": { "type": "string" },\n\t\t"path": { "type": "string", "format": "file-path" }\n\t}\n}\n',
    );
    assert.equal(
      readFileSync(join(folder.root, 'plugin/tools/open.schema.json'), 'utf8'),
      emptySchema,
      'the disk untouched',
    );
    // The editor's text now declares it: the finding is gone, and the fix, run again, edits nothing and says why.
    await client.replaceText(uris.schema, after);
    await pulled(client, uris.handler, (items) => items.length === 0);
    const asked = client.appliedEdits.length;
    await client.request('workspace/executeCommand', action.command);
    assert.equal(client.appliedEdits.length, asked);
    assert.match(client.messages.at(-1) ?? '', /changed since this fix was offered; nothing was edited/);
  } finally {
    await client.stop();
    folder.cleanup();
  }
});

test('permissions.parameter-without-path-property in the manifest: its fix adds the path argument to the tool’s schema', async () => {
  const { folder, client, uris } = await plugin();
  try {
    await client.open(uris.manifest, manifestText);
    const items = await pulled(client, uris.manifest, (found) =>
      found.some((d) => d.code === 'permissions.parameter-without-path-property'),
    );
    const found = items.find((d) => d.code === 'permissions.parameter-without-path-property')!;
    const action = pickFix(await fixesOf(client, uris.manifest, found), addPath);
    const edit = await editOf(client, action);
    applyWorkspaceEdit(edit, new Map());
    assert.equal(
      readFileSync(join(folder.root, 'plugin/tools/open.schema.json'), 'utf8'),
      '{\n  "$schema": "http://json-schema.org/draft-07/schema#",\n  "type": "object",\n  "properties": {\n    "path": {\n      "type": "string",\n      "format": "file-path"\n    }\n  }\n}\n',
    );
    await client.fileChanged(uris.schema, FileChangeType.Changed);
    await pulled(client, uris.manifest, (after) => after.length === 0);
  } finally {
    await client.stop();
    folder.cleanup();
  }
});

test('a client that cannot be asked to apply an edit is offered no schema fix (its edit would be of a text read earlier)', async () => {
  const capabilities = { ...vscodeCapabilities, workspace: { ...vscodeCapabilities.workspace, applyEdit: false } };
  const folder = tempFolder({
    'plugin/manifest.json': manifestText,
    'plugin/tools/open.schema.json': emptySchema,
    'plugin/tools/open.js': handler,
  });
  const client = await LspClient.start({ workspace: folder.root, capabilities });
  try {
    const uri = folder.uri('plugin/manifest.json');
    await client.open(uri, manifestText);
    const items = await pulled(client, uri, (found) => found.length > 0);
    const found = items.find((d) => d.code === 'permissions.parameter-without-path-property')!;
    assert.deepEqual(await fixesOf(client, uri, found), []);
  } finally {
    await client.stop();
    folder.cleanup();
  }
});
