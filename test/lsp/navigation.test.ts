import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type {
  DocumentLink,
  DocumentSymbol,
  Location,
  LocationLink,
  Range,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { SymbolKind } from 'vscode-languageserver-protocol/node';
import { applyWorkspaceEdit, cursor, manifest, serveManifest, spanOf } from './lspClient';

const text = manifest(`"contributes": {
    "tools": [
      { "id": "count_words", "title": "Count", "description": "D", "schema": "./tools/count.schema.json", "handler": "./tools/count.js", "annotations": { "readOnlyHint": true } },
      { "id": "publish", "title": "Publish", "description": "D", "schema": "./tools/publish.schema.json", "handler": "./tools/publish.js" }
    ],
    "actions": [
      { "id": "count", "title": "Count", "description": "D", "scope": "single-file", "kind": "tool", "toolId": "count_words", "hidden": true },
      { "id": "notes", "title": "Notes", "description": "D", "scope": "multi-file", "prompt": "./prompts/notes.md",
        "params": [ { "id": "per", "label": "L", "type": "per-file-text" } ],
        "generate": { "label": "G", "actionId": "count", "populateParamId": "per", "forwardParamIds": ["per"] } },
      { "id": "recount", "title": "Recount", "description": "D", "scope": "folder", "kind": "tool", "toolId": "count_words" }
    ],
    "settings": { "endpoint": { "type": "string", "title": "Endpoint" } },
    "hooks": { "onAppReady": "./hooks/ready.js" },
    "commands": [ { "id": "hello", "title": "Hello", "handler": "./commands/hello.js" } ],
    "views": [ { "id": "panel", "title": "Panel" } ]
  },
  "permissions": { "fetch": { "settings": ["endpoint"] } }`);

const served = serveManifest(text);
const { uri, folder } = served;

/** The position of the `occurrence`-th `needle`, `offset` characters into it. */
function at(needle: string, offset = 1, occurrence = 0) {
  let index = -1;
  for (let i = 0; i <= occurrence; i++) index = text.indexOf(needle, index + 1);
  assert.ok(index >= 0, needle);
  return cursor(text.slice(0, index + offset) + '|' + text.slice(index + offset)).position;
}
const show = (range: Range) => `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;
const request = <R>(method: string, position: ReturnType<typeof at>, extra: object = {}) =>
  served.client.request<R>(method, { textDocument: { uri }, position, ...extra });

describe('navigation', () => {
  test('definition: toolId → its tool, generate.actionId → its action, fetch.settings → the setting, populateParamId → the param', async () => {
    const [tool] = await request<LocationLink[]>('textDocument/definition', at('"count_words"', 3, 1));
    assert.equal(tool.targetUri, uri);
    assert.equal(show(tool.originSelectionRange!), spanOf(text, '"count_words"', 1));
    assert.equal(show(tool.targetSelectionRange), spanOf(text, '"count_words"', 0));
    assert.equal(
      show(tool.targetRange),
      spanOf(text, text.slice(text.indexOf('{ "id": "count_words"'), text.indexOf('} },') + 3)),
    );

    const [action] = await request<LocationLink[]>('textDocument/definition', at('"actionId": "count"', 14));
    assert.equal(show(action.targetSelectionRange), spanOf(text, '"count"'));
    const [setting] = await request<LocationLink[]>('textDocument/definition', at('["endpoint"]', 3));
    assert.equal(show(setting.targetSelectionRange), spanOf(text, '"endpoint"'));
    const [param] = await request<LocationLink[]>('textDocument/definition', at('"populateParamId": "per"', 20));
    assert.equal(show(param.targetSelectionRange), spanOf(text, '"per"'));
  });

  test('definition: a file path → the file; a declaration or plain text → nothing', async () => {
    const [file] = await request<LocationLink[]>('textDocument/definition', at('./tools/count.schema.json'));
    assert.equal(file.targetUri, folder.uri('plugin/tools/count.schema.json'));
    assert.deepEqual(await request('textDocument/definition', at('"count_words"', 3, 0)), []);
    assert.deepEqual(await request('textDocument/definition', at('"Publish"')), []);
  });

  test('references: a tool id and every toolId that names it', async () => {
    const withDeclaration = await request<Location[]>('textDocument/references', at('"count_words"', 2, 0), {
      context: { includeDeclaration: true },
    });
    assert.deepEqual(
      withDeclaration.map((l) => show(l.range)),
      [0, 1, 2].map((n) => spanOf(text, '"count_words"', n)),
    );
    const fromUse = await request<Location[]>('textDocument/references', at('"count_words"', 2, 2), {
      context: { includeDeclaration: false },
    });
    assert.deepEqual(
      fromUse.map((l) => show(l.range)),
      [1, 2].map((n) => spanOf(text, '"count_words"', n)),
    );
    const action = await request<Location[]>('textDocument/references', at('"id": "count"', 8), {
      context: { includeDeclaration: true },
    });
    assert.deepEqual(
      action.map((l) => show(l.range)),
      [spanOf(text, '"count"'), spanOf(text, '"count"', 1)],
    );
  });

  test('rename: a tool id updates every toolId; an action id every generate.actionId; a name the reference rejects is refused', async () => {
    const prepared = await request<{ range: Range; placeholder: string }>(
      'textDocument/prepareRename',
      at('"count_words"', 4, 1),
    );
    assert.equal(prepared.placeholder, 'count_words');
    assert.equal(show(prepared.range), spanOf(text, 'count_words', 1));
    assert.equal(await request('textDocument/prepareRename', at('"Publish"')), null);

    const edit = await request<WorkspaceEdit>('textDocument/rename', at('"count_words"', 4, 0), {
      newName: 'word_count',
    });
    const renamed = applyWorkspaceEdit(edit, new Map([[uri, text]])).get(uri);
    assert.equal(renamed, text.replace(/"count_words"/g, '"word_count"'));

    const actionEdit = await request<WorkspaceEdit>('textDocument/rename', at('"actionId": "count"', 14), {
      newName: 'count-words',
    });
    assert.equal(
      applyWorkspaceEdit(actionEdit, new Map([[uri, text]])).get(uri),
      text.replace('"id": "count"', '"id": "count-words"').replace('"actionId": "count"', '"actionId": "count-words"'),
    );

    // What an id may be is the validator's: a new name is refused with the message it would give there.
    const refused = (position: ReturnType<typeof at>, newName: string) =>
      request('textDocument/rename', position, { newName });
    await assert.rejects(
      refused(at('"count_words"', 4, 0), 'words.count'),
      /^Error: Cannot rename "count_words" to "words\.count": `contributes\.tools\[0\]\.id` "words\.count" contains a dot, which a tool id must not\. Dots are reserved for namespace prefixes: use an underscore or a hyphen\.$/,
    );
    await assert.rejects(
      refused(at('"id": "count"', 8), 'Count Words'),
      /^Error: Cannot rename "count" to "Count Words": `contributes\.actions\[0\]\.id` "Count Words" is not kebab-case/,
    );
    await assert.rejects(
      refused(at('"count_words"', 4, 0), ''),
      /^Error: Cannot rename "count_words" to "": `contributes\.tools\[0\]\.id` is empty\. The id is the MCP tool name/,
    );
  });

  test('rename to an id another entry of its kind already has is refused, naming that entry', async () => {
    const refused = (position: ReturnType<typeof at>, newName: string) =>
      request('textDocument/rename', position, { newName });
    await assert.rejects(
      refused(at('"count_words"', 4, 0), 'publish'),
      /^Error: Cannot rename "count_words" to "publish": contributes\.tools\[1\] \("Publish"\) already has that id: one name, one tool\.$/,
    );
    // From a reference (a toolId) as from the declaration.
    await assert.rejects(
      refused(at('"count_words"', 4, 2), 'publish'),
      /contributes\.tools\[1\] \("Publish"\) already has that id/,
    );
    await assert.rejects(
      refused(at('"id": "count"', 8), 'recount'),
      /^Error: Cannot rename "count" to "recount": contributes\.actions\[2\] \("Recount"\) already has that id\.$/,
    );
    // Renaming an id to itself changes nothing and is no clash.
    const same = await request<WorkspaceEdit>('textDocument/rename', at('"count_words"', 4, 0), {
      newName: 'count_words',
    });
    assert.equal(applyWorkspaceEdit(same, new Map([[uri, text]])).get(uri), text);
  });

  test('document symbols: the plugin over the whole manifest; under it tools (with their category), actions, settings, hooks, commands, views', async () => {
    const [plugin, ...others] = await served.client.request<DocumentSymbol[]>('textDocument/documentSymbol', {
      textDocument: { uri },
    });
    assert.deepEqual(others, [], 'one root');
    assert.deepEqual(
      [plugin.name, plugin.detail, plugin.kind],
      [JSON.parse(text).name, JSON.parse(text).version, SymbolKind.Package],
    );
    assert.equal(show(plugin.range), spanOf(text, text.trim()), 'the whole manifest');
    assert.equal(show(plugin.selectionRange), spanOf(text, JSON.stringify(JSON.parse(text).name)));
    const symbols = plugin.children!;
    const outline = symbols.map((section) => [
      section.name,
      section.detail,
      section.children!.map((child) => [child.name, child.detail ?? '']),
    ]);
    assert.deepEqual(outline, [
      [
        'tools',
        '2',
        [
          ['count_words', 'read (readOnlyHint: true)'],
          ['publish', 'external (openWorldHint: true, implied by permissions.fetch)'],
        ],
      ],
      [
        'actions',
        '3',
        [
          ['count', 'Count'],
          ['notes', 'Notes'],
          ['recount', 'Recount'],
        ],
      ],
      ['settings', '1', [['endpoint', 'string']]],
      ['hooks', '1', [['onAppReady', '']]],
      ['commands', '1', [['hello', 'Hello']]],
      ['views', '1', [['panel', 'Panel']]],
    ]);
    const publish = symbols[0].children![1];
    assert.equal(show(publish.selectionRange), spanOf(text, '"publish"'));
  });

  test('document links open the files named by schema, handler, prompt, hooks and commands', async () => {
    const links = await served.client.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
    const files = [
      'tools/count.schema.json',
      'tools/count.js',
      'tools/publish.schema.json',
      'tools/publish.js',
      'prompts/notes.md',
      'hooks/ready.js',
      'commands/hello.js',
    ];
    assert.deepEqual(
      links.map((link) => [show(link.range), link.target]),
      files.map((file) => [spanOf(text, `./${file}`), folder.uri(`plugin/${file}`)]),
    );
  });
});
