import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { CompletionItem, CompletionList } from 'vscode-languageserver-protocol/node';
import { LspClient, tempFolder } from './lspClient';

/**
 * A key being typed in a clean manifest: the rest of its object is still read, so what it declares is not reported
 * as missing (one `"` in `permissions` put 17 "not declared" warnings in the handlers and 13 in the manifest), and
 * completion offers only the keys the object does not have.
 */

const example = join(__dirname, '../../../examples/word-count');
const folder = tempFolder();
const manifestText = readFileSync(join(example, 'manifest.json'), 'utf8');
const uri = folder.uri('manifest.json');
let client: LspClient;

before(async () => {
  cpSync(example, folder.root, { recursive: true });
  client = await LspClient.start({ workspace: folder.root });
});
after(async () => {
  await client.stop();
  folder.cleanup();
});

const permissionsOpen = manifestText.indexOf('"permissions": {') + '"permissions": {'.length;

for (const typed of ['"', '"st', '"st"', '"st":', '"st": t']) {
  test(`typing ${typed} on a line of its own in permissions: one syntax error, nothing else`, async () => {
    const text = `${manifestText.slice(0, permissionsOpen)}\n    ${typed}${manifestText.slice(permissionsOpen)}`;
    await client.open(uri, text);
    const diagnostics = await client.diagnostics(uri);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range.start.line]),
      [['json.syntax', text.slice(0, permissionsOpen).split('\n').length]],
    );
    const line = text.slice(0, permissionsOpen).split('\n').length;
    const result = await client.request<CompletionItem[] | CompletionList | null>('textDocument/completion', {
      textDocument: { uri },
      position: { line, character: 4 + typed.length },
    });
    const labels = (Array.isArray(result) ? result : (result?.items ?? [])).map((item) => item.label);
    for (const declared of ['fs', 'store', 'settings', 'toast', 'log', 'execution'])
      assert.ok(!labels.includes(declared), `${declared} is declared already: ${labels.join(', ')}`);
    // Before the colon the key is completed, with the keys not yet declared; after it, its value.
    if (!typed.includes(':')) assert.ok(labels.includes('fetch'), `the keys not yet declared: ${labels.join(', ')}`);
    await client.close(uri);
  });
}
