import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PublishDiagnosticsParams, WorkspaceDiagnosticReport } from 'vscode-languageserver-protocol/node';
import { realClients } from './clientCapabilities';
import { LspClient, manifest, tempFolder } from './lspClient';

/**
 * One handler can fail only itself, with each real client's capabilities: a handler acorn-loose threw on ("C:\8bit")
 * ended the server when it was opened and closed, and stopped the workspace scan at its plugin, so that the plugins
 * after it got no diagnostics.
 */

const schema = JSON.stringify({ type: 'object', properties: { path: { type: 'string', format: 'file-path' } } });
const oneTool = manifest(
  `"contributes": { "tools": [{ "id": "t", "title": "T", "description": "Reads a file.", "schema": "tools/t.schema.json", "handler": "tools/t.js", "annotations": { "readOnlyHint": true } }] }`,
);
const windowsPath =
  'module.exports = async (args, ctx) => {\n  const dir = "C:\\8bit";\n  return ctx.fs.read(dir\n};\n';
const reads = 'module.exports = async (args, ctx) => ctx.fs.read(args.path);\n';
const plugins = ['a-first', 'b-windows', 'c-last'];

for (const { name, capabilities } of realClients) {
  const workspacePull = capabilities.workspace?.diagnostics !== undefined;
  describe(`one handler fails only itself, with ${name}'s capabilities`, () => {
    test('the plugins scanned after a handler the parser threw on get their diagnostics; opening and closing it leaves the server answering', async () => {
      const folder = tempFolder(
        Object.fromEntries(
          plugins.flatMap((plugin) => [
            [`${plugin}/manifest.json`, oneTool],
            [`${plugin}/tools/t.schema.json`, schema],
            [`${plugin}/tools/t.js`, plugin === 'b-windows' ? windowsPath : reads],
          ]),
        ),
      );
      const client = await LspClient.start({ workspace: folder.root, capabilities });
      try {
        const manifests = plugins.map((plugin) => folder.uri(`${plugin}/manifest.json`));
        // Every manifest has its own finding (the undeclared ctx.fs.read), whichever way the client gets them.
        const undeclared = (items: { code?: unknown }[]) => items.some((d) => d.code === 'permissions.undeclared-use');
        if (workspacePull) {
          const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', {
            previousResultIds: [],
          });
          for (const uri of manifests) {
            const item = report.items.find((found) => found.uri === uri);
            assert.ok(item?.kind === 'full' && undeclared(item.items), `${uri}: ${JSON.stringify(item)}`);
          }
        }
        const handler = folder.uri('b-windows/tools/t.js');
        for (let round = 0; round < 3; round++) {
          await client.open(handler, windowsPath, 1, 'javascript');
          await client.close(handler);
        }
        // Still answering: an open manifest after it gets its diagnostics.
        const last = manifests[2];
        await client.open(last, oneTool);
        const published = (params: PublishDiagnosticsParams) => undeclared(params.diagnostics);
        const found = capabilities.textDocument?.diagnostic
          ? (
              await client.request<{ kind: string; items: { code?: unknown }[] }>('textDocument/diagnostic', {
                textDocument: { uri: last },
              })
            ).items
          : await client.diagnostics(last, published);
        assert.ok(undeclared(found), JSON.stringify(found));
        assert.deepEqual(
          client.logs.filter((line) => /uncaught|unhandled/i.test(line)),
          [],
        );
      } finally {
        await client.stop();
        folder.cleanup();
      }
    });
  });
}
