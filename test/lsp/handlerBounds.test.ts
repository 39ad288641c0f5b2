/**
 * A handler file cannot multiply the server's work: a bundled module that many tools name, nested plugin folders
 * above a handler, a manifest above the workspace folder. Over a real connection; the time bounds are generous (the
 * budgets are the benchmark's), set where each case once took minutes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic, DocumentDiagnosticReport } from 'vscode-languageserver-protocol/node';
import { vscodeCapabilities } from './clientCapabilities';
import { LspClient, manifest, pollUntil, tempFolder } from './lspClient';

/** Two diagnostics are one finding when they say the same thing at the same place. */
function duplicatesIn(diagnostics: Diagnostic[]): string[] {
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const { code, range, message } of diagnostics) {
    const key = `${code} ${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character} ${message}`;
    if (seen.has(key)) duplicates.push(key);
    seen.add(key);
  }
  return duplicates;
}

test('a bundled handler that 1,000 tools name: its diagnostics, and those of an edit, each within seconds', async () => {
  const tools = 1000;
  const uses = 3000;
  const files: Record<string, string> = {};
  const entries = Array.from({ length: tools }, (_, i) => {
    files[`plugin/tools/t${i}.schema.json`] = JSON.stringify({
      type: 'object',
      additionalProperties: false,
      properties: { path: { type: 'string', format: 'file-path' } },
    });
    return `{ "id": "tool_${i}", "title": "Tool ${i}", "description": "Reads.", "schema": "tools/t${i}.schema.json", "handler": "dist/bundle.js", "annotations": { "readOnlyHint": true } }`;
  });
  files['plugin/manifest.json'] = manifest(`"contributes": { "tools": [\n    ${entries.join(',\n    ')}\n  ] }`);
  // Each tool's handler is the one module; each line a use the manifest does not permit, and an unknown argument.
  const bundle = `module.exports = async (args, ctx) => {\n${'  await ctx.fs.read(args.pth);\n'.repeat(uses)}};\n`;
  files['plugin/dist/bundle.js'] = bundle;
  const folder = tempFolder(files);
  // Every finding listed: 1,000 summaries in the manifest, 6,000 in the handler.
  const client = await LspClient.start({ workspace: folder.root, settings: { maxDiagnostics: 10000 } });
  try {
    const uri = folder.uri('plugin/dist/bundle.js');
    // 1,000 tools × 3,000 uses: over 20 s for the first list before a module was looked at once for all its tools.
    await client.open(uri, bundle, 1, 'javascript');
    const opened = await client.diagnostics(
      uri,
      (params) => params.version === 1 && params.diagnostics.length > 0,
      20000,
    );
    assert.ok(opened.some((d) => d.code === 'handlers.undeclared-permission'));
    assert.ok(opened.some((d) => d.code === 'handlers.unknown-argument'));
    assert.deepEqual(duplicatesIn(opened), [], 'each finding once, however many tools name the module');
    // A keystroke: the module is read and parsed again once, for every tool.
    const edited = await client.change(uri, [
      { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: ' ' },
    ]);
    const after = await client.diagnostics(uri, (params) => params.version === edited, 20000);
    assert.equal(after.length, opened.length);
  } finally {
    await client.stop();
    folder.cleanup();
  }
});

/** A plugin folder's manifest with one tool whose handler is `handler` (relative to it), and these permissions. */
function pluginNaming(handler: string, permissions: string, padding = ''): string {
  const tool = `{ "id": "read", "title": "Read", "description": "Reads.", "schema": "${handler.replace(/\.js$/, '.schema.json')}", "handler": "${handler}", "annotations": { "readOnlyHint": true } }`;
  return manifest(`"permissions": ${permissions},\n  "contributes": { "tools": [${tool}] }${padding}`);
}

const readingHandler =
  "module.exports = async (args, ctx) => {\n  await ctx.fs.read(args.path);\n  ctx.toast('read');\n};\n";
const readingSchema = JSON.stringify({ type: 'object', properties: { path: { type: 'string', format: 'file-path' } } });

/** The handler's diagnostics as a pulling client (VS Code) is given them. */
async function pulled(client: LspClient, uri: string): Promise<Diagnostic[]> {
  const report = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } });
  assert.equal(report.kind, 'full');
  return report.kind === 'full' ? report.items : [];
}

test('40 nested plugin folders of 1 MB manifests that all name a handler: its findings once, from the nearest manifest, an edit within seconds', async () => {
  const levels = 40;
  const folders = Array.from({ length: levels }, (_, i) => `l${i}`);
  const files: Record<string, string> = {};
  const padding = `,\n  "description": "${'x'.repeat(1024 * 1024)}"`;
  for (let level = 0; level < levels; level++) {
    const below = [...folders.slice(level + 1), 'read.js'].join('/');
    // The nearest declares toast; the others declare nothing, so their findings would differ.
    const permissions = level === levels - 1 ? '{ "toast": true }' : '{}';
    files[`${folders.slice(0, level + 1).join('/')}/manifest.json`] = pluginNaming(below, permissions, padding);
  }
  const handlerPath = `${folders.join('/')}/read.js`;
  files[handlerPath] = readingHandler;
  files[handlerPath.replace(/\.js$/, '.schema.json')] = readingSchema;
  const folder = tempFolder(files);
  const client = await LspClient.start({ workspace: folder.root, capabilities: vscodeCapabilities });
  try {
    const uri = folder.uri(handlerPath);
    await client.open(uri, readingHandler, 1, 'javascript');
    // 40 manifests read for each request, and each finding listed once per manifest: 80 copies of 2 findings.
    const opened = await pollUntil(
      async () => {
        const items = await pulled(client, uri);
        return items.length > 0 ? items : undefined;
      },
      'the handler’s diagnostics',
      20000,
    );
    assert.deepEqual(
      opened.map((d) => `${d.code} ${d.message}`),
      [
        'handlers.undeclared-permission `ctx.fs.read` needs `permissions.fs.read`, which the manifest does not declare, so calling it throws a "not-declared" permission error.',
      ],
    );
    await client.change(uri, [
      { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, text: ' ' },
    ]);
    const started = Date.now();
    assert.equal((await pulled(client, uri)).length, 1);
    // Every manifest read and parsed again on each keystroke took 9 to 11 s.
    assert.ok(Date.now() - started < 5000, `an edit's diagnostics took ${Date.now() - started} ms`);
  } finally {
    await client.stop();
    folder.cleanup();
  }
});

test('a handler named only by a manifest above the workspace folder gets nothing, unless that manifest is open', async () => {
  const folder = tempFolder({
    'plugin/manifest.json': pluginNaming('tools/read.js', '{}'),
    'plugin/tools/read.js': readingHandler,
    'plugin/tools/read.schema.json': readingSchema,
  });
  // The workspace is the plugin's tools folder: its manifest lies outside.
  const client = await LspClient.start({ workspace: `${folder.root}/plugin/tools`, capabilities: vscodeCapabilities });
  try {
    const uri = folder.uri('plugin/tools/read.js');
    await client.open(uri, readingHandler, 1, 'javascript');
    assert.deepEqual(await pulled(client, uri), [], 'a manifest outside the workspace folder is not read');
    // Opened in the editor, it names the handler: its findings show there.
    const manifestUri = folder.uri('plugin/manifest.json');
    await client.open(manifestUri, pluginNaming('tools/read.js', '{}'));
    assert.deepEqual(
      (await pulled(client, uri)).map((d) => d.code),
      ['handlers.undeclared-permission', 'handlers.undeclared-permission'],
    );
  } finally {
    await client.stop();
    folder.cleanup();
  }
});
