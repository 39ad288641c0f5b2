import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  FileChangeType,
  type CodeAction,
  type Diagnostic,
  type DocumentDiagnosticReport,
  type WorkspaceDiagnosticReport,
} from 'vscode-languageserver-protocol/node';
import { helix2507Capabilities, realClients, vscodeCapabilities } from './clientCapabilities';
import { editOf } from './fixHelpers';
import { applyWorkspaceEdit, LspClient, manifest, pollUntil, spanOf, tempFolder } from './lspClient';

/**
 * Issue 26 over a real connection, with each real client's capabilities: findings in the handler file, and the fix that
 * edits manifest.json.
 */

const schema = JSON.stringify({
  type: 'object',
  additionalProperties: false,
  properties: { path: { type: 'string', format: 'file-path' } },
});
const handler =
  "module.exports = async (args, context) => {\n  const { fs, toast } = context;\n  await fs.write(args.path, 'x');\n  toast('done');\n  return args.pth;\n};\n";
const manifestText = (permissions: string) =>
  manifest(
    `"permissions": ${permissions},\n  "contributes": { "tools": [{ "id": "save", "title": "Save", "description": "Saves.", "schema": "tools/save.schema.json", "handler": "tools/save.js", "annotations": { "readOnlyHint": false } }] }`,
  );

/**
 * The handler's diagnostics as the client gets them: pulled when it declares pull diagnostics, else the last published
 * for this version.
 */
async function handlerDiagnostics(
  client: LspClient,
  uri: string,
  pull: boolean,
  accept: (diagnostics: Diagnostic[]) => boolean,
): Promise<Diagnostic[]> {
  if (!pull)
    return client.diagnostics(uri, (params) => params.version === client.version(uri) && accept(params.diagnostics));
  return pollUntil(async () => {
    const report = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } });
    return report.kind === 'full' && accept(report.items) ? report.items : undefined;
  }, `pulled diagnostics of ${uri}`);
}

/** The quick fixes the client is offered for the handler's diagnostic of `code` (sent back as it was received). */
async function fixesFor(
  client: LspClient,
  uri: string,
  code: string,
  diagnostics: Diagnostic[],
): Promise<CodeAction[]> {
  const diagnostic = diagnostics.find((d) => d.code === code)!;
  return client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic], only: ['quickfix'] },
  });
}

for (const { name, capabilities } of realClients) {
  const pull = capabilities.textDocument?.diagnostic !== undefined;
  describe(`handler files with ${name}'s capabilities (${pull ? 'pull' : 'push'})`, () => {
    test('a handler open in the editor gets its findings at the exact use; the permission fix edits manifest.json', async () => {
      const folder = tempFolder({
        'plugin/manifest.json': manifestText('{ "toast": true }'),
        'plugin/tools/save.schema.json': schema,
        'plugin/tools/save.js': handler,
      });
      const client = await LspClient.start({ workspace: folder.root, capabilities });
      try {
        const uri = folder.uri('plugin/tools/save.js');
        const manifestUri = folder.uri('plugin/manifest.json');
        await client.open(uri, handler, 1, 'javascript');
        const found = await handlerDiagnostics(client, uri, pull, (diagnostics) => diagnostics.length >= 2);
        const at = (d: Diagnostic) =>
          `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`;
        assert.deepEqual(
          found.map((d) => `${d.code} ${at(d)}`),
          [
            `handlers.undeclared-permission ${spanOf(handler, 'fs.write')}`,
            `handlers.unknown-argument ${spanOf(handler, 'pth')}`,
          ],
        );
        const permission = found[0];
        assert.equal(
          permission.message,
          '`context.fs.write` needs `permissions.fs.write`, which the manifest does not declare, so calling it throws a "not-declared" permission error.',
        );
        assert.match(String(found[1].message), /Did you mean `path`\?$/);

        const actions = await fixesFor(client, uri, 'handlers.undeclared-permission', found);
        assert.deepEqual(
          actions.map((action) => action.title),
          ['Declare `permissions.fs.write` with "parameter": true (the path comes from the tool\u2019s arguments)'],
        );
        const edit = await editOf(client, actions[0]);
        const edited = [
          ...Object.keys(edit.changes ?? {}),
          ...(edit.documentChanges ?? []).map((change) => ('textDocument' in change ? change.textDocument.uri : '')),
        ];
        assert.deepEqual(edited, [manifestUri], 'the fix edits manifest.json, not the handler');
        // An editor applies it to the manifest (open or not) and the user saves it.
        writeFileSync(join(folder.root, 'plugin/manifest.json'), applyWorkspaceEdit(edit, new Map()).get(manifestUri)!);
        assert.match(
          readFileSync(join(folder.root, 'plugin/manifest.json'), 'utf8'),
          /"fs": \{\n\s+"write": \{\n\s+"parameter": true\n\s+\}\n\s+\}/,
        );
        await client.fileChanged(manifestUri, FileChangeType.Changed);
        const after = await handlerDiagnostics(
          client,
          uri,
          pull,
          (diagnostics) => !diagnostics.some((d) => d.code === 'handlers.undeclared-permission'),
        );
        assert.deepEqual(
          after.map((d) => d.code),
          ['handlers.unknown-argument'],
        );

        // Editing the handler checks it again: the typo fixed, nothing is left.
        await client.replaceText(uri, handler.replace('args.pth', 'args.path'));
        assert.deepEqual(await handlerDiagnostics(client, uri, pull, (diagnostics) => diagnostics.length === 0), []);
      } finally {
        await client.stop();
        folder.cleanup();
      }
    });

    test('the permission fix of a manifest that is not open is made from the file as it is when it is applied', async () => {
      const folder = tempFolder({
        'plugin/manifest.json': manifestText('{ "toast": true }'),
        'plugin/tools/save.schema.json': schema,
        'plugin/tools/save.js': handler,
      });
      const client = await LspClient.start({ workspace: folder.root, capabilities });
      try {
        const uri = folder.uri('plugin/tools/save.js');
        const manifestUri = folder.uri('plugin/manifest.json');
        await client.open(uri, handler, 1, 'javascript');
        const found = await handlerDiagnostics(client, uri, pull, (diagnostics) => diagnostics.length >= 2);
        const [fix] = await fixesFor(client, uri, 'handlers.undeclared-permission', found);
        // Between the offer and its use, four lines are added at the top of manifest.json: an edit made from the
        // text read before (a WorkspaceEdit of a file that is not open cannot say which text it expects) wrote
        // "permissions" into the middle of another value.
        const changed = manifestText('{ "toast": true }').replace(
          '{\n',
          '{\n  "description": "Saves files.",\n  "author": "Sample",\n  "license": "MIT",\n  "homepage": "https://example.com",\n',
        );
        folder.write('plugin/manifest.json', changed);
        const written = applyWorkspaceEdit(await editOf(client, fix), new Map()).get(manifestUri)!;
        folder.write('plugin/manifest.json', written);
        const value = JSON.parse(written) as { permissions: unknown; homepage: string };
        assert.deepEqual(value.permissions, { toast: true, fs: { write: { parameter: true } } });
        assert.equal(value.homepage, 'https://example.com');
        // Run again, it finds the permission declared: nothing is edited, and the user is told why.
        const asked = client.appliedEdits.length;
        await client.request('workspace/executeCommand', fix.command);
        assert.equal(client.appliedEdits.length, asked);
        assert.match(client.messages.at(-1) ?? '', /changed since this fix was offered; nothing was edited/);
      } finally {
        await client.stop();
        folder.cleanup();
      }
    });

    test('a JavaScript file no manifest names gets nothing, and neither does one beside a manifest that does not name it', async () => {
      const folder = tempFolder({
        'plugin/manifest.json': manifestText('{}'),
        'plugin/tools/save.schema.json': schema,
        'plugin/tools/save.js': handler,
        'plugin/lib/other.js': handler,
        'elsewhere/x.js': handler,
      });
      const client = await LspClient.start({ workspace: folder.root, capabilities });
      try {
        for (const file of ['plugin/lib/other.js', 'elsewhere/x.js']) {
          const uri = folder.uri(file);
          await client.open(uri, handler, 1, 'javascript');
          if (pull) {
            const report = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', {
              textDocument: { uri },
            });
            assert.deepEqual(report, { kind: 'full', items: [] }, file);
          }
          const hover = await client.request('textDocument/hover', {
            textDocument: { uri },
            position: { line: 2, character: 10 },
          });
          assert.equal(hover, null, `no hover in ${file}`);
          const completion = await client.request<unknown[]>('textDocument/completion', {
            textDocument: { uri },
            position: { line: 2, character: 10 },
          });
          assert.deepEqual(completion, [], `no completion in ${file}`);
        }
        if (!pull) {
          // The handler itself is published; the others never are.
          const handlerUri = folder.uri('plugin/tools/save.js');
          await client.open(handlerUri, handler, 1, 'javascript');
          await client.diagnostics(handlerUri, (params) => params.diagnostics.length > 0);
          assert.deepEqual(
            client.published.filter((params) => params.uri !== handlerUri && params.uri.endsWith('.js')),
            [],
          );
        }
      } finally {
        await client.stop();
        folder.cleanup();
      }
    });
  });
}

test('a client that cannot be asked to apply an edit gets no fix for a manifest that is not open, and the edit once it is open', async () => {
  const capabilities = { ...vscodeCapabilities, workspace: { ...vscodeCapabilities.workspace, applyEdit: false } };
  const folder = tempFolder({
    'plugin/manifest.json': manifestText('{ "toast": true }'),
    'plugin/tools/save.schema.json': schema,
    'plugin/tools/save.js': handler,
  });
  const client = await LspClient.start({ workspace: folder.root, capabilities });
  try {
    const uri = folder.uri('plugin/tools/save.js');
    await client.open(uri, handler, 1, 'javascript');
    const found = await handlerDiagnostics(client, uri, true, (diagnostics) => diagnostics.length >= 2);
    assert.deepEqual(await fixesFor(client, uri, 'handlers.undeclared-permission', found), []);
    const manifestUri = folder.uri('plugin/manifest.json');
    await client.open(manifestUri, manifestText('{ "toast": true }'));
    const [fix] = await fixesFor(client, uri, 'handlers.undeclared-permission', found);
    assert.deepEqual(
      fix.edit?.documentChanges?.map((change) => ('textDocument' in change ? change.textDocument : undefined)),
      [{ uri: manifestUri, version: 1 }],
      'an edit of the open manifest, of the version it was made from',
    );
  } finally {
    await client.stop();
    folder.cleanup();
  }
});

test('Helix started in a folder with no root marker names it only as rootPath: its handlers get their findings all the same', async () => {
  const folder = tempFolder({
    'manifest.json': manifestText('{ "toast": true }'),
    'tools/save.schema.json': schema,
    'tools/save.js': handler,
  });
  // Helix 25.07.1's initialize there: `workspaceFolders: []`, `rootUri: null`, `rootPath` the folder it started in.
  const client = await LspClient.start({
    workspace: folder.root,
    workspaceNamedBy: 'rootPath',
    capabilities: helix2507Capabilities,
  });
  try {
    const uri = folder.uri('tools/save.js');
    await client.open(uri, handler, 1, 'javascript');
    const found = await handlerDiagnostics(client, uri, true, (diagnostics) => diagnostics.length >= 2);
    assert.deepEqual(
      found.map((d) => d.code),
      ['handlers.undeclared-permission', 'handlers.unknown-argument'],
    );
  } finally {
    await client.stop();
    folder.cleanup();
  }
});

test('a handler two nested plugins name gets the nearest manifest’s findings in workspace diagnostics, as when it is open', async () => {
  // The outer plugin names nested/tools/save.js without toast; the nested one names it with toast. The outer one is
  // validated first (workspace manifests are in path order).
  const outer = manifestText('{}').replace('"tools/save.schema.json"', '"nested/tools/save.schema.json"');
  const folder = tempFolder({
    'outer/manifest.json': outer.replace('"tools/save.js"', '"nested/tools/save.js"'),
    'outer/nested/manifest.json': manifestText('{ "toast": true }'),
    'outer/nested/tools/save.schema.json': schema,
    'outer/nested/tools/save.js': handler,
  });
  const client = await LspClient.start({ workspace: folder.root, capabilities: vscodeCapabilities });
  try {
    const uri = folder.uri('outer/nested/tools/save.js');
    const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
    const closed = report.items.filter((item) => item.uri === uri);
    assert.equal(closed.length, 1, 'the handler is reported once');
    const codes = (items: Diagnostic[]) => items.map((d) => d.code).sort();
    const whileClosed = closed[0].kind === 'full' ? codes(closed[0].items) : [];
    // Only the nested manifest's: the outer one's handlers.undeclared-permission on toast is not in it.
    assert.deepEqual(whileClosed, ['handlers.undeclared-permission', 'handlers.unknown-argument']);
    await client.open(uri, handler, 1, 'javascript');
    const whileOpen = await handlerDiagnostics(client, uri, true, (diagnostics) => diagnostics.length >= 2);
    assert.deepEqual(codes(whileOpen), whileClosed);
  } finally {
    await client.stop();
    folder.cleanup();
  }
});

test('a closed handler keeps its findings in workspace diagnostics while its manifest is open, and they follow its edits', async () => {
  const folder = tempFolder({
    'plugin/manifest.json': manifestText('{}'),
    'plugin/tools/save.schema.json': schema,
    'plugin/tools/save.js': handler,
  });
  const client = await LspClient.start({ workspace: folder.root, capabilities: vscodeCapabilities });
  try {
    const handlerUri = folder.uri('plugin/tools/save.js');
    const pulled = async (previousResultIds: { uri: string; value: string }[] = []) =>
      (await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds })).items.filter(
        (item) => item.uri === handlerUri,
      );
    const codes = (items: Diagnostic[]) => [...new Set(items.map((d) => String(d.code)))].sort();
    const [closed] = await pulled();
    assert.ok(closed.kind === 'full');
    const before = codes(closed.items);
    assert.deepEqual(before, ['handlers.undeclared-permission', 'handlers.unknown-argument']);
    // The manifest opened (VS Code pulls it by itself): the handler's findings are still in the workspace report.
    await client.open(folder.uri('plugin/manifest.json'), manifestText('{}'));
    const [whileOpen] = await pulled([{ uri: handlerUri, value: closed.resultId! }]);
    assert.ok(whileOpen, 'the handler is in the workspace report');
    assert.ok(whileOpen.kind === 'full');
    assert.deepEqual(codes(whileOpen.items), before);
    // Unchanged while nothing changes; and an edit of the open manifest that declares fs.write and toast changes them.
    const [again] = await pulled([{ uri: handlerUri, value: whileOpen.resultId! }]);
    assert.equal(again.kind, 'unchanged');
    await client.replaceText(
      folder.uri('plugin/manifest.json'),
      manifestText('{ "fs": { "write": { "parameter": true } }, "toast": true }'),
    );
    const [afterEdit] = await pulled([{ uri: handlerUri, value: whileOpen.resultId! }]);
    assert.ok(afterEdit.kind === 'full');
    assert.deepEqual(codes(afterEdit.items), ['handlers.unknown-argument']);
  } finally {
    await client.stop();
    folder.cleanup();
  }
});
