/**
 * A plugin folder made to hang, exhaust or leak (issue 11), over a real connection: quick fixes
 * whose files would land behind a link out of the folder, names that make regexes backtrack, and
 * manifests that appear on disk as links or FIFOs while the folder is open. Each answer comes within
 * a generous bound (the cases took minutes, or forever), nothing outside the folder is opened or
 * created, and nothing from outside is quoted.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  FileChangeType,
  type CodeAction,
  type Diagnostic,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver-protocol/node';
import {
  assertFifoNeverOpened,
  editorCapabilities,
  handlerText,
  LspClient,
  manifest,
  snapshot,
  tempFolder,
} from './lspClient';

/** What a request answered and how long it took. */
async function timed<R>(client: LspClient, method: string, params: unknown): Promise<{ result: R; ms: number }> {
  const started = performance.now();
  const result = await client.request<R>(method, params);
  return { result, ms: performance.now() - started };
}

/** Every file a set of code actions would create. */
function createdUris(actions: CodeAction[]): string[] {
  return actions
    .flatMap((action) => action.edit?.documentChanges ?? [])
    .flatMap((change) => ('kind' in change && change.kind === 'create' ? [change.uri] : []));
}

const legacyTool = (name: string) =>
  `{ "name": ${JSON.stringify(name)}, "title": "L", "description": "Counts the words in a text file.", "parameters": { "type": "object", "properties": {} }, "handler": "./h.js", "annotations": { "readOnlyHint": true } }`;

describe('quick fixes in a hostile folder', () => {
  const outside = tempFolder({ 'elsewhere/keep.txt': 'outside\n' });
  const workspace = tempFolder({
    'linked-tools/h.js': handlerText,
    'dashes/h.js': handlerText,
    'linked-assets/h.js': handlerText,
  });
  let client: LspClient;
  let before_: Map<string, string>;
  before(async () => {
    symlinkSync(join(outside.root, 'elsewhere'), join(workspace.root, 'linked-tools/tools'));
    symlinkSync(join(outside.root, 'elsewhere'), join(workspace.root, 'linked-assets/assets'));
    symlinkSync(join(workspace.root, 'linked-assets/gone'), join(workspace.root, 'linked-assets/prompts'));
    before_ = new Map([...snapshot(workspace.root), ...snapshot(outside.root)]);
    client = await LspClient.start({ workspace: workspace.root });
  });
  after(async () => {
    await client.stop();
    workspace.cleanup();
    outside.cleanup();
  });

  async function fixesFor(
    folder: string,
    body: string,
  ): Promise<{ uri: string; diagnostics: Diagnostic[]; actions: CodeAction[]; ms: number }> {
    const uri = workspace.uri(`${folder}/manifest.json`);
    const text = manifest(body);
    await client.open(uri, text);
    const diagnostics = await client.diagnostics(uri);
    const all = { start: { line: 0, character: 0 }, end: { line: text.split('\n').length, character: 0 } };
    const { result: actions, ms } = await timed<CodeAction[]>(client, 'textDocument/codeAction', {
      textDocument: { uri },
      range: all,
      context: { diagnostics },
    });
    return { uri, diagnostics, actions, ms };
  }

  test('a legacy tool while tools/ is a link out of the folder: answered at once, and no file is offered there (it looped for minutes and exhausted memory)', async () => {
    const { actions, ms } = await fixesFor(
      'linked-tools',
      `"contributes": { "tools": [ ${legacyTool('summarize')} ] }`,
    );
    assert.ok(ms < 5000, `the code actions took ${ms.toFixed(0)} ms`);
    assert.deepEqual(createdUris(actions), []);
    assert.ok(
      !actions.some((action) => action.title.startsWith('Use the current tool shape')),
      actions.map((action) => action.title).join('\n'),
    );
  });

  test('a legacy tool named x, 100,000 dashes and y: answered within 5 s (a backtracking regex took 78 s), with a file name of bounded length', async () => {
    const { actions, ms } = await fixesFor(
      'dashes',
      `"contributes": { "tools": [ ${legacyTool(`x${'-'.repeat(100_000)}y`)} ] }`,
    );
    assert.ok(ms < 5000, `the code actions took ${ms.toFixed(0)} ms`);
    const [created] = createdUris(actions);
    assert.ok(created.startsWith(workspace.uri('dashes/tools/x-')) && created.endsWith('.schema.json'), created);
    assert.ok(created.length < workspace.uri('').length + 200, `${created.length} characters`);
  });

  test('a path below a linked folder whose subfolders are missing is files.outside, and a dangling link gets no Create fix', async () => {
    const body = `"contributes": {
    "tools": [ { "id": "t", "title": "T", "description": "Counts the words in a text file.", "schema": "./assets/.config/autostart/schema.json", "handler": "./h.js", "annotations": { "readOnlyHint": true } } ],
    "actions": [ { "id": "a", "title": "A", "description": "D", "scope": "folder", "prompt": "./prompts/x.md" } ]
  }`;
    const { diagnostics, actions } = await fixesFor('linked-assets', body);
    assert.deepEqual(
      diagnostics.map((d) => `${d.code} @ ${(d.data as { jsonPath: (string | number)[] }).jsonPath.join('.')}`).sort(),
      ['files.missing @ contributes.actions.0.prompt', 'files.outside @ contributes.tools.0.schema'],
    );
    assert.deepEqual(createdUris(actions), []);
    assert.deepEqual(new Map([...snapshot(workspace.root), ...snapshot(outside.root)]), before_);
  });

  test('no document link and no definition lead to a path flagged files.outside; the handler inside keeps its link', async () => {
    const uri = workspace.uri('linked-assets/manifest.json');
    const links = await client.request<{ target: string }[]>('textDocument/documentLink', { textDocument: { uri } });
    assert.deepEqual(links.map((link) => link.target).sort(), [
      workspace.uri('linked-assets/h.js'),
      workspace.uri('linked-assets/prompts/x.md'),
    ]);
    const line = client
      .text(uri)
      .split('\n')
      .findIndex((text) => text.includes('autostart'));
    const character = client.text(uri).split('\n')[line].indexOf('assets/.config') + 2;
    assert.deepEqual(
      await client.request('textDocument/definition', { textDocument: { uri }, position: { line, character } }),
      [],
    );
  });
});

describe('manifests that appear on disk while the folder is open', () => {
  const outside = tempFolder({
    'secret/manifest.json':
      '{ "name": "SECRET-TOKEN-1234", "displayName": "S", "version": "1.0.0", "contributes": {} }\n',
  });
  const workspace = tempFolder({ 'plugin/manifest.json': manifest('') });
  const fifos = [1, 2, 3, 4].map((n) => join(workspace.root, `fifo-${n}/manifest.json`));
  let client: LspClient;
  before(async () => {
    client = await LspClient.start({ workspace: workspace.root, capabilities: editorCapabilities({ pull: true }) });
    // Once the first scan is done (this request waits for it).
    await client.request('workspace/diagnostic', { previousResultIds: [] });
    // As `git pull` or `tar x` would leave them, after the scan.
    mkdirSync(join(workspace.root, 'linked'));
    symlinkSync(join(outside.root, 'secret/manifest.json'), join(workspace.root, 'linked/manifest.json'));
    symlinkSync(join(outside.root, 'secret'), join(workspace.root, 'linked-folder'));
    for (const fifo of fifos) {
      mkdirSync(join(fifo, '..'));
      execFileSync('mkfifo', [fifo]);
    }
    for (const file of [
      'linked/manifest.json',
      'linked-folder/manifest.json',
      ...fifos.map((fifo) => fifo.slice(workspace.root.length + 1)),
    ]) {
      await client.fileChanged(workspace.uri(file), FileChangeType.Created);
    }
  });
  after(async () => {
    await client.stop();
    workspace.cleanup();
    outside.cleanup();
  });

  test('a linked manifest.json, one in a linked folder, four FIFOs: workspace/diagnostic answers at once, quotes nothing from outside, opens no FIFO', async () => {
    const { result, ms } = await timed<{ items: WorkspaceDocumentDiagnosticReport[] }>(client, 'workspace/diagnostic', {
      previousResultIds: [],
    });
    assert.ok(ms < 5000, `workspace/diagnostic took ${ms.toFixed(0)} ms`);
    assert.doesNotMatch(JSON.stringify(result), /SECRET-TOKEN/);
    for (const item of result.items)
      if (item.uri !== workspace.uri('plugin/manifest.json'))
        assert.deepEqual(item.kind === 'full' ? item.items : [], [], item.uri);
    for (const fifo of fifos) assertFifoNeverOpened(fifo);
    assert.match(
      client.logs.join('\n'),
      /linked\/manifest\.json is not read from disk: a symbolic link or a linked folder, which is not followed\./,
    );
    assert.match(client.logs.join('\n'), /fifo-1\/manifest\.json is not read from disk: not a regular file/);
  });

  test('the server still shuts down and exits', async () => {
    await client.stop();
    await client.waitFor(() => (client.exited ? true : undefined), 5000, 'the server to exit');
  });
});

describe('a manifest on disk larger than filerManifest.maxFileSize', () => {
  const workspace = tempFolder({ 'plugin/manifest.json': manifest(`"x-padding": "${'p'.repeat(3 * 1024 * 1024)}"`) });
  let client: LspClient;
  before(async () => {
    client = await LspClient.start({ workspace: workspace.root, settings: { maxFileSize: 1 } });
  });
  after(async () => {
    await client.stop();
    workspace.cleanup();
  });

  test('is not read (it was read whole before any size check), and the log says why', async () => {
    const line = await client.waitFor(
      () => client.logs.find((entry) => entry.includes('is not read from disk')),
      10_000,
      'the log line',
    );
    assert.match(line, /plugin\/manifest\.json is not read from disk: 3\.0 MB, too large to read\./);
    assert.deepEqual(
      client.published.filter((p) => p.uri === workspace.uri('plugin/manifest.json')),
      [],
    );
  });
});
