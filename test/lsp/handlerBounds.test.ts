/**
 * A handler file cannot multiply the server's work: a bundled module that many tools name, nested plugin folders
 * above a handler, a manifest above the workspace folder. Over a real connection; the time bounds are generous (the
 * budgets are the benchmark's), set where each case once took minutes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { LspClient, manifest, tempFolder } from './lspClient';

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
