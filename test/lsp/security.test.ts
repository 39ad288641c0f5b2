/**
 * Safe in an untrusted folder, over a real connection: paths with `..`, absolute paths and symlinks
 * that leave the plugin folder get a diagnostic and are never opened (their targets are FIFOs, which
 * a read would hold open); no handler, hook, command or process `command` is ever run or required
 * (each would leave a marker file); and the server writes nothing: every file under the workspace
 * and outside it is the same after every feature has run, also after quick fixes that create files
 * (those come back as a WorkspaceEdit for the client to apply).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FileChangeType, type CodeAction, type Diagnostic } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { assertFifoNeverOpened, LspClient, snapshot, tempFolder } from './lspClient';

describe('security: reads stay in the plugin folder, nothing runs, nothing is written', () => {
  const outside = tempFolder({ 'secret.js': 'module.exports = "secret";\n' });
  const workspace = tempFolder();
  const fifo = join(outside.root, 'never-opened.fifo');
  const manifestFifo = join(outside.root, 'evil/manifest.json');
  const markers = join(outside.root, 'markers');
  /** A script that leaves a marker when run or required. */
  const script = (name: string) =>
    `require('fs').writeFileSync(${JSON.stringify(join(markers, name))}, 'ran');\nmodule.exports = async () => 'ran';\n`;
  const pluginText = `{
  "name": "hostile-plugin",
  "displayName": "Hostile",
  "version": "1.0.0",
  "contributes": {
    "tools": [
      { "id": "dotdot", "title": "T", "description": "Counts the words in a text file.", "schema": "../../${outside.root.split('/').pop()}/never-opened.fifo", "handler": ${JSON.stringify(fifo)}, "annotations": { "readOnlyHint": true } },
      { "id": "linked", "title": "T", "description": "Counts the words in a text file.", "schema": "./linked.schema.json", "handler": "./linked.js", "annotations": { "readOnlyHint": true } },
      { "id": "runs", "title": "T", "description": "Counts the words in a text file.", "schema": "./tools/runs.schema.json", "handler": "./tools/runs.js", "annotations": { "readOnlyHint": true } },
      { "name": "legacy", "title": "L", "description": "Counts the words in a text file.", "parameters": { "type": "object", "properties": {} }, "handler": "./tools/runs.js", "annotations": { "readOnlyHint": true } }
    ],
    "actions": [ { "id": "tidy", "title": "T", "description": "D", "scope": "folder", "prompt": "./prompts/missing.md" } ],
    "hooks": { "onAgentComplete": "./hooks/hook.js" },
    "commands": [ { "id": "cmd", "title": "C", "handler": "./commands/cmd.js" } ],
    "settings": { "reset": { "type": "action", "title": "R", "handler": "./settings/reset.js" } }
  }
}
`;
  const uri = workspace.uri('plugin/manifest.json');
  let client: LspClient;
  let before_: Map<string, string>;

  before(async () => {
    mkdirSync(markers);
    mkdirSync(join(outside.root, 'evil'));
    execFileSync('mkfifo', [fifo, manifestFifo]);
    workspace.write('plugin/manifest.json', pluginText);
    workspace.write('plugin/tools/runs.schema.json', '{ "type": "object", "properties": {} }\n');
    workspace.write('plugin/tools/runs.js', script('tool-handler'));
    workspace.write('plugin/hooks/hook.js', script('hook'));
    workspace.write('plugin/commands/cmd.js', script('command'));
    workspace.write('plugin/settings/reset.js', script('setting-action'));
    symlinkSync(fifo, join(workspace.root, 'plugin/linked.schema.json'));
    symlinkSync(join(outside.root, 'secret.js'), join(workspace.root, 'plugin/linked.js'));
    // A process plugin whose executable would leave a marker.
    workspace.write(
      'proc/manifest.json',
      '{ "name": "proc", "displayName": "P", "version": "1.0.0", "runtime": "process", "command": "./bin/plugin", "contributes": { "tools": [ { "id": "t", "title": "T", "description": "Counts the words in a text file.", "schema": "./s.json", "annotations": { "readOnlyHint": true } } ] } }\n',
    );
    workspace.write('proc/s.json', '{ "type": "object", "properties": {} }\n');
    workspace.write('proc/bin/plugin', `#!/bin/sh\necho ran > ${JSON.stringify(join(markers, 'process-command'))}\n`);
    chmodSync(join(workspace.root, 'proc/bin/plugin'), 0o755);
    // The workspace scan must not follow a symlinked folder or manifest out of the workspace.
    symlinkSync(join(outside.root, 'evil'), join(workspace.root, 'escape'));
    mkdirSync(join(workspace.root, 'linked-manifest'));
    symlinkSync(manifestFifo, join(workspace.root, 'linked-manifest/manifest.json'));
    before_ = new Map([...snapshot(workspace.root), ...snapshot(outside.root)]);
    client = await LspClient.start({ workspace: workspace.root });
  });
  after(async () => {
    await client.stop();
    workspace.cleanup();
    outside.cleanup();
  });

  let diagnostics: Diagnostic[];

  test('a path with .., an absolute path, a symlink out of the folder: each gets a diagnostic, and none is opened', async () => {
    await client.open(uri, pluginText);
    diagnostics = await client.diagnostics(uri);
    const found = diagnostics
      .map((d) => `${d.code} @ ${(d.data as { jsonPath: (string | number)[] }).jsonPath.join('.')}`)
      .sort();
    for (const expected of [
      'paths.dotdot @ contributes.tools.0.schema',
      'paths.absolute @ contributes.tools.0.handler',
      'files.outside @ contributes.tools.1.schema',
      'files.outside @ contributes.tools.1.handler',
    ]) {
      assert.ok(found.includes(expected), `${expected} in ${found.join(', ')}`);
    }
    assertFifoNeverOpened(fifo);
  });

  test('every feature at every position, the workspace scan and a file change: nothing outside is opened, nothing runs, nothing is written', async () => {
    const document = TextDocument.create(uri, 'json', 1, pluginText);
    const requests: Promise<unknown>[] = [];
    for (let offset = 0; offset <= pluginText.length; offset += 3) {
      const position = document.positionAt(offset);
      for (const method of ['textDocument/hover', 'textDocument/completion', 'textDocument/definition'])
        requests.push(client.request(method, { textDocument: { uri }, position }));
    }
    const all = { start: { line: 0, character: 0 }, end: document.positionAt(pluginText.length) };
    requests.push(
      client.request('textDocument/documentLink', { textDocument: { uri } }),
      client.request('textDocument/documentSymbol', { textDocument: { uri } }),
      client.request('textDocument/inlayHint', { textDocument: { uri }, range: all }),
      client.request('filer/contextMenu', { uri, selection: { kind: 'file', names: ['a.md'] } }),
      client.request('filer/manifestStatus', { uri }),
    );
    await Promise.all(requests);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: all,
      context: { diagnostics },
    });
    // Quick fixes that make files answer with an edit for the client to apply; the server creates nothing.
    const creates = actions
      .flatMap((action) => action.edit?.documentChanges ?? [])
      .filter((change) => 'kind' in change && change.kind === 'create');
    assert.deepEqual([...new Set(creates.map((change) => (change as { uri: string }).uri))].sort(), [
      workspace.uri('plugin/prompts/missing.md'),
      workspace.uri('plugin/tools/legacy.schema.json'),
    ]);
    await client.fileChanged(workspace.uri('plugin/tools/runs.js'), FileChangeType.Changed);
    // The process plugin, validated from disk by the workspace scan, is published without being run.
    const procDiagnostics = await client.diagnostics(workspace.uri('proc/manifest.json'), () => true);
    assert.deepEqual(procDiagnostics, []);
    await client.diagnostics(uri, (p) => p.version === 1 && p !== client.published.find((first) => first.uri === uri));

    assert.deepEqual(readdirSync(markers), [], 'a script ran');
    assertFifoNeverOpened(fifo);
    assertFifoNeverOpened(manifestFifo);
    assert.ok(
      !client.published.some((p) => p.uri.includes('/escape/') || p.uri.includes('/linked-manifest/')),
      'the scan followed a symlink out of the workspace',
    );
    assert.deepEqual(new Map([...snapshot(workspace.root), ...snapshot(outside.root)]), before_);
    assert.equal(client.exited, false);
  });
});
