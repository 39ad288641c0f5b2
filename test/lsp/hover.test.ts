import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Hover, InlayHint, MarkupContent } from 'vscode-languageserver-protocol/node';
import { cursor, LspClient, manifest, tempFolder } from './lspClient';

const folder = tempFolder();
let client: LspClient;
let documents = 0;

before(async () => {
  client = await LspClient.start({ workspace: folder.root });
});
after(async () => {
  await client.stop();
  folder.cleanup();
});

/** The hover text at the `|` of `source`, opened as a new manifest. */
async function hover(source: string): Promise<string | undefined> {
  const { text, position } = cursor(source);
  const uri = folder.uri(`plugin${++documents}/manifest.json`);
  await client.open(uri, text);
  const result = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
  return result ? (result.contents as MarkupContent).value : undefined;
}

const tool = (id: string, annotations?: Record<string, boolean>) =>
  `{ "id": "${id}", "title": "T", "description": "D", "schema": "./s.json", "handler": "./h.js"${annotations ? `, "annotations": ${JSON.stringify(annotations)}` : ''} }`;

/** A manifest whose tool `id` carries the cursor, with the rest of the plugin around it. */
const toolHover = (annotations: Record<string, boolean> | undefined, rest = '') =>
  hover(manifest(`"contributes": { "tools": [ ${tool('|my_tool', annotations)} ] }${rest ? `, ${rest}` : ''}`));

const idRule = '**id**: Required. The MCP tool name. Must not contain . (dots are reserved for namespace prefixing).';

describe('hover: a tool shows how Filer\u2019s approval gate treats it', () => {
  test('external, declared: it wins over a declared read', async () => {
    assert.equal(
      await toolHover({ openWorldHint: true, readOnlyHint: true }),
      [
        'Required. The MCP tool name. Must not contain . (dots are reserved for namespace prefixing).',
        '---',
        [
          '**Tool `my_tool`**: approval category **external**: reaches outside the machine (the network, other people, other services).',
          '',
          'The gate asks at every level below Full Auto; refused in Sandbox.',
          '',
          'Why (when several apply, the strictest wins):',
          '- `openWorldHint: true`, declared by the tool → external (wins)',
          '- `readOnlyHint: true`, declared by the tool → read',
        ].join('\n'),
      ].join('\n\n'),
    );
  });

  test('delete wins over modify; modify; read; a tool that declares nothing in a plugin that implies nothing', async () => {
    const deletes = await toolHover({ destructiveHint: true, readOnlyHint: false });
    assert.match(deletes!, /\*\*Tool `my_tool`\*\*: approval category \*\*delete\*\*: may perform destructive updates\.\n\nThe gate asks per the trust table\.\n\nWhy \(when several apply, the strictest wins\):\n- `destructiveHint: true`, declared by the tool → delete \(wins\)\n- `readOnlyHint: false`, declared by the tool → modify$/);
    const modifies = await toolHover({ readOnlyHint: false });
    assert.match(modifies!, /approval category \*\*modify\*\*: changes its environment \(it is not read-only\)\.\n\nThe gate asks per the trust table\.\n\nWhy:\n- `readOnlyHint: false`, declared by the tool → modify$/);
    const reads = await toolHover({ readOnlyHint: true, idempotentHint: true });
    assert.match(reads!, /approval category \*\*read\*\*: does not modify its environment\.\n\nThe gate never asks\.\n\nWhy:\n- `readOnlyHint: true`, declared by the tool → read$/);
    const undeclared = await toolHover(undefined);
    assert.match(undeclared!, /approval category \*\*read\*\*: does not modify its environment\.\n\nThe gate never asks\.\n\nWhy:\n- nothing that applies → read\n\nThe tool declares no annotations, and nothing its plugin may do implies one\.$/);
  });

  test('implied: permissions.fetch (external) wins over permissions.fs.write (modify); runtime "process"; fs.write alone', async () => {
    const fetchAndWrite = await toolHover(undefined, '"permissions": { "fetch": { "static": ["api.example.com"] }, "fs": { "write": { "parameter": true } } }');
    assert.match(
      fetchAndWrite!,
      /approval category \*\*external\*\*: reaches outside the machine \(the network, other people, other services\)\.\n\nThe gate asks at every level below Full Auto; refused in Sandbox\.\n\nWhy \(when several apply, the strictest wins\):\n- `openWorldHint: true`, implied by `permissions\.fetch` → external \(wins\)\n- `readOnlyHint: false`, implied by `permissions\.fs\.write` → modify\n\nThe tool declares no annotations, so it is treated by what its plugin may do\. Declare annotations so a read-only tool does not ask\.$/,
    );
    const process = await hover(manifest('"runtime": "process", "command": "./run", "contributes": { "tools": [ { "id": "|proc_tool", "title": "T", "description": "D", "schema": "./s.json" } ] }'));
    assert.match(process!, /approval category \*\*external\*\*.*\n(.*\n)*- `openWorldHint: true`, implied by `runtime: "process"` → external\n/);
    const write = await toolHover(undefined, '"permissions": { "fs": { "write": { "parameter": true } } }');
    assert.match(write!, /approval category \*\*modify\*\*: changes its environment \(it is not read-only\)\.\n\nThe gate asks per the trust table\.\n\nWhy:\n- `readOnlyHint: false`, implied by `permissions\.fs\.write` → modify\n/);
    // Declared annotations are not overridden by what the plugin implies.
    const declared = await toolHover({ readOnlyHint: true }, '"permissions": { "fetch": {} }');
    assert.match(declared!, /approval category \*\*read\*\*/);
  });

  test('the id key, the annotations key and the tool object show the gating too', async () => {
    const onKey = await hover(manifest(`"contributes": { "tools": [ { "i|d": "t", "annotations": { "readOnlyHint": false } } ] }`));
    assert.ok(onKey!.startsWith(`${idRule}\n\n---\n\n**Tool \`t\`**: approval category **modify**`));
    const onAnnotations = await hover(manifest(`"contributes": { "tools": [ { "id": "t", "annotat|ions": { "openWorldHint": true } } ] }`));
    assert.match(onAnnotations!, /^\*\*annotations\*\*: MCP tool annotations: .*\n\n---\n\n\*\*Tool `t`\*\*: approval category \*\*external\*\*/);
    const onHint = await hover(manifest(`"contributes": { "tools": [ { "id": "t", "annotations": { "destructiveH|int": true } } ] }`));
    assert.match(onHint!, /^\*\*destructiveHint\*\*: destructiveHint: true makes the tool delete \(asks per the trust table\)\.\n\n---\n\n\*\*Tool `t`\*\*: approval category \*\*delete\*\*/);
    const onObject = await hover(manifest(`"contributes": { "tools": [ |{ "id": "t" } ] }`));
    assert.match(onObject!, /^An MCP tool the agent can call\.\n\n---\n\n\*\*Tool `t`\*\*: approval category \*\*read\*\*/);
  });
});

describe('hover: keys and values', () => {
  test('every key shows its rule from the reference', async () => {
    assert.equal(
      await hover(manifest('').replace('"na', '"n|a')),
      "**name**: Required. kebab-case (^[a-z0-9]+(-[a-z0-9]+)*$). Doubles as the plugin's identity in the installed registry and in the pluginAllowList a folder agent may carry.",
    );
    assert.equal(
      await hover(manifest('"permissions": { "fs": { "read": { "st|atic": [] } } }')),
      '**static**: Glob patterns the handler may touch on its own. Relative patterns resolve against the app\'s working directory, not the plugin\'s: write "${dataDir}/cache/**" (the plugin\'s data directory) or an absolute path. Patterns beginning with * are matched as globs without resolution.',
    );
    assert.match((await hover(manifest('"contributes": { "actions": [ { "tool|Scope": "none" } ] }')))!, /^\*\*toolScope\*\*: Prompt kind only\. "none" \(no tools this turn\) or "read-only"/);
  });

  test('hook events say what they announce and, for folder events, the allow-list rule', async () => {
    const folderEvent = await hover(manifest('"contributes": { "hooks": { "onAgent|Complete": "./h.js" } }'));
    assert.equal(
      folderEvent,
      "**onAgentComplete**: A folder agent's run completed. Heard only by plugins the run's folder allows (its plugin allow-list).\n\nA hook for a folder's run fires only if that folder allows your plugin: the folder's plugin allow-list decides which plugins' hooks hear about the run. A folder with no list reaches every installed plugin; an empty list reaches none.",
    );
    const appEvent = await hover(manifest('"contributes": { "hooks": { "onApp|Ready": "./h.js" } }'));
    assert.match(appEvent!, /^\*\*onAppReady\*\*: Fires when the app window is up.*reaches every plugin\.$/);
    assert.equal(await hover(manifest('"contributes": { "hooks": { "onAgentDo|ne": "./h.js" } }')), '**onAgentDone**: not an event the reference names; its handler may never run.');
  });

  test('enum values and ids show what they mean', async () => {
    assert.equal(await hover(manifest('"runtime": "pro|cess", "command": "./x"')), '`"process"`: The plugin is its own executable: command is required; hooks, views, action settings, sandbox and tool handlers are rejected.');
    assert.equal(await hover(manifest('"contributes": { "actions": [ { "kind": "to|ol" } ] }')), '`"tool"`: Invokes toolId directly: no agent turn, no model.');
    assert.equal(
      await hover(manifest('"contributes": { "tools": [ { "id": "count", "title": "Count words" } ], "actions": [ { "kind": "tool", "toolId": "co|unt" } ] }')),
      'Calls tool **count** (Count words).',
    );
  });

  test('a value shows the rule of its key; where the reference says nothing, the answer is null', async () => {
    assert.equal(await hover(manifest('"description": "some |text"')), 'What the plugin does, in a sentence (descriptive only).');
    assert.equal(await hover(manifest('"keywords": ["some |word"]')), undefined);
  });
});

describe('inlay hints: the category after each tool id', () => {
  test('one hint per tool, after its id; the setting turns them off', async () => {
    const text = manifest(`"contributes": { "tools": [\n    ${tool('a', { openWorldHint: true })},\n    ${tool('b', { readOnlyHint: false })},\n    ${tool('c')}\n  ] },\n  "permissions": { "fs": { "write": { "parameter": true } } }`);
    const uri = folder.uri('hints/manifest.json');
    await client.open(uri, text);
    const range = { start: { line: 0, character: 0 }, end: { line: 100, character: 0 } };
    const hints = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range });
    const lines = text.split('\n');
    const after = (id: string) => {
      const line = lines.findIndex((l) => l.includes(`"id": "${id}"`));
      return { line, character: lines[line].indexOf(`"id": "${id}"`) + `"id": "${id}"`.length };
    };
    assert.deepEqual(
      hints.map((hint) => [hint.label, hint.position]),
      [
        ['external', after('a')],
        ['modify', after('b')],
        ['modify', after('c')],
      ],
    );
    assert.deepEqual(hints[2].tooltip, {
      kind: 'markdown',
      value: 'Approval category: modify (readOnlyHint: false, implied by permissions.fs.write). The gate asks per the trust table.',
    });
    const lineOfB = after('b').line;
    const onlyB = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: lineOfB, character: 0 }, end: { line: lineOfB, character: 999 } } });
    assert.deepEqual(onlyB.map((hint) => [hint.label, hint.position]), [['modify', after('b')]]);

    client.settings = { categoryHints: { enabled: false } };
    const refreshes = client.refreshes.length;
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    await client.waitFor(() => (client.refreshes.slice(refreshes).includes('workspace/inlayHint/refresh') ? true : undefined), 5000, 'an inlay hint refresh');
    assert.deepEqual(await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range }), []);
    client.settings = {};
  });
});
