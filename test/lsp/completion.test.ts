import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem, CompletionList, TextEdit } from 'vscode-languageserver-protocol/node';
import { cursor, editorCapabilities, handlerText, LspClient, tempFolder } from './lspClient';

const folder = tempFolder({
  'plugin/tools/count.schema.json': '{}',
  'plugin/tools/count.js': handlerText,
  'plugin/prompts/summarize.md': 'Summarize {{file}}.',
  'plugin/README.txt': '',
  'plugin/node_modules/dep/index.js': handlerText,
});
const uri = folder.uri('plugin/manifest.json');
let client: LspClient;
let opened = false;

before(async () => {
  client = await LspClient.start({ workspace: folder.root });
});
after(async () => {
  await client.stop();
  folder.cleanup();
});

/** Completion at the `|` of `source`, as the document's whole text. */
async function complete(source: string, target = uri): Promise<CompletionItem[]> {
  const { text, position } = cursor(source);
  if (target === uri && opened) await client.replaceText(uri, text);
  else {
    await client.open(target, text);
    if (target === uri) opened = true;
  }
  const result = await client.request<CompletionItem[] | CompletionList | null>('textDocument/completion', {
    textDocument: { uri: target },
    position,
  });
  return Array.isArray(result) ? result : (result?.items ?? []);
}

const labels = (items: CompletionItem[]) => items.map((item) => item.label);
const byLabel = (items: CompletionItem[], label: string) => {
  const item = items.find((candidate) => candidate.label === label);
  assert.ok(item, `a proposal labelled ${label} among ${labels(items).join(', ')}`);
  return item;
};
const inserted = (item: CompletionItem) => (item.textEdit as TextEdit).newText;
const docs = (item: CompletionItem) =>
  typeof item.documentation === 'string' ? item.documentation : (item.documentation?.value ?? '');
/** Labels in the order the client shows them (by sortText). */
const sorted = (items: CompletionItem[]) =>
  [...items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? '')).map((item) => item.label);

/** The text after applying a proposal's edit (snippet syntax left as is). */
function applied(source: string, item: CompletionItem): string {
  const { text } = cursor(source);
  return TextDocument.applyEdits(TextDocument.create('x', 'json', 0, text), [item.textEdit as TextEdit]);
}

const top = '"name": "p", "displayName": "P", "version": "1.0.0"';

describe('completion: keys', () => {
  test('top level: the keys not yet present, with the reference\u2019s text; command and args only under runtime "process"', async () => {
    const items = await complete(`{ ${top}, "contributes": {}, | }`);
    assert.deepEqual(labels(items).sort(), [
      '$schema',
      'author',
      'bundled',
      'capabilities',
      'category',
      'description',
      'engines',
      'icon',
      'keywords',
      'license',
      'permissions',
      'repository',
      'runtime',
      'sandbox',
    ]);
    const runtime = byLabel(items, 'runtime');
    assert.equal(inserted(runtime), '"runtime": "${1|node,process|}"');
    assert.equal(
      docs(runtime),
      '"node" (default): handlers are JavaScript files run in the app\'s plugin host; "process": the plugin is its own executable.',
    );
    assert.equal(inserted(byLabel(items, 'author')), '"author": {\n\t"name": "$1"\n}');
    // `$` is snippet syntax: a key that holds one is escaped.
    assert.equal(inserted(byLabel(items, '$schema')), '"\\$schema": "$1"');

    const process = await complete(`{ ${top}, "runtime": "process", "contributes": {}, | }`);
    assert.ok(labels(process).includes('command') && labels(process).includes('args'));
    assert.ok(!labels(process).includes('sandbox'), 'sandbox is rejected under runtime "process"');
  });

  test('a key being typed is replaced, with a comma when another property follows', async () => {
    const source = `{\n  ${top},\n  "contributes": {},\n  "ru|\n  "permissions": {}\n}`;
    const items = await complete(source);
    const runtime = byLabel(items, 'runtime');
    assert.equal(
      applied(source, runtime),
      `{\n  ${top},\n  "contributes": {},\n  "runtime": "\${1|node,process|}",\n  "permissions": {}\n}`,
    );
    assert.equal(runtime.filterText, '"runtime"');
  });

  test('a key typed on a new line is offered only keys the object has nowhere, also below it (as Helix wrote "store" twice)', async () => {
    // With its colon and no value yet, the parser reads the next line's key as the typed key's value.
    const below = '\n      "store": true,\n      "toast": true\n    }\n  }';
    for (const typed of ['"|": ', '"s|":', '"|"', '"s|', '|']) {
      const items = await complete(`{ ${top},\n    "permissions": {\n      "log": true,\n      ${typed}${below}\n}`);
      const offered = labels(items);
      assert.ok(offered.includes('fetch'), `${typed}: ${offered.join(', ')}`);
      for (const present of ['log', 'store', 'toast'])
        assert.ok(!offered.includes(present), `${typed}: ${present} is offered again: ${offered.join(', ')}`);
    }
    const atTop = labels(
      await complete(
        `{\n  "|": \n  "name": "p",\n  "displayName": "P",\n  "version": "1.0.0",\n  "contributes": {}\n}`,
      ),
    );
    assert.ok(
      atTop.includes('description') && !atTop.includes('name') && !atTop.includes('contributes'),
      atTop.join(', '),
    );
  });

  test('a tool: required fields first, annotations with a snippet; no handler under runtime "process"', async () => {
    const items = await complete(`{ ${top}, "contributes": { "tools": [ { | } ] } }`);
    assert.deepEqual(sorted(items), [
      'id',
      'title',
      'description',
      'schema',
      'handler',
      'timeout',
      'fileExtensions',
      'annotations',
    ]);
    assert.equal(inserted(byLabel(items, 'annotations')), '"annotations": {\n\t"readOnlyHint": ${1|true,false|}\n}');
    assert.equal(inserted(byLabel(items, 'schema')), '"schema": "${1:./tools/tool.schema.json}"');
    const process = await complete(
      `{ ${top}, "runtime": "process", "command": "x", "contributes": { "tools": [ { "id": "count", | } ] } }`,
    );
    assert.ok(!labels(process).includes('handler'));
    assert.equal(inserted(byLabel(process, 'schema')), '"schema": "${1:./tools/count.schema.json}"');
  });

  test('an action proposes the keys of its kind', async () => {
    const tool = await complete(`{ ${top}, "contributes": { "actions": [ { "kind": "tool", | } ] } }`);
    assert.ok(labels(tool).includes('toolId') && labels(tool).includes('multiFileMode'));
    assert.ok(!labels(tool).includes('prompt') && !labels(tool).includes('toolScope'));
    const prompt = await complete(`{ ${top}, "contributes": { "actions": [ { | } ] } }`);
    assert.ok(labels(prompt).includes('prompt') && labels(prompt).includes('toolScope'));
    assert.ok(!labels(prompt).includes('toolId'));
  });

  test('annotation keys', async () => {
    const items = await complete(
      `{ ${top}, "contributes": { "tools": [ { "id": "t", "annotations": { "readOnlyHint": true, | } } ] } }`,
    );
    assert.deepEqual(labels(items), ['destructiveHint', 'idempotentHint', 'openWorldHint']);
    assert.match(docs(byLabel(items, 'openWorldHint')), /makes the tool external/);
  });

  test('permission keys with their shapes as snippets, and their inner keys', async () => {
    const items = await complete(`{ ${top}, "contributes": {}, "permissions": { "store": true, | } }`);
    assert.deepEqual(labels(items), [
      'fs',
      'fetch',
      'session',
      'hostTrigger',
      'ai',
      'channels',
      'settings',
      'toast',
      'renderHtmlToPdf',
      'log',
      'execution',
      'fs.read',
      'fs.write',
      'fs.list',
    ]);
    assert.equal(
      inserted(byLabel(items, 'fs.read')),
      '"fs": {\n\t"read": {\n\t\t"parameter": ${1|true,false|},\n\t\t"static": ["${2:\\${dataDir\\}/cache/**}"]\n\t}\n}',
    );
    assert.equal(inserted(byLabel(items, 'fetch')), '"fetch": {\n\t"static": ["${1:api.example.com}"]\n}');
    assert.equal(inserted(byLabel(items, 'hostTrigger')), '"hostTrigger": true');
    assert.equal(inserted(byLabel(items, 'ai')), '"ai": {\n\t"complete": true\n}');
    assert.equal(inserted(byLabel(items, 'execution')), '"execution": {\n\t"timeout": "${1:30s}"\n}');
    assert.match(
      docs(byLabel(items, 'fetch')),
      /this computer and private network addresses are refused regardless, so that a plugin cannot reach the machine's own services or its network/,
    );

    const fs = await complete(`{ ${top}, "contributes": {}, "permissions": { "fs": { "read": {}, | } } }`);
    assert.deepEqual(labels(fs), ['write', 'list']);
    const rule = await complete(`{ ${top}, "contributes": {}, "permissions": { "fs": { "read": { | } } } }`);
    assert.deepEqual(labels(rule), ['static', 'parameter', 'deny']);
    const session = await complete(`{ ${top}, "contributes": {}, "permissions": { "session": { | } } }`);
    assert.deepEqual(labels(session), ['getActive', 'sendMessage']);
  });

  test('hook event names, with what each announces and the folder allow-list rule', async () => {
    const items = await complete(`{ ${top}, "contributes": { "hooks": { "onToolCall": "./h.js", | } } }`);
    assert.deepEqual(labels(items), [
      'onAgentComplete',
      'onSessionMessage',
      'onSessionStart',
      'onAgentHitlRequest',
      'onFileChangeNotify',
      'onRuntimeReady',
      'onAppReady',
    ]);
    const complete_ = byLabel(items, 'onAgentComplete');
    assert.equal(inserted(complete_), '"onAgentComplete": "${1:./hooks/on-agent-complete.js}"');
    assert.match(docs(complete_), /^A folder agent's run completed\./);
    assert.match(docs(complete_), /A hook for a folder's run fires only if that folder allows your plugin/);
    const appReady = docs(byLabel(items, 'onAppReady'));
    assert.match(appReady, /may fire long after onRuntimeReady/);
    assert.doesNotMatch(appReady, /fires only if that folder allows/);
  });
});

describe('completion: values', () => {
  test('enum values with their meaning: runtime, kind, toolScope, multiFileMode, scope, param and setting type, variant', async () => {
    const runtime = await complete(`{ ${top}, "contributes": {}, "runtime": "|" }`);
    assert.deepEqual(labels(runtime), ['node', 'process']);
    assert.equal(byLabel(runtime, 'node').detail, 'default');
    assert.match(docs(byLabel(runtime, 'process')), /^The plugin is its own executable/);
    const source = `{ ${top}, "contributes": {}, "runtime": "p|" }`;
    assert.equal(
      applied(source, byLabel(await complete(source), 'process')),
      `{ ${top}, "contributes": {}, "runtime": "process" }`,
    );

    const action = (body: string) => complete(`{ ${top}, "contributes": { "actions": [ { "id": "a", ${body} } ] } }`);
    assert.deepEqual(labels(await action('"kind": |')), ['prompt', 'tool']);
    assert.deepEqual(labels(await action('"toolScope": "|"')), ['none', 'read-only']);
    assert.deepEqual(labels(await action('"kind": "tool", "multiFileMode": "|"')), ['independent', 'batch']);
    assert.deepEqual(labels(await action('"scope": "|"')), ['single-file', 'multi-file', 'folder']);
    assert.deepEqual(labels(await action('"scope": ["folder", |]')), ['single-file', 'multi-file', 'folder']);
    assert.deepEqual(labels(await action('"params": [ { "type": "|" } ]')), ['select', 'text', 'per-file-text']);

    const settings = (body: string) => complete(`{ ${top}, "contributes": { "settings": { "key": { ${body} } } } }`);
    assert.deepEqual(labels(await settings('"type": "|"')), ['string', 'boolean', 'number', 'action', 'info']);
    assert.deepEqual(labels(await settings('"type": "action", "variant": "|"')), ['primary', 'secondary', 'danger']);
    assert.deepEqual(labels(await settings('"secret": |')), ['true', 'false']);
  });

  test('ids of this manifest: toolId, generate.actionId (tool-kind siblings), populateParamId (per-file-text), forwardParamIds, fetch.settings', async () => {
    const body = (action: string, fetchSettings = '[]') => `{ ${top},
  "contributes": {
    "tools": [ { "id": "count_words", "title": "Count" }, { "id": "fetch_page", "title": "Fetch" } ],
    "actions": [
      { "id": "counter", "kind": "tool", "toolId": "count_words" },
      { "id": "prompted" },
      ${action}
    ],
    "settings": { "endpoint": { "type": "string", "title": "E" }, "verbose": { "type": "boolean", "title": "V" } }
  },
  "permissions": { "fetch": { "settings": ${fetchSettings} } }
}`;
    const toolIds = await complete(body('{ "id": "x", "kind": "tool", "toolId": "|" }'));
    assert.deepEqual(labels(toolIds), ['count_words', 'fetch_page']);
    assert.equal(byLabel(toolIds, 'count_words').detail, 'Count');
    assert.equal(
      docs(byLabel(toolIds, 'count_words')),
      'Approval category: external (openWorldHint: true, implied by permissions.fetch)',
    );

    const generate = (field: string) =>
      `{ "id": "x", "params": [ { "id": "notes", "type": "per-file-text" }, { "id": "tone", "type": "select" } ], "generate": { ${field} } }`;
    assert.deepEqual(labels(await complete(body(generate('"actionId": "|"')))), ['counter']);
    assert.deepEqual(labels(await complete(body(generate('"populateParamId": "|"')))), ['notes']);
    assert.deepEqual(labels(await complete(body(generate('"forwardParamIds": ["|"]')))), ['notes', 'tone']);

    const settings = await complete(body('{ "id": "x" }', '["|"]'));
    assert.deepEqual(sorted(settings), ['endpoint', 'verbose']);
  });

  test('file paths relative to the plugin folder, by kind: schema (.json), handler (.js), prompt (.md, .txt), command (any)', async () => {
    const tool = (field: string) => `{ ${top}, "contributes": { "tools": [ { "id": "t", "${field}": "|" } ] } }`;
    const schema = await complete(tool('schema'));
    assert.deepEqual(labels(schema), ['./tools/count.schema.json']);
    assert.equal(inserted(schema[0]), '"./tools/count.schema.json"');
    assert.deepEqual(labels(await complete(tool('handler'))), ['./tools/count.js']);
    assert.deepEqual(
      labels(await complete(`{ ${top}, "contributes": { "actions": [ { "id": "a", "prompt": "./p|" } ] } }`)),
      ['./README.txt', './prompts/summarize.md'],
    );
    assert.deepEqual(labels(await complete(`{ ${top}, "contributes": { "hooks": { "onAppReady": "|" } } }`)), [
      './tools/count.js',
    ]);
    assert.deepEqual(
      labels(await complete(`{ ${top}, "runtime": "process", "command": "|", "contributes": {} }`)).sort(),
      ['./README.txt', './prompts/summarize.md', './tools/count.js', './tools/count.schema.json'],
    );
  });

  test('${dataDir} in static fs patterns', async () => {
    const items = await complete(
      `{ ${top}, "contributes": {}, "permissions": { "fs": { "write": { "static": [ | ] } } } }`,
    );
    assert.deepEqual(labels(items), ['${dataDir}/']);
    assert.equal(inserted(items[0]), '"\\${dataDir}/${1:cache/**}"');
    assert.match(docs(items[0]), /not the plugin’s: write "\$\{dataDir\}\/…"/);
  });

  test('a new entry of a list, with its required fields', async () => {
    const tools = await complete(`{ ${top}, "contributes": { "tools": [ | ] } }`);
    assert.deepEqual(labels(tools), ['New tool']);
    assert.equal(
      inserted(tools[0]),
      '{\n\t"id": "${1:tool_id}",\n\t"title": "$2",\n\t"description": "${3:What it does and when to use it.}",\n\t"schema": "./tools/$1.schema.json",\n\t"handler": "./tools/$1.js",\n\t"annotations": {\n\t\t"readOnlyHint": ${4|true,false|}\n\t}\n}',
    );
    const actions = await complete(
      `{ ${top}, "contributes": { "tools": [ { "id": "a" }, { "id": "b" } ], "actions": [ {}, | ] } }`,
    );
    assert.deepEqual(labels(actions), ['New prompt action', 'New tool action']);
    assert.match(inserted(byLabel(actions, 'New tool action')), /"toolId": "\$\{5\|a,b\|\}"/);
  });
});

describe('completion: other documents and clients', () => {
  test('an empty manifest.json offers a new Filer manifest, named after its folder', async () => {
    const empty = folder.uri('My Tool/manifest.json');
    const items = await complete('|', empty);
    assert.deepEqual(labels(items), ['New Filer plugin manifest']);
    assert.match(
      inserted(items[0]),
      /^\{\n\t"name": "\$\{1:my-tool\}",\n\t"displayName": "\$\{2:My Tool\}",\n\t"version": "\$\{3:0\.1\.0\}",/,
    );
    // A folder named as a package is (the newcomer's first-plugin): its display name as people write one.
    for (const [name, displayName] of [
      ['first-plugin', 'First Plugin'],
      ['notes_sync', 'Notes Sync'],
    ]) {
      const [item] = await complete('|', folder.uri(`${name}/manifest.json`));
      assert.match(
        inserted(item),
        new RegExp(`"name": "\\$\\{1:${name.replace('_', '-')}\\}",\n\t"displayName": "\\$\\{2:${displayName}\\}"`),
      );
    }
  });

  test('files that are not Filer manifests get no completion', async () => {
    assert.deepEqual(await complete('{ "manifest_version": 3, | }', folder.uri('ext/manifest.json')), []);
    assert.deepEqual(await complete('{ "name": "x", | }', folder.uri('plugin/package.json')), []);
  });

  test('a client without snippets gets plain text, indented like the document', async () => {
    const plain = await LspClient.start({
      workspace: folder.root,
      capabilities: editorCapabilities({ snippets: false }),
    });
    try {
      const source = `{\n    ${top},\n    "contributes": {},\n    |\n}`;
      const { text, position } = cursor(source);
      await plain.open(uri, text);
      const items = await plain.request<CompletionItem[]>('textDocument/completion', {
        textDocument: { uri },
        position,
      });
      assert.equal(inserted(byLabel(items, 'runtime')), '"runtime": "node"');
      assert.equal(inserted(byLabel(items, 'author')), '"author": {\n        "name": ""\n    }');
      assert.equal(byLabel(items, 'runtime').insertTextFormat, 1);
    } finally {
      await plain.stop();
    }
  });
});

describe('completion: documentation', () => {
  test('is plain text, the reference\u2019s words as written: no markup for a client to show raw or to render', async () => {
    const items = await complete(`{ ${top}, "permissions": { "fs": { "read": { | } } } }`);
    const statics = byLabel(items, 'static');
    assert.deepEqual(statics.documentation, {
      kind: 'plaintext',
      value:
        "Glob patterns the handler may touch on its own. Relative patterns resolve against the app's working directory, not the plugin's: write \"${dataDir}/cache/**\" (the plugin's data directory) or an absolute path. Patterns beginning with * are matched as globs without resolution.",
    });
    for (const item of items)
      if (item.documentation) assert.equal((item.documentation as { kind: string }).kind, 'plaintext', item.label);
  });
});
