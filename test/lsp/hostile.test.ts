/**
 * Hostile sizes and shapes over a real connection: a 20 MB manifest beside a small one, 50,000 tools,
 * tool schemas that are huge, circular, nested too deep or not JSON, and referenced paths that are a
 * folder, a symlink out of the folder, /dev/null, a FIFO or unreadable. The server answers, says
 * why, and never blocks on a file.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic, Hover } from 'vscode-languageserver-protocol/node';
import { assertFifoNeverOpened, copyServer, cursor, handlerText, LspClient, manifest, tempFolder } from './lspClient';

/** `code @ path`: which diagnostic, on which field. */
function byField(diagnostics: Diagnostic[]): string[] {
  return diagnostics
    .map((d) => `${d.code} @ ${((d.data as { jsonPath?: (string | number)[] } | undefined)?.jsonPath ?? []).join('.')}`)
    .sort();
}

/** How long a request takes to answer. */
async function timedRequest<R>(client: LspClient, method: string, params: unknown): Promise<{ result: R; ms: number }> {
  const started = performance.now();
  const result = await client.request<R>(method, params);
  return { result, ms: performance.now() - started };
}

const toolLine = (i: number, extra = '') =>
  `{ "id": "tool_${i}", "title": "Tool ${i}", "description": "Counts the words in a text file.", "schema": "./s.json", "handler": "./h.js", "annotations": { "readOnlyHint": true }${extra} }`;

describe('hostile sizes', () => {
  const folder = tempFolder({
    'big/s.json': '{ "type": "object", "properties": {} }\n',
    'big/h.js': handlerText,
    'many/s.json': '{ "type": "object", "properties": {} }\n',
    'many/h.js': handlerText,
    'small/s.json': '{ "type": "object", "properties": {} }\n',
    'small/h.js': handlerText,
  });
  let client: LspClient;
  before(async () => {
    client = await LspClient.start({ workspace: folder.root });
  });
  after(async () => {
    await client.stop();
    folder.cleanup();
  });

  test('a 20 MB manifest gets only its syntax checked and a diagnostic that says why; a small manifest beside it keeps answering', async () => {
    const tools: string[] = [];
    let size = 0;
    for (let i = 0; size < 20 * 1024 * 1024; i++) {
      const line = toolLine(
        i,
        `, "fileExtensions": [".md", ".txt"], "timeout": "30s", "x-padding": "${'p'.repeat(40)}"`,
      );
      tools.push(line);
      size += line.length + 6;
    }
    // A name the rules would refuse, and one syntax error: only the second is reported.
    const big = manifest(`"contributes": { "tools": [\n    ${tools.join(',\n    ')}\n  ] }`)
      .replace('"sample-plugin"', '"Not Kebab"')
      .replace('"id": "tool_7",', '"id": "tool_7"');
    assert.ok(big.length > 20 * 1024 * 1024);
    const bigUri = folder.uri('big/manifest.json');
    const small = cursor(
      manifest(
        `"contributes": { "tools": [ { "id": "summarize", "title": "S", "description": "Counts the words in a text file.", "schema": "./s.json", "handler": "./h.js", "annotations": { "read|OnlyHint": true } } ] }`,
      ),
    );
    const smallUri = folder.uri('small/manifest.json');
    folder.write('small/manifest.json', small.text);
    await client.open(smallUri, small.text);
    assert.deepEqual(await client.diagnostics(smallUri), []);

    await client.open(bigUri, big);
    const latencies: number[] = [];
    const hover = { textDocument: { uri: smallUri }, position: small.position };
    // While the big one is opened and edited (each edit re-checked), the small one answers.
    for (let round = 0; round < 6; round++) {
      if (round % 2 === 1)
        await client.change(bigUri, [
          { range: { start: { line: 2, character: 14 }, end: { line: 2, character: 14 } }, text: ' ' },
        ]);
      const answered = await timedRequest<Hover>(client, 'textDocument/hover', hover);
      assert.match(JSON.stringify(answered.result.contents), /readOnlyHint/);
      const completion = await timedRequest<unknown[]>(client, 'textDocument/completion', hover);
      assert.ok(completion.result.length > 0);
      latencies.push(answered.ms, completion.ms);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const diagnostics = await client.diagnostics(bigUri, (p) => p.version === client.version(bigUri), 60000);
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ['diagnostics.file-too-large', 'json.syntax'],
    );
    assert.match(
      String(diagnostics[0].message),
      /^This manifest is 2\d\.\d MB, more than `filerManifest\.maxFileSize` \(16 MB\), so only its JSON syntax is checked\.$/,
    );
    // A parse of 20 MB takes about a second here; a request waits for at most one.
    const slowest = Math.max(...latencies);
    assert.ok(
      slowest < 5000,
      `the small manifest waited ${slowest.toFixed(0)} ms (all: ${latencies.map((ms) => ms.toFixed(0)).join(', ')})`,
    );
    await client.close(bigUri);
    assert.equal(client.exited, false);
  });

  test('a manifest with 50,000 tools is validated in full, and hover and definition answer on it', async () => {
    const count = 50_000;
    const tools = Array.from({ length: count }, (_, i) => toolLine(i));
    const text = manifest(`"contributes": {
    "tools": [
    ${tools.join(',\n    ')}
    ],
    "actions": [
      { "id": "last", "title": "L", "description": "D", "scope": "single-file", "kind": "tool", "toolId": "tool_${count - 1}" },
      { "id": "typo", "title": "T", "description": "D", "scope": "single-file", "kind": "tool", "toolId": "tool_${count}0" }
    ]
  }`);
    const uri = folder.uri('many/manifest.json');
    folder.write('many/manifest.json', text);
    await client.open(uri, text);
    const diagnostics = await client.diagnostics(uri, undefined, 60000);
    assert.deepEqual(byField(diagnostics), ['actions.tool-id-unknown @ contributes.actions.1.toolId']);

    const lines = text.split('\n');
    const lastToolLine = lines.findIndex((line) => line.includes(`"tool_${count - 1}"`));
    const idColumn = lines[lastToolLine].indexOf(`"tool_${count - 1}"`) + 2;
    const hover = await timedRequest<Hover>(client, 'textDocument/hover', {
      textDocument: { uri },
      position: { line: lastToolLine, character: idColumn },
    });
    assert.match(
      JSON.stringify(hover.result.contents),
      new RegExp(`Approval category \\*\\*read\\*\\*.*tool \`tool_${count - 1}\``),
    );
    const actionLine = lines.findIndex((line) => line.includes('"id": "last"'));
    const definition = await client.request<{ targetSelectionRange: { start: { line: number } } }[]>(
      'textDocument/definition',
      {
        textDocument: { uri },
        position: { line: actionLine, character: lines[actionLine].indexOf(`"tool_${count - 1}"`) + 2 },
      },
    );
    assert.deepEqual(
      definition.map((link) => link.targetSelectionRange.start.line),
      [lastToolLine],
    );
    await client.close(uri);
  });
});

describe('hostile referenced files', () => {
  const outside = tempFolder({
    'secret.js': 'module.exports = "secret";\n',
    'secret.schema.json': '{ "type": "object", "properties": {} }\n',
  });
  const folder = tempFolder({
    'plugin/h.js': handlerText,
    'paths/h.js': handlerText,
    'paths/tools/ok.schema.json': '{ "type": "object", "properties": {} }\n',
  });
  const fifo = join(outside.root, 'never-opened.fifo');
  let client: LspClient;
  before(async () => {
    execFileSync('mkfifo', [fifo]);
    execFileSync('mkfifo', [join(folder.root, 'paths/tools/fifo.schema.json')]);
    client = await LspClient.start({ workspace: folder.root });
  });
  after(async () => {
    await client.stop();
    folder.cleanup();
    outside.cleanup();
  });

  const tool = (id: string, schema: string, handler = './h.js') =>
    `{ "id": "${id}", "title": "T", "description": "Counts the words in a text file.", "schema": "${schema}", "handler": "${handler}", "annotations": { "readOnlyHint": true } }`;

  test('tool schemas that are huge, circular, nested too deep, point outside with $ref, or are not JSON', async () => {
    const deep = 5000;
    folder.write(
      'plugin/tools/huge.schema.json',
      `{ "type": "object", "description": "${'x'.repeat(17 * 1024 * 1024)}", "properties": {} }`,
    );
    folder.write(
      'plugin/tools/loop.schema.json',
      '{ "definitions": { "a": { "$ref": "#/definitions/b" }, "b": { "$ref": "#/definitions/a" } }, "type": "object", "properties": { "p": { "$ref": "#/definitions/a" } } }',
    );
    folder.write(
      'plugin/tools/self.schema.json',
      '{ "$ref": "#", "type": "object", "properties": { "again": { "$ref": "#" } } }',
    );
    folder.write(
      'plugin/tools/away.schema.json',
      JSON.stringify({
        type: 'object',
        properties: { p: { $ref: `file://${fifo}` }, q: { $ref: 'https://example.com/schema.json' } },
      }),
    );
    folder.write(
      'plugin/tools/deep.schema.json',
      '{ "type": "object", "properties": { "a": '.repeat(deep) + '{}' + ' } }'.repeat(deep),
    );
    folder.write('plugin/tools/text.schema.json', 'type: object\n');
    const text = manifest(`"contributes": { "tools": [
    ${tool('huge', './tools/huge.schema.json')},
    ${tool('loop', './tools/loop.schema.json')},
    ${tool('self', './tools/self.schema.json')},
    ${tool('away', './tools/away.schema.json')},
    ${tool('deep', './tools/deep.schema.json')},
    ${tool('text', './tools/text.schema.json')}
  ] }`);
    const uri = folder.uri('plugin/manifest.json');
    await client.open(uri, text);
    const diagnostics = await client.diagnostics(uri);
    assert.deepEqual(byField(diagnostics), [
      'files.not-checked @ contributes.tools.0.schema',
      'tools.schema-invalid @ contributes.tools.4.schema',
      'tools.schema-not-json @ contributes.tools.5.schema',
    ]);
    const message = (code: string) => String(diagnostics.find((d) => d.code === code)!.message);
    assert.equal(
      message('files.not-checked'),
      '`contributes.tools[0].schema` "./tools/huge.schema.json" is 17.0 MiB, more than the 16 MiB the checks read. The tool’s schema is not checked.',
    );
    assert.equal(
      message('tools.schema-invalid'),
      '`contributes.tools[4].schema` "./tools/deep.schema.json" is not a valid JSON Schema (draft-07): it is nested too deeply to check.',
    );
    assert.match(
      message('tools.schema-not-json'),
      /^`contributes\.tools\[5\]\.schema` "\.\/tools\/text\.schema\.json" is not JSON \(/,
    );
    assertFifoNeverOpened(fifo);
    await client.close(uri);
  });

  test('a referenced path that is a folder, a symlink out of the folder, /dev/null through a symlink, or a FIFO: a diagnostic, and nothing opened', async () => {
    mkdirSync(join(folder.root, 'paths/handlers'), { recursive: true });
    symlinkSync(join(outside.root, 'secret.js'), join(folder.root, 'paths/out-link.js'));
    symlinkSync(join(outside.root, 'secret.schema.json'), join(folder.root, 'paths/tools/out-link.schema.json'));
    symlinkSync(fifo, join(folder.root, 'paths/tools/fifo-link.schema.json'));
    symlinkSync('/dev/null', join(folder.root, 'paths/null.js'));
    const text = manifest(`"contributes": { "tools": [
    ${tool('folder', './tools/ok.schema.json', './handlers')},
    ${tool('link', './tools/out-link.schema.json', './out-link.js')},
    ${tool('null', './tools/fifo-link.schema.json', './null.js')},
    ${tool('fifo', './tools/fifo.schema.json')}
  ] }`);
    const uri = folder.uri('paths/manifest.json');
    await client.open(uri, text);
    const diagnostics = await client.diagnostics(uri);
    assert.deepEqual(byField(diagnostics), [
      'files.not-a-file @ contributes.tools.0.handler',
      'files.not-a-file @ contributes.tools.3.schema',
      'files.outside @ contributes.tools.1.handler',
      'files.outside @ contributes.tools.1.schema',
      'files.outside @ contributes.tools.2.handler',
      'files.outside @ contributes.tools.2.schema',
    ]);
    const messages = diagnostics.map((d) => String(d.message));
    assert.ok(
      messages.includes('`contributes.tools[0].handler` "./handlers" names a folder, not the handler module.'),
      messages.join('\n'),
    );
    assert.ok(
      messages.includes(
        '`contributes.tools[3].schema` "./tools/fifo.schema.json" names a device or special file, not the tool’s JSON-Schema file.',
      ),
      messages.join('\n'),
    );
    assert.ok(
      messages.includes(
        '`contributes.tools[2].handler` "./null.js" leads outside the plugin folder through a symbolic link, so it is not read.',
      ),
      messages.join('\n'),
    );
    // Neither FIFO was opened: the server would be blocked in the read, and a writer would find a reader.
    const hover = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 0, character: 0 },
    });
    assert.match(JSON.stringify(hover.contents), /field by field/);
    assertFifoNeverOpened(fifo);
    assertFifoNeverOpened(join(folder.root, 'paths/tools/fifo.schema.json'));
    await client.close(uri);
  });

  test('a tool schema that is a $ref chain of 30,000 links (the server published nothing for the manifest) and a manifest nested 600 deep (shown nothing): each gets its finding, and its other diagnostics', async () => {
    const definitions: Record<string, unknown> = {};
    for (let i = 0; i < 30_000; i++)
      definitions[`d${i}`] = i + 1 < 30_000 ? { $ref: `#/definitions/d${i + 1}` } : { type: 'string' };
    folder.write(
      'chain/tools/chain.schema.json',
      JSON.stringify({ type: 'object', definitions, properties: { source: { $ref: '#/definitions/d0' } } }),
    );
    folder.write('chain/h.js', 'module.exports = async () => "";\n');
    const chainUri = folder.uri('chain/manifest.json');
    await client.open(
      chainUri,
      manifest(`"contributes": { "tools": [ ${tool('chain', './tools/chain.schema.json')} ] }, "autor": "x"`),
    );
    assert.deepEqual(byField(await client.diagnostics(chainUri)), [
      'manifest.unknown-key @ autor',
      'tools.schema-ref-chain @ contributes.tools.0.schema',
    ]);
    const deepUri = folder.uri('deep/manifest.json');
    const deep = `{ "name": "Not Kebab", "displayName": "D", "version": "1.0.0", "contributes": {}, "x": ${'['.repeat(600)}${']'.repeat(600)} }`;
    await client.open(deepUri, deep);
    const diagnostics = await client.diagnostics(deepUri);
    assert.deepEqual(diagnostics.map((d) => d.code).sort(), ['json.too-deep', 'manifest.name', 'manifest.unknown-key']);
    const status = await client.request<{ recognized: boolean }>('filer/manifestStatus', { uri: deepUri });
    assert.equal(status.recognized, true);
    await client.close(chainUri);
    await client.close(deepUri);
  });

  test('a schema nobody may read (mode 000): root reads it, another user gets files.unreadable', async (t) => {
    if (process.platform === 'win32') return t.skip('file modes cannot make a file unreadable on Windows');
    const locked = tempFolder({
      'plugin/h.js': handlerText,
      'plugin/locked.schema.json': '{ "type": "object", "properties": {} }\n',
    });
    const text = manifest(`"contributes": { "tools": [ ${tool('locked', './locked.schema.json')} ] }`);
    // The server as a user the mode applies to, from a copy of the bundle that user can read.
    const server = copyServer(locked.root);
    for (const path of [locked.root, join(locked.root, 'plugin')]) chmodSync(path, 0o755);
    chmodSync(join(locked.root, 'plugin/locked.schema.json'), 0o000);
    const uri = locked.uri('plugin/manifest.json');
    const asRoot = process.getuid?.() === 0;
    const other = asRoot
      ? await LspClient.start({ workspace: locked.root, server, user: { uid: 65534, gid: 65534 } })
      : undefined;
    try {
      if (asRoot) {
        await client.open(uri, text);
        assert.deepEqual(await client.diagnostics(uri), [], 'root reads a file whatever its mode');
        await client.close(uri);
      }
      const unprivileged = other ?? client;
      await unprivileged.open(uri, text);
      const diagnostics = await unprivileged.diagnostics(uri);
      assert.deepEqual(
        diagnostics.map((d) => [d.code, d.message]),
        [
          [
            'files.unreadable',
            '`contributes.tools[0].schema` "./locked.schema.json" cannot be read: permission denied.',
          ],
        ],
      );
    } finally {
      await other?.stop();
      locked.cleanup();
    }
  });
});
