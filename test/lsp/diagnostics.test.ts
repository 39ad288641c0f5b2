import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FileChangeType, type Diagnostic } from 'vscode-languageserver-protocol/node';
import { editorCapabilities, handlerText, LspClient, manifest, spanOf, tempFolder } from './lspClient';

/** `code @ line:character-line:character severity`: what a test compares. */
function summary(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map(
    (d) =>
      `${d.code} @ ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${['', 'error', 'warning', 'information', 'hint'][d.severity ?? 0]}`,
  );
}

/** The expected summary line of a diagnostic on `needle` in `text`. */
function at(code: string, text: string, needle: string, severity: string, occurrence = 0): string {
  return `${code} @ ${spanOf(text, needle, occurrence)} ${severity}`;
}

const brokenManifest = `{
  "name": "My Plugin",
  "displayName": "Broken",
  "version": "1.0",
  "contributes": {
    "tools": [
      { "id": "count", "title": "Count", "description": "Counts the words in a text file.", "schema": "./tools/count.schema.json", "handler": "./tools/count.js", "annotations": { "readOnlyHint": true } }
    ],
    "actions": [
      { "id": "go", "title": "Go", "description": "Go.", "scope": "single-file", "kind": "tool", "toolId": "cont" }
    ]
  }
}
`;

describe('diagnostics (push)', () => {
  const folder = tempFolder({
    'plugin/tools/count.schema.json': '{ "type": "object", "properties": {} }\n',
    'plugin/tools/count.js': handlerText,
  });
  let client: LspClient;
  const uri = folder.uri('plugin/manifest.json');

  before(async () => {
    folder.write('plugin/manifest.json', brokenManifest);
    client = await LspClient.start({ workspace: folder.root });
  });
  after(async () => {
    await client.stop();
    folder.cleanup();
  });

  test('after open: every message of the validator, at its exact range, with its code and data', async () => {
    // The server asks the editor to watch the files a manifest may name (and settings changes).
    await client.waitFor(
      () => (client.registrations.some((r) => r.method === 'workspace/didChangeWatchedFiles') ? true : undefined),
      5000,
      'the watcher registration',
    );
    assert.deepEqual(
      client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles')!.registerOptions,
      { watchers: [{ globPattern: '**/*' }] },
    );
    await client.open(uri, brokenManifest);
    const diagnostics = await client.diagnostics(uri);
    assert.deepEqual(summary(diagnostics), [
      at('manifest.name', brokenManifest, '"My Plugin"', 'error'),
      at('manifest.version', brokenManifest, '"1.0"', 'error'),
      at('actions.tool-id-unknown', brokenManifest, '"cont"', 'error'),
    ]);
    const unknownTool = diagnostics[2];
    assert.equal(unknownTool.source, 'filer-manifest');
    assert.equal(
      unknownTool.message,
      '`contributes.actions[0].toolId` "cont" is not the id of a tool in this manifest. Did you mean "count"?',
    );
    assert.deepEqual(unknownTool.data, {
      jsonPath: ['contributes', 'actions', 0, 'toolId'],
      toolId: 'cont',
      suggestion: 'count',
    });
  });

  test('after incremental edits: the diagnostics of the new version, an empty list when all is fixed', async () => {
    const version = await client.change(uri, [
      { range: { start: { line: 1, character: 10 }, end: { line: 1, character: 21 } }, text: '"my-plugin"' },
    ]);
    assert.deepEqual(summary(await client.diagnostics(uri, (p) => p.version === version)), [
      at('manifest.version', brokenManifest, '"1.0"', 'error'),
      at('actions.tool-id-unknown', brokenManifest, '"cont"', 'error'),
    ]);
    await client.change(uri, [
      { range: { start: { line: 3, character: 13 }, end: { line: 3, character: 18 } }, text: '"1.0.0"' },
    ]);
    const line = brokenManifest.split('\n')[9];
    const column = line.indexOf('"cont"'); // the edit of line 3 moved nothing on line 9
    const fixed = await client.change(uri, [
      {
        range: { start: { line: 9, character: column }, end: { line: 9, character: column + '"cont"'.length } },
        text: '"count"',
      },
    ]);
    assert.deepEqual(await client.diagnostics(uri, (p) => p.version === fixed), []);
  });

  test('a burst of typing is validated once, for its last version', async () => {
    const start = client.published.length;
    let version = 0;
    for (const name of ['"a"', '"ab"', '"abc"', '"abcd"', '"My"']) {
      version = await client.replaceText(
        uri,
        brokenManifest.replace('"My Plugin"', name).replace('"1.0"', '"1.0.0"').replace('"cont"', '"count"'),
      );
    }
    const last = await client.diagnostics(uri, (p) => p.version === version);
    assert.deepEqual(summary(last), [at('manifest.name', client.text(uri), '"My"', 'error')]);
    const forThisDocument = client.published.slice(start).filter((p) => p.uri === uri);
    assert.deepEqual(
      forThisDocument.map((p) => p.version),
      [version],
      'only the last version was validated',
    );
  });

  test('a referenced file created, deleted or changed on disk re-validates the open manifest', async () => {
    const withHandlerPath = brokenManifest
      .replace('"My Plugin"', '"my-plugin"')
      .replace('"1.0"', '"1.0.0"')
      .replace('"cont"', '"count"')
      .replace('./tools/count.js', './tools/run.js');
    const version = await client.replaceText(uri, withHandlerPath);
    const missing = await client.diagnostics(uri, (p) => p.version === version);
    assert.deepEqual(summary(missing), [at('files.missing', withHandlerPath, '"./tools/run.js"', 'error')]);
    // With what the handler's skeleton needs: its schema's argument names (it has none), how the plugin's handlers
    // export.
    assert.deepEqual(missing[0].data, {
      jsonPath: ['contributes', 'tools', 0, 'handler'],
      filePath: './tools/run.js',
      referenceKind: 'tool-handler',
      argumentNames: [],
      moduleStyle: 'commonjs',
    });

    const before = client.published.length;
    folder.write('plugin/tools/run.js', 'module.exports = {};\n');
    await client.fileChanged(folder.uri('plugin/tools/run.js'), FileChangeType.Created);
    await client.waitFor(
      () => client.published.slice(before).find((p) => p.uri === uri && p.diagnostics.length === 0),
      5000,
      'the refresh after the file appeared',
    );

    const beforeSchema = client.published.length;
    folder.write(
      'plugin/tools/count.schema.json',
      '{ "type": "object", "properties": { "path": { "type": "string" } } }\n',
    );
    await client.fileChanged(folder.uri('plugin/tools/count.schema.json'), FileChangeType.Changed);
    const changed = await client.waitFor(
      () => client.published.slice(beforeSchema).find((p) => p.uri === uri),
      5000,
      'the refresh after the schema changed',
    );
    assert.deepEqual(summary(changed.diagnostics), [
      at('tools.path-without-format', withHandlerPath, '"./tools/count.schema.json"', 'hint'),
    ]);
  });

  test('a browser-extension manifest, a web app manifest and other JSON files get nothing', async () => {
    const extension = folder.uri('ext/manifest.json');
    await client.open(extension, '{ "manifest_version": 3, "name": "Not kebab", "version": "1.0", "contributes": {} }');
    const webApp = folder.uri('app/manifest.json');
    await client.open(webApp, '{ "name": "App", "short_name": "App", "start_url": "/" }');
    const other = folder.uri('plugin/package.json');
    await client.open(other, '{ "name": "Not A Plugin", "version": "x", "contributes": {} }');
    // The server answers requests in order: once this one is answered, any publish for those opens has been sent.
    const status = await client.request<{ recognized: boolean; reason: string }>('filer/manifestStatus', {
      uri: extension,
    });
    assert.deepEqual(status, {
      recognized: false,
      reason: 'has manifest_version: a browser-extension manifest',
      errors: 0,
      warnings: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(client.published.filter((p) => [extension, webApp, other].includes(p.uri)).length, 0);
  });

  test('filerManifest.rules changes a rule\u2019s severity or turns it off', async () => {
    const sample = folder.uri('rules/manifest.json');
    const text = manifest('"contributes": { "tools": [], "views": [] }, "sandbox": true, "capabilities": ["Bad Tag"]');
    await client.open(sample, text);
    assert.deepEqual(summary(await client.diagnostics(sample)), [
      at('manifest.capabilities', text, '"Bad Tag"', 'error'),
    ]);
    client.settings = { rules: { 'manifest.capabilities': 'warning' } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    assert.deepEqual(summary(await client.diagnostics(sample, (p) => p.diagnostics[0]?.severity === 2)), [
      at('manifest.capabilities', text, '"Bad Tag"', 'warning'),
    ]);
    client.settings = { rules: { 'manifest.capabilities': 'off' } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    assert.deepEqual(await client.diagnostics(sample, (p) => p.diagnostics.length === 0), []);
    client.settings = {};
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
  });
});

describe('diagnostics: which files, size limit, workspace', () => {
  test('filerManifest.files.include forces a file in, exclude forces one out; past maxFileSize only syntax is checked', async () => {
    const folder = tempFolder();
    const client = await LspClient.start({
      workspace: folder.root,
      settings: { files: { include: ['**/*.filer.json'], exclude: ['**/vendored/**'] }, maxFileSize: 0.0005 },
    });
    try {
      const included = folder.uri('a.filer.json');
      const includedText = '{ "name": "Bad Name" }';
      await client.open(included, includedText);
      assert.deepEqual(summary(await client.diagnostics(included)), [
        at('manifest.required', includedText, '{', 'error'),
        at('manifest.required', includedText, '{', 'error'),
        at('manifest.name', includedText, '"Bad Name"', 'error'),
      ]);

      const excluded = folder.uri('vendored/manifest.json');
      await client.open(excluded, '{ "name": "Bad Name", "contributes": {} }');
      await client.request('filer/manifestStatus', { uri: excluded });
      const status = await client.request<{ recognized: boolean; reason: string }>('filer/manifestStatus', {
        uri: excluded,
      });
      assert.equal(status.reason, 'forced out by filerManifest.files.exclude');
      assert.equal(client.published.filter((p) => p.uri === excluded).length, 0);

      const large = folder.uri('large/manifest.json');
      const text = manifest(
        `"contributes": { "tools": [], "views": [] }, "sandbox": "yes", "description": "${'x'.repeat(600)}",`,
      );
      await client.open(large, text);
      const diagnostics = await client.diagnostics(large);
      const lastComma = text.split(',').length - 2;
      assert.deepEqual(summary(diagnostics), [
        'diagnostics.file-too-large @ 0:0-0:0 information',
        at('json.trailing-comma', text, ',', 'error', lastComma),
      ]);
      assert.equal(
        diagnostics[0].message,
        'This manifest is 0.0 MB, more than `filerManifest.maxFileSize` (0.0005 MB), so only its JSON syntax is checked.',
      );
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });

  test('workspace diagnostics (push): manifests that are not open are validated, and follow the files on disk', async () => {
    const folder = tempFolder({
      'one/manifest.json': manifest('"capabilities": ["Bad Tag"]'),
      'two/nested/manifest.json': manifest('"runtime": "process"'),
      'good/manifest.json': manifest(''),
      'node_modules/dep/manifest.json': manifest('"capabilities": ["Bad Tag"]'),
      '.hidden/manifest.json': manifest('"capabilities": ["Bad Tag"]'),
      'ext/manifest.json': '{ "manifest_version": 3, "name": "x" }',
    });
    const client = await LspClient.start({ workspace: folder.root });
    try {
      const badTag = manifest('"capabilities": ["Bad Tag"]');
      const processWithoutCommand = manifest('"runtime": "process"');
      assert.deepEqual(summary(await client.diagnostics(folder.uri('one/manifest.json'), () => true)), [
        at('manifest.capabilities', badTag, '"Bad Tag"', 'error'),
      ]);
      assert.deepEqual(summary(await client.diagnostics(folder.uri('two/nested/manifest.json'), () => true)), [
        at('manifest.command-required', processWithoutCommand, '"process"', 'error'),
      ]);
      assert.deepEqual(await client.diagnostics(folder.uri('good/manifest.json'), () => true), []);
      const reported = new Set(client.published.map((p) => p.uri));
      for (const skipped of ['node_modules/dep/manifest.json', '.hidden/manifest.json', 'ext/manifest.json']) {
        assert.ok(!reported.has(folder.uri(skipped)), `${skipped} is not validated`);
      }

      // Fixed on disk: its diagnostics go away without opening it.
      folder.write('one/manifest.json', manifest(''));
      await client.fileChanged(folder.uri('one/manifest.json'), FileChangeType.Changed);
      await client.diagnostics(folder.uri('one/manifest.json'), (p) => p.diagnostics.length === 0);

      // A new manifest appears; a deleted one loses its diagnostics.
      folder.write('three/manifest.json', manifest('"capabilities": ["Bad Tag"]'));
      await client.fileChanged(folder.uri('three/manifest.json'), FileChangeType.Created);
      assert.deepEqual(summary(await client.diagnostics(folder.uri('three/manifest.json'), () => true)), [
        at('manifest.capabilities', badTag, '"Bad Tag"', 'error'),
      ]);
      folder.write('three/manifest.json', '');
      await client.fileChanged(folder.uri('three/manifest.json'), FileChangeType.Deleted);
      await client.diagnostics(folder.uri('three/manifest.json'), (p) => p.diagnostics.length === 0);

      // Opened, the editor's text wins; closed again, the file on disk is back.
      const two = folder.uri('two/nested/manifest.json');
      const opened = manifest('"runtime": "process", "command": "./bin/run"');
      await client.open(two, opened, 7);
      assert.deepEqual(summary(await client.diagnostics(two, (p) => p.version === 7)), [
        at('files.missing', opened, '"./bin/run"', 'error'),
      ]);
      await client.close(two);
      assert.deepEqual(
        summary(
          await client.diagnostics(
            two,
            (p) => p.version === undefined && p.diagnostics[0]?.code === 'manifest.command-required',
          ),
        ),
        [at('manifest.command-required', processWithoutCommand, '"process"', 'error')],
      );
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });
});

describe('diagnostics (pull)', () => {
  test('textDocument/diagnostic answers full, then unchanged; workspace/diagnostic covers closed manifests; a file change asks for a refresh', async () => {
    const folder = tempFolder({
      'open/manifest.json': '',
      'closed/manifest.json': manifest('"capabilities": ["Bad Tag"]'),
    });
    const client = await LspClient.start({ workspace: folder.root, capabilities: editorCapabilities({ pull: true }) });
    try {
      const uri = folder.uri('open/manifest.json');
      const text = manifest(
        '"contributes": { "tools": [ { "id": "t", "title": "T", "description": "Counts the words in a text file.", "schema": "./t.json", "handler": "./t.js", "annotations": {} } ] }',
      );
      await client.open(uri, text);
      type Report = { kind: string; resultId?: string; items?: Diagnostic[] };
      const first = await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } });
      assert.equal(first.kind, 'full');
      assert.deepEqual(summary(first.items!), [
        at('files.missing', text, '"./t.json"', 'error'),
        at('files.missing', text, '"./t.js"', 'error'),
      ]);
      const second = await client.request<Report>('textDocument/diagnostic', {
        textDocument: { uri },
        previousResultId: first.resultId,
      });
      assert.deepEqual(second, { kind: 'unchanged', resultId: first.resultId });

      const workspace = await client.request<{ items: (Report & { uri: string; version: number | null })[] }>(
        'workspace/diagnostic',
        { previousResultIds: [] },
      );
      assert.deepEqual(
        workspace.items.map((item) => [item.uri, item.kind, summary(item.items ?? [])]),
        [
          [
            folder.uri('closed/manifest.json'),
            'full',
            [at('manifest.capabilities', manifest('"capabilities": ["Bad Tag"]'), '"Bad Tag"', 'error')],
          ],
        ],
      );
      const again = await client.request<{ items: Report[] }>('workspace/diagnostic', {
        previousResultIds: workspace.items.map((item) => ({
          uri: (item as { uri: string }).uri,
          value: item.resultId,
        })),
      });
      assert.deepEqual(
        again.items.map((item) => item.kind),
        ['unchanged'],
      );

      const refreshes = client.refreshes.length;
      folder.write('open/t.json', '{ "type": "object" }');
      await client.fileChanged(folder.uri('open/t.json'), FileChangeType.Created);
      await client.waitFor(
        () => (client.refreshes.slice(refreshes).includes('workspace/diagnostic/refresh') ? true : undefined),
        5000,
        'a diagnostic refresh',
      );
      const third = await client.request<Report>('textDocument/diagnostic', {
        textDocument: { uri },
        previousResultId: first.resultId,
      });
      assert.equal(third.kind, 'full');
      assert.deepEqual(summary(third.items!), [at('files.missing', text, '"./t.js"', 'error')]);
      assert.equal(client.published.length, 0, 'a pull client gets no pushed diagnostics');
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });
});
