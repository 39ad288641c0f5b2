import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { analyzeManifest, gatingReport, type ContextMenuModel, type GatingReport } from '../../server/src/engine';
import type { ManifestStatus } from '../../server/src/protocol/requests';
import { LspClient, manifest, serveManifest, serverPath, tempFolder } from './lspClient';

const text = manifest(`"contributes": {
    "tools": [ { "id": "summarize", "title": "Summarize", "description": "Counts the words in a text file.", "schema": "./s.json", "handler": "./h.js", "fileExtensions": [".md"], "annotations": { "openWorldHint": true } } ],
    "actions": [
      { "id": "count", "title": "Count", "description": "D", "scope": "single-file", "kind": "tool", "toolId": "summarize", "fileExtensions": [".md"] },
      { "id": "tidy", "title": "Tidy", "description": "D", "scope": "folder", "prompt": "./p.md" }
    ]
  }`);

describe('transport', () => {
  test('--help prints the usage', () => {
    assert.match(
      execFileSync(process.execPath, [serverPath, '--help'], { encoding: 'utf8' }),
      /^Usage: filer-manifest-language-server --stdio/,
    );
  });

  test('Node IPC, as vscode-languageclient starts it', async () => {
    const folder = tempFolder();
    const client = await LspClient.start({ workspace: folder.root, transport: 'ipc' });
    try {
      const uri = folder.uri('manifest.json');
      await client.open(uri, manifest('"contributes": {}').replace('"sample-plugin"', '"Not Kebab"'));
      assert.deepEqual(
        (await client.diagnostics(uri)).map((d) => d.code),
        ['manifest.name'],
      );
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });
});

describe('custom requests and robustness', () => {
  const served = serveManifest(text);
  const { uri, folder } = served;

  test('filer/contextMenu: the menu Filer would build for a selection, from the document as it is in the editor', async () => {
    const file = await served.client.request<ContextMenuModel>('filer/contextMenu', {
      uri,
      selection: { kind: 'file', names: ['notes.md'] },
    });
    assert.equal(file.pluginName, 'Sample');
    assert.deepEqual(
      file.entries.map((entry) => [entry.source, entry.id, entry.tool?.found && entry.tool.category]),
      [
        ['action', 'count', 'external'],
        ['tool', 'summarize', 'external'],
      ],
    );
    assert.deepEqual(
      file.excluded.map((entry) => entry.id),
      ['tidy'],
    );
    const folderMenu = await served.client.request<ContextMenuModel>('filer/contextMenu', {
      uri,
      selection: { kind: 'folder', names: ['docs'] },
    });
    assert.deepEqual(
      folderMenu.entries.map((entry) => entry.id),
      ['tidy'],
    );
    assert.equal(
      await served.client.request('filer/contextMenu', {
        uri: folder.uri('closed/manifest.json'),
        selection: { kind: 'file', names: ['a.md'] },
      }),
      null,
    );
    await assert.rejects(
      served.client.request('filer/contextMenu', { uri, selection: { kind: 'everything', names: [] } }),
      /filer\/contextMenu: params\.selection\.kind must be one of "file", "files", "folder", not a string; params must be \{ uri, selection: \{ kind, names \} \}\./,
    );
  });

  test('filer/gating: every tool with its category, why and when it asks, from the document as it is in the editor', async () => {
    const report = await served.client.request<GatingReport>('filer/gating', { uri });
    // The server validates with the plugin folder: the files the manifest names are missing, so the loader would refuse
    // it.
    const analysis = analyzeManifest(text);
    const { refusal, ...rest } = report;
    assert.deepEqual(
      rest,
      JSON.parse(JSON.stringify({ ...gatingReport(analysis.model, analysis.diagnostics), refusal: undefined })),
    );
    assert.equal(refusal?.first.code, 'files.missing');
    assert.match(refusal?.words ?? '', /^Filer would not load this plugin: /);
    assert.deepEqual(
      report.tools.map((tool) => [tool.id, tool.category, tool.asks]),
      [['summarize', 'external', 'asks at every level below Full Auto; refused in Sandbox']],
    );
    assert.equal(text.slice(report.tools[0].location.offset).startsWith('{ "id": "summarize"'), true);
    // An unsaved edit is what the view shows: the annotation changes, the category follows.
    const edited = text.replace('"openWorldHint": true', '"readOnlyHint": false');
    await served.client.replaceText(uri, edited);
    const after = await served.client.request<GatingReport>('filer/gating', { uri });
    assert.deepEqual(
      after.tools.map((tool) => [tool.category, tool.why]),
      [['modify', 'modify (readOnlyHint: false)']],
    );
    await served.client.replaceText(uri, text);
    assert.equal(await served.client.request('filer/gating', { uri: folder.uri('closed/manifest.json') }), null);
    // Like every request, one without its uri is refused (it once answered null, as for a closed document).
    await assert.rejects(
      served.client.request('filer/gating', {}),
      /filer\/gating: params\.uri is missing; params must be \{ uri \}\./,
    );
  });

  test('filer/manifestStatus: whether a document is a Filer manifest, why, and its counts', async () => {
    const status = await served.client.request<ManifestStatus>('filer/manifestStatus', { uri });
    // The three files it names (s.json, h.js, p.md) are missing.
    assert.deepEqual(
      (await served.client.diagnostics(uri)).map((d) => [d.code, d.severity]),
      [
        ['files.missing', 1],
        ['files.missing', 1],
        ['files.missing', 1],
      ],
    );
    assert.deepEqual(status, {
      recognized: true,
      name: 'sample-plugin',
      reason: 'has contributes',
      errors: 3,
      warnings: 0,
    });
    const closed = await served.client.request<ManifestStatus>('filer/manifestStatus', {
      uri: folder.uri('nowhere/manifest.json'),
    });
    assert.deepEqual(closed, { recognized: false, reason: 'the document is not open', errors: 0, warnings: 0 });
  });

  test('requests for documents that are not open answer empty', async () => {
    const closed = { textDocument: { uri: folder.uri('closed/manifest.json') }, position: { line: 0, character: 0 } };
    assert.deepEqual(await served.client.request('textDocument/completion', closed), []);
    assert.equal(await served.client.request('textDocument/hover', closed), null);
    assert.deepEqual(await served.client.request('textDocument/definition', closed), []);
    assert.deepEqual(
      await served.client.request('textDocument/references', { ...closed, context: { includeDeclaration: true } }),
      [],
    );
    assert.equal(await served.client.request('textDocument/rename', { ...closed, newName: 'x' }), null);
    assert.deepEqual(await served.client.request('textDocument/documentSymbol', closed), []);
    assert.deepEqual(await served.client.request('textDocument/documentLink', closed), []);
    assert.deepEqual(
      await served.client.request('textDocument/inlayHint', {
        ...closed,
        range: { start: closed.position, end: closed.position },
      }),
      [],
    );
    assert.deepEqual(
      await served.client.request('textDocument/codeAction', {
        ...closed,
        range: { start: closed.position, end: closed.position },
        context: { diagnostics: [] },
      }),
      [],
    );
  });

  test('positions past the end of the document answer empty, never fail', async () => {
    const far = { textDocument: { uri }, position: { line: 9999, character: 9999 } };
    assert.deepEqual(await served.client.request('textDocument/completion', far), []);
    assert.equal(await served.client.request('textDocument/hover', far), null);
    assert.deepEqual(await served.client.request('textDocument/definition', far), []);
    const hints = await served.client.request<unknown[]>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 5000, character: 0 }, end: { line: 9999, character: 0 } },
    });
    assert.deepEqual(hints, []);
  });

  test('a request with malformed params answers with an error, and the server keeps running', async () => {
    await assert.rejects(
      served.client.request('textDocument/hover', { textDocument: null, position: { line: 0, character: 0 } }),
      /textDocument\/hover: params.textDocument must be an object, not null; params must be \{ textDocument: \{ uri \}, position: \{ line, character \} \}\.$/,
    );
    const status = await served.client.request<ManifestStatus>('filer/manifestStatus', { uri });
    assert.equal(status.recognized, true);
    assert.equal(served.client.exited, false);
  });
});
