import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type {
  CompletionItem,
  CompletionList,
  Hover,
  MarkupContent,
  WorkspaceDiagnosticReport,
} from 'vscode-languageserver-protocol/node';
import { realClients } from './clientCapabilities';
import { LspClient, manifest, pollUntil, tempFolder } from './lspClient';

/**
 * Hover and completion in a handler, and workspace diagnostics with the handlers' findings, over a real connection
 * (issue 26).
 */

const schema = JSON.stringify({
  type: 'object',
  additionalProperties: false,
  properties: { path: { type: 'string', format: 'file-path', description: 'The file to save.' } },
});
const handler =
  "module.exports = async (args, ctx) => {\n  await ctx.fs.write(args.path, 'x');\n  return args.pth;\n};\n";
const manifestText = manifest(
  `"permissions": { "toast": true },\n  "contributes": { "tools": [{ "id": "save", "title": "Save", "description": "Saves.", "schema": "tools/save.schema.json", "handler": "tools/save.js", "annotations": { "readOnlyHint": false } }] }`,
);
const files = {
  'plugin/manifest.json': manifestText,
  'plugin/tools/save.schema.json': schema,
  'plugin/tools/save.js': handler,
};

const itemsOf = (result: CompletionItem[] | CompletionList | null) =>
  Array.isArray(result) ? result : (result?.items ?? []);

for (const { name, capabilities } of realClients) {
  describe(`hover and completion in a handler with ${name}'s capabilities`, () => {
    test('hover on args.path shows the schema property; completion after ctx. and args. offers what we know, nothing elsewhere', async () => {
      const folder = tempFolder(files);
      const client = await LspClient.start({ workspace: folder.root, capabilities });
      try {
        const uri = folder.uri('plugin/tools/save.js');
        await client.open(uri, handler, 1, 'javascript');
        const hover = await client.request<Hover | null>('textDocument/hover', {
          textDocument: { uri },
          position: { line: 1, character: 27 },
        });
        assert.ok(hover, 'a hover on args.path');
        const value = (hover.contents as MarkupContent).value;
        assert.match(
          value,
          /path.*: an argument of the tool's schema \(string, format file-path\)\.\n\nThe file to save\./s,
        );
        assert.deepEqual(hover.range, { start: { line: 1, character: 26 }, end: { line: 1, character: 30 } });
        // Not on ctx, not on the typo (its warning says it), not on await.
        for (const character of [10, 2]) {
          assert.equal(
            await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character } }),
            null,
          );
        }
        assert.equal(
          await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 14 } }),
          null,
        );

        // Typing `ctx.` on a new line: a syntax error, read by the tolerant parser.
        const typing = handler.replace('  return args.pth;', '  ctx.\n  args.');
        await client.replaceText(uri, typing);
        const ctxItems = itemsOf(
          await client.request('textDocument/completion', {
            textDocument: { uri },
            position: { line: 2, character: 6 },
          }),
        );
        assert.deepEqual(
          ctxItems.map((item) => item.label),
          [
            'toast',
            'store',
            'log',
            'settings',
            'renderHtmlToPdf',
            'triggerInbound',
            'listChannels',
            'getSessionHistory',
            'respondToHitl',
            'ai',
            'session',
            'channels',
            'fs',
          ],
        );
        const fs = ctxItems.find((item) => item.label === 'fs')!;
        assert.equal(fs.detail, 'needs permissions.fs.write, permissions.fs.read, permissions.fs.list (not declared)');
        assert.match(
          String((fs.documentation as MarkupContent).value),
          /^`ctx\.fs\.write` needs `permissions\.fs\.write`, which the manifest does not declare, so calling it throws a "not-declared" permission error\./,
        );
        assert.equal(ctxItems.find((item) => item.label === 'toast')!.detail, 'needs permissions.toast');
        const argItems = itemsOf(
          await client.request('textDocument/completion', {
            textDocument: { uri },
            position: { line: 3, character: 7 },
          }),
        );
        assert.deepEqual(
          argItems.map((item) => [item.label, item.detail]),
          [['path', 'string, format file-path']],
        );
        // Elsewhere in the handler: nothing from us (the TypeScript server answers there).
        assert.deepEqual(
          itemsOf(
            await client.request('textDocument/completion', {
              textDocument: { uri },
              position: { line: 1, character: 4 },
            }),
          ),
          [],
        );
      } finally {
        await client.stop();
        folder.cleanup();
      }
    });
  });
}

describe('workspace diagnostics', () => {
  test('a workspace pull reports the findings in each handler the manifests name, unchanged when nothing changed, emptied when fixed', async () => {
    const folder = tempFolder(files);
    const client = await LspClient.start({ workspace: folder.root, capabilities: realClients[0].capabilities });
    try {
      const handlerUri = folder.uri('plugin/tools/save.js');
      const manifestUri = folder.uri('plugin/manifest.json');
      const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
      const handlerItem = report.items.find((item) => item.uri === handlerUri);
      assert.ok(handlerItem && handlerItem.kind === 'full', 'the handler has a full report');
      assert.deepEqual(
        handlerItem.items.map((d) => d.code),
        ['handlers.undeclared-permission', 'handlers.unknown-argument'],
      );
      assert.ok(report.items.some((item) => item.uri === manifestUri));

      const previousResultIds = report.items.flatMap((item) =>
        item.resultId ? [{ uri: item.uri, value: item.resultId }] : [],
      );
      const again = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds });
      assert.deepEqual(again.items.map((item) => [item.uri, item.kind]).sort(), [
        [manifestUri, 'unchanged'],
        [handlerUri, 'unchanged'],
      ]);

      // The handler fixed on disk: its report empties.
      folder.write('plugin/tools/save.js', 'module.exports = async (args, ctx) => args.path;\n');
      await client.fileChanged(handlerUri, 2);
      const fixed = await pollUntil(async () => {
        const answer = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds });
        const item = answer.items.find((candidate) => candidate.uri === handlerUri);
        return item?.kind === 'full' ? item : undefined;
      }, 'the handler reported again');
      assert.deepEqual(fixed.items, []);
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });
});
