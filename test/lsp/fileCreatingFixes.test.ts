// The fixes that make a file (the legacy tool shape, "Create <file>"), shaped for what each client can
// apply: CreateFile for clients that declare resourceOperations "create" (VS Code, Helix, and Neovim,
// which does not declare documentChanges), the new file's text as an edit of its URI for Eglot 1.9,
// which cannot create files. Every file starts as a skeleton. The real editors apply them in test/clients/.
import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  ClientCapabilities,
  CodeAction,
  FullDocumentDiagnosticReport,
  TextDocumentEdit,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import type { RuleCode } from '../../server/src/engine';
import { realClients } from './clientCapabilities';
import { fixturesRoot, LspClient, tempFolder } from './lspClient';

// What each client declares about workspace edits (from their sources: Neovim 0.7.2
// runtime/lua/vim/lsp/protocol.lua, Eglot 1.9 eglot-client-capabilities); the rest as they declare it
// where the server reads it.
const neovim: ClientCapabilities = {
  workspace: {
    applyEdit: true,
    configuration: true,
    workspaceFolders: true,
    workspaceEdit: { resourceOperations: ['rename', 'create', 'delete'] },
  },
  textDocument: {
    completion: { completionItem: { snippetSupport: false } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
  },
};
const eglot: ClientCapabilities = {
  workspace: {
    applyEdit: true,
    configuration: true,
    workspaceFolders: true,
    workspaceEdit: { documentChanges: true },
    didChangeWatchedFiles: { dynamicRegistration: true },
  },
  textDocument: { completion: { completionItem: { snippetSupport: false } }, hover: { contentFormat: ['plaintext'] } },
};
const plainChanges: ClientCapabilities = { workspace: { applyEdit: true } };

const fixture = join(fixturesRoot, 'legacy-tools');
const golden = (name: string, file: string) => readFileSync(join(fixture, name, file), 'utf8');
const oneToolTitle =
  'Use the current tool shape: rename "name" to "id" and move its parameters to ./tools/count_words.schema.json';

async function withLegacyFixture(
  capabilities: ClientCapabilities,
  check: (client: LspClient, uri: string, folder: ReturnType<typeof tempFolder>) => Promise<void>,
) {
  const folder = tempFolder();
  cpSync(join(fixture, 'input'), folder.root, { recursive: true });
  cpSync(join(folder.root, 'manifest.fixture.json'), join(folder.root, 'manifest.json'));
  const client = await LspClient.start({ workspace: folder.root, capabilities });
  try {
    const uri = folder.uri('manifest.json');
    await client.open(uri, readFileSync(join(folder.root, 'manifest.json'), 'utf8'));
    await check(client, uri, folder);
  } finally {
    await client.stop();
    folder.cleanup();
  }
}

async function fixesFor(client: LspClient, uri: string, code: RuleCode): Promise<CodeAction[]> {
  const diagnostic = (await client.diagnostics(uri)).find((d) => d.code === code);
  assert.ok(diagnostic, `a ${code} diagnostic`);
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic] },
  });
  return withoutSuppressions(actions);
}

/** The fixes, without "Suppress <code> in filer-manifest.config.json" (test/lsp/suppressInConfig.test.ts has it). */
function withoutSuppressions(actions: CodeAction[]): CodeAction[] {
  return actions.filter((action) => !action.title.startsWith('Suppress '));
}

function titled(actions: CodeAction[], title: string): CodeAction {
  const action = actions.find((candidate) => candidate.title === title);
  assert.ok(action, `a fix titled ${title} among: ${actions.map((a) => a.title).join(' | ')}`);
  return action;
}

/**
 * Applies text edits to texts by URI, a file that does not exist starting empty (a new buffer, as Eglot and Neovim open
 * it).
 */
function applyTextEdits(edits: Map<string, TextEdit[]>, texts: Map<string, string>): Map<string, string> {
  const results = new Map<string, string>();
  for (const [uri, changes] of edits)
    results.set(uri, TextDocument.applyEdits(TextDocument.create(uri, 'json', 0, texts.get(uri) ?? ''), changes));
  return results;
}

function textEditsOf(edit: WorkspaceEdit): Map<string, TextEdit[]> {
  if (edit.changes) return new Map(Object.entries(edit.changes));
  const writes = (edit.documentChanges ?? []).filter((change): change is TextDocumentEdit => 'textDocument' in change);
  return new Map(writes.map((change) => [change.textDocument.uri, change.edits as TextEdit[]]));
}

describe('fixes that make a file, for each client', () => {
  test('Neovim (resourceOperations "create", no documentChanges): the legacy fix is offered, with CreateFile in documentChanges', async () => {
    await withLegacyFixture(neovim, async (client, uri, folder) => {
      const actions = await fixesFor(client, uri, 'tools.legacy-shape');
      assert.deepEqual(
        actions.map((a) => a.title),
        [oneToolTitle, 'Fix all legacy tools in this file (2)'],
      );
      const schema = folder.uri('tools/count_words.schema.json');
      const changes = titled(actions, oneToolTitle).edit!.documentChanges!;
      assert.deepEqual(changes[0], {
        kind: 'create',
        uri: schema,
        options: { overwrite: false, ignoreIfExists: false },
      });
      assert.deepEqual(
        changes.slice(1).map((change) => (change as TextDocumentEdit).textDocument),
        [
          { uri: schema, version: null },
          { uri, version: 1 },
        ],
      );
      const texts = applyTextEdits(
        textEditsOf({ documentChanges: changes.slice(1) }),
        new Map([[uri, client.text(uri)]]),
      );
      assert.equal(texts.get(uri), golden('expected-one', 'manifest.fixture.json'));
      assert.equal(texts.get(schema), golden('expected-one', 'tools/count_words.schema.json'));
    });
  });

  test('Eglot (documentChanges, cannot create files): the legacy fix is offered, the new file written as an edit of its URI', async () => {
    await withLegacyFixture(eglot, async (client, uri, folder) => {
      const actions = await fixesFor(client, uri, 'tools.legacy-shape');
      assert.deepEqual(
        actions.map((a) => a.title),
        [oneToolTitle, 'Fix all legacy tools in this file (2)'],
      );
      const schema = folder.uri('tools/count_words.schema.json');
      const edit = titled(actions, oneToolTitle).edit!;
      assert.equal(
        edit.documentChanges!.some((change) => 'kind' in change),
        false,
        'no resource operation',
      );
      assert.deepEqual(
        edit.documentChanges!.map((change) => (change as TextDocumentEdit).textDocument),
        [
          { uri: schema, version: null },
          { uri, version: 1 },
        ],
      );
      const texts = applyTextEdits(textEditsOf(edit), new Map([[uri, client.text(uri)]]));
      assert.equal(texts.get(uri), golden('expected-one', 'manifest.fixture.json'));
      assert.equal(texts.get(schema), golden('expected-one', 'tools/count_words.schema.json'));

      const all = titled(actions, 'Fix all legacy tools in this file (2)').edit!;
      const allTexts = applyTextEdits(textEditsOf(all), new Map([[uri, client.text(uri)]]));
      assert.equal(allTexts.get(uri), golden('expected-all', 'manifest.fixture.json'));
      for (const file of ['tools/count_words.schema.json', 'tools/summarize-2.schema.json'])
        assert.equal(allTexts.get(folder.uri(file)), golden('expected-all', file), file);
    });
  });

  test('a client with plain `changes` only: the same fallback, both files in `changes`', async () => {
    await withLegacyFixture(plainChanges, async (client, uri, folder) => {
      const edit = titled(await fixesFor(client, uri, 'tools.legacy-shape'), oneToolTitle).edit!;
      assert.equal(edit.documentChanges, undefined);
      assert.deepEqual(Object.keys(edit.changes!).sort(), [uri, folder.uri('tools/count_words.schema.json')].sort());
      const texts = applyTextEdits(textEditsOf(edit), new Map([[uri, client.text(uri)]]));
      assert.equal(texts.get(uri), golden('expected-one', 'manifest.fixture.json'));
    });
  });

  test('"Create <file>": every real client gets the skeletons (created where it can create files, an edit of the new path where it cannot)', async () => {
    const tool =
      '{ "id": "t", "title": "T", "description": "D", "schema": "./tools/t.schema.json", "handler": "./tools/t.js", "annotations": {} }';
    const other =
      '{ "id": "u", "title": "U", "description": "D", "schema": "./tools/u.schema.json", "handler": "./tools/u.js", "annotations": {} }';
    const action =
      '{ "id": "ask", "title": "Ask", "description": "D", "scope": "single-file", "prompt": "./prompts/ask.md", "params": [{ "id": "question", "label": "Q", "type": "text" }] }';
    // Four spaces, as the manifest indents: the skeletons follow it.
    const text = JSON.stringify({ name: 'p', displayName: 'P', version: '1.0.0' }, null, 4).replace(
      /\n\}$/,
      `,\n    "contributes": { "tools": [${tool}, ${other}], "actions": [${action}] }\n}`,
    );
    const expected = new Map([
      [
        'tools/u.schema.json',
        '{\n    "$schema": "http://json-schema.org/draft-07/schema#",\n    "type": "object",\n    "properties": {}\n}\n',
      ],
      [
        'tools/t.js',
        "'use strict';\n\nmodule.exports = async ({ path, width }, ctx) => {\n    // The tool's work. A string reaches the agent verbatim; any other value is JSON.stringify'd.\n    return `path: ${path}, width: ${width}`;\n};\n",
      ],
      [
        'tools/u.js',
        "'use strict';\n\nmodule.exports = async (args, ctx) => {\n    // The tool's work. A string reaches the agent verbatim; any other value is JSON.stringify'd.\n    return JSON.stringify(args);\n};\n",
      ],
      ['prompts/ask.md', 'Read {{file}} and …\n\nquestion: {{params.question}}\n'],
    ]);
    for (const { name, capabilities } of realClients) {
      const creates = capabilities.workspace?.workspaceEdit?.resourceOperations?.includes('create') ?? false;
      const folder = tempFolder({
        'tools/t.schema.json': JSON.stringify({
          type: 'object',
          properties: { path: { type: 'string' }, width: { type: 'integer' } },
        }),
      });
      const client = await LspClient.start({ workspace: folder.root, capabilities });
      try {
        const uri = folder.uri('manifest.json');
        await client.open(uri, text);
        const diagnostics = capabilities.textDocument?.diagnostic
          ? (await client.request<FullDocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } }))
              .items
          : await client.diagnostics(uri);
        const missing = diagnostics.filter((d) => d.code === 'files.missing');
        assert.equal(missing.length, expected.size, name);
        for (const diagnostic of missing) {
          const actions = withoutSuppressions(
            await client.request<CodeAction[]>('textDocument/codeAction', {
              textDocument: { uri },
              range: diagnostic.range,
              context: { diagnostics: [diagnostic] },
            }),
          );
          assert.equal(actions.length, 1, `${name}: ${diagnostic.message}`);
          const [filePath] = [...expected.keys()].filter((path) => actions[0].title === `Create ${path}`);
          assert.ok(filePath, `${name}: ${actions[0].title}`);
          const edit = actions[0].edit!;
          const fileUri = folder.uri(filePath);
          const operations = (edit.documentChanges ?? []).filter((change) => 'kind' in change);
          assert.deepEqual(
            operations,
            creates ? [{ kind: 'create', uri: fileUri, options: { overwrite: false, ignoreIfExists: false } }] : [],
            name,
          );
          assert.equal(
            applyTextEdits(textEditsOf(edit), new Map()).get(fileUri),
            expected.get(filePath),
            `${name}: ${filePath}`,
          );
        }
      } finally {
        await client.stop();
        folder.cleanup();
      }
    }
  });
});
