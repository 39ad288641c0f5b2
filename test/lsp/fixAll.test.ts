import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { CodeAction } from 'vscode-languageserver-protocol/node';
import { runCli } from '../cli/runCli';
import { applyFix } from './fixHelpers';
import { LspClient, tempFolder } from './lspClient';

let client: LspClient;
before(async () => {
  client = await LspClient.start();
});
after(() => client.stop());

const legacyManifest = `{
  "name": "Count Plugin",
  "displayName": "Count",
  "version": "1.0.0",
  "contributes": {
    "tools": [
      {
        "name": "count",
        "title": "Count words",
        "description": "Counts the words in a text file the user names.",
        "handler": "./count.js",
        "parameters": { "type": "object", "properties": { "text": { "type": "string" } } }
      }
    ]
  }
}
`;
const handler = 'module.exports = async (args) => String(args.text).split(/\\s+/).length;\n';

function fixAllActions(uri: string, only: string[]): Promise<CodeAction[]> {
  return client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    context: { diagnostics: [], only },
  });
}

test('the server declares source.fixAll.filer, as "editor.codeActionsOnSave" asks for it', () => {
  const provider = client.initializeResult?.capabilities.codeActionProvider;
  assert.ok(typeof provider === 'object' && provider.codeActionKinds?.includes('source.fixAll.filer'));
});

test('"Fix all" (source.fixAll) makes the same manifest and files as check --fix, and only when asked for', async () => {
  const folder = tempFolder({ 'manifest.json': legacyManifest, 'count.js': handler });
  const cliFolder = tempFolder({ 'manifest.json': legacyManifest, 'count.js': handler });
  try {
    const uri = folder.uri('manifest.json');
    await client.open(uri, legacyManifest);
    await client.diagnostics(uri);
    // A quick-fix request (the light bulb) does not offer it.
    assert.ok((await fixAllActions(uri, ['quickfix'])).every((action) => action.kind === 'quickfix'));
    for (const only of [['source.fixAll'], ['source']]) {
      const actions = await fixAllActions(uri, only);
      assert.deepEqual(
        actions.map((action) => [action.kind, action.title]),
        [['source.fixAll.filer', 'Fix all: apply the 2 fixes that need no choice']],
      );
    }
    const [action] = await fixAllActions(uri, ['source.fixAll.filer']);
    const text = await applyFix(client, uri, action);

    const run = runCli(['check', '--fix', '.'], { cwd: cliFolder.root });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.equal(text, readFileSync(join(cliFolder.root, 'manifest.json'), 'utf8'));
    const schema = 'tools/count.schema.json';
    assert.equal(readFileSync(join(folder.root, schema), 'utf8'), readFileSync(join(cliFolder.root, schema), 'utf8'));
    // Nothing is left to fix: no action.
    assert.deepEqual(await fixAllActions(uri, ['source.fixAll']), []);
  } finally {
    folder.cleanup();
    cliFolder.cleanup();
  }
});
