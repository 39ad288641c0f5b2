import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Hover, InlayHint, MarkupContent, MarkupKind } from 'vscode-languageserver-protocol/node';
import { markdownCode, markdownText } from '../../server/src/engine';
import { cursor, editorCapabilities, LspClient, manifest, tempFolder } from './lspClient';

// markdown-it ships no types; the one call used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (
  preset: string,
  options: { html: boolean },
) => { render(markdown: string): string };

const folder = tempFolder();
/** Eglot's declared hover format: plain text only. The wording tests read it as an author would. */
let client: LspClient;
/** VS Code's: markdown first. */
let markdownClient: LspClient;
let documents = 0;

const withHoverFormat = (contentFormat: string[]) => {
  const capabilities = editorCapabilities();
  capabilities.textDocument = { ...capabilities.textDocument, hover: { contentFormat: contentFormat as MarkupKind[] } };
  return capabilities;
};

before(async () => {
  [client, markdownClient] = await Promise.all([
    LspClient.start({ workspace: folder.root, capabilities: withHoverFormat(['plaintext']) }),
    LspClient.start({ workspace: folder.root, capabilities: withHoverFormat(['markdown', 'plaintext']) }),
  ]);
});
after(async () => {
  await Promise.all([client.stop(), markdownClient.stop()]);
  folder.cleanup();
});

/** The hover at the `|` of `source`, opened as a new manifest. */
async function hoverContent(source: string, on = client): Promise<MarkupContent | undefined> {
  const { text, position } = cursor(source);
  const uri = folder.uri(`plugin${++documents}/manifest.json`);
  await on.open(uri, text);
  const result = await on.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
  return result ? (result.contents as MarkupContent) : undefined;
}

/** The plain-text hover at the `|` of `source`. */
async function hover(source: string): Promise<string | undefined> {
  const content = await hoverContent(source);
  if (content) assert.equal(content.kind, 'plaintext');
  return content?.value;
}

const tool = (id: string, annotations?: Record<string, boolean>) =>
  `{ "id": "${id}", "title": "T", "description": "D", "schema": "./s.json", "handler": "./h.js"${annotations ? `, "annotations": ${JSON.stringify(annotations)}` : ''} }`;

/** A manifest whose tool `id` carries the cursor, with the rest of the plugin around it. */
const toolHover = (annotations: Record<string, boolean> | undefined, rest = '') =>
  hover(manifest(`"contributes": { "tools": [ ${tool('|my_tool', annotations)} ] }${rest ? `, ${rest}` : ''}`));

const idRule = 'Required. The MCP tool name. Must not contain . (dots are reserved for namespace prefixing).';

describe('hover: a tool leads with how Filer\u2019s approval gate treats it', () => {
  test('one short line (category, when the gate asks), then the reasons, then what it means; the key\u2019s rule last', async () => {
    assert.equal(
      await toolHover({ openWorldHint: true, readOnlyHint: true }),
      [
        [
          'Approval category external (tool my_tool): asks at every level below Full Auto; refused in Sandbox.',
          '',
          'Why (when several apply, the strictest wins):',
          '- openWorldHint: true, declared by the tool: category external (wins)',
          '- readOnlyHint: true, declared by the tool: category read',
          '',
          'A tool in category external reaches outside the machine (the network, other people, other services).',
        ].join('\n'),
        idRule,
      ].join('\n\n'),
    );
  });

  test('delete wins over modify; modify; read; a tool that declares nothing in a plugin that implies nothing', async () => {
    const deletes = await toolHover({ destructiveHint: true, readOnlyHint: false });
    assert.match(
      deletes!,
      /^Approval category delete \(tool my_tool\): asks depending on the folder's trust level\.\n\nWhy \(when several apply, the strictest wins\):\n- destructiveHint: true, declared by the tool: category delete \(wins\)\n- readOnlyHint: false, declared by the tool: category modify\n\nA tool in category delete may perform destructive updates\.\n\n/,
    );
    const modifies = await toolHover({ readOnlyHint: false });
    assert.match(
      modifies!,
      /^Approval category modify \(tool my_tool\): asks depending on the folder's trust level\.\n\nWhy:\n- readOnlyHint: false, declared by the tool: category modify\n\nA tool in category modify changes its environment \(it is not read-only\)\.\n\n/,
    );
    const reads = await toolHover({ readOnlyHint: true, idempotentHint: true });
    assert.match(
      reads!,
      /^Approval category read \(tool my_tool\): never asks\.\n\nWhy:\n- readOnlyHint: true, declared by the tool: category read\n\nA tool in category read does not modify its environment\.\n\n/,
    );
    const undeclared = await toolHover(undefined);
    assert.match(
      undeclared!,
      /^Approval category read \(tool my_tool\): never asks\.\n\nWhy:\n- no annotation or permission says otherwise: category read\n\nA tool in category read does not modify its environment\.\n\nThe tool declares no annotations, and nothing its plugin may do implies one\.\n\n/,
    );
  });

  test('implied: permissions.fetch (external) wins over permissions.fs.write (modify); runtime "process"; fs.write alone', async () => {
    const fetchAndWrite = await toolHover(
      undefined,
      '"permissions": { "fetch": { "static": ["api.example.com"] }, "fs": { "write": { "parameter": true } } }',
    );
    assert.match(
      fetchAndWrite!,
      /^Approval category external \(tool my_tool\): asks at every level below Full Auto; refused in Sandbox\.\n\nWhy \(when several apply, the strictest wins\):\n- openWorldHint: true, implied by permissions\.fetch: category external \(wins\)\n- readOnlyHint: false, implied by permissions\.fs\.write: category modify\n\nA tool in category external reaches outside the machine \(the network, other people, other services\)\.\n\nThe tool declares no annotations, so it is treated by what its plugin may do\. Declare annotations so a read-only tool does not ask\.\n\n/,
    );
    const process = await hover(
      manifest(
        '"runtime": "process", "command": "./run", "contributes": { "tools": [ { "id": "|proc_tool", "title": "T", "description": "D", "schema": "./s.json" } ] }',
      ),
    );
    assert.match(
      process!,
      /^Approval category external \(tool proc_tool\).*\n(.*\n)*- openWorldHint: true, implied by runtime: "process": category external\n/,
    );
    const write = await toolHover(undefined, '"permissions": { "fs": { "write": { "parameter": true } } }');
    assert.match(
      write!,
      /^Approval category modify \(tool my_tool\): asks depending on the folder's trust level\.\n\nWhy:\n- readOnlyHint: false, implied by permissions\.fs\.write: category modify\n/,
    );
    // Declared annotations are not overridden by what the plugin implies.
    const declared = await toolHover({ readOnlyHint: true }, '"permissions": { "fetch": {} }');
    assert.match(declared!, /^Approval category read /);
  });

  test('the id key, the annotations key and the tool object lead with the gating too', async () => {
    const onKey = await hover(
      manifest(`"contributes": { "tools": [ { "i|d": "t", "annotations": { "readOnlyHint": false } } ] }`),
    );
    assert.match(onKey!, /^Approval category modify \(tool t\): asks depending on the folder's trust level\.\n/);
    assert.ok(onKey!.endsWith(`\n\nid: ${idRule}`), onKey);
    const onAnnotations = await hover(
      manifest(`"contributes": { "tools": [ { "id": "t", "annotat|ions": { "openWorldHint": true } } ] }`),
    );
    assert.match(
      onAnnotations!,
      /^Approval category external \(tool t\)(.|\n)*\n\nannotations: MCP tool annotations: /,
    );
    const onHint = await hover(
      manifest(`"contributes": { "tools": [ { "id": "t", "annotations": { "destructiveH|int": true } } ] }`),
    );
    assert.match(
      onHint!,
      /^Approval category delete \(tool t\)(.|\n)*\n\ndestructiveHint: destructiveHint: true makes the tool delete \(asks depending on the folder's trust level\)\.$/,
    );
    const onObject = await hover(manifest(`"contributes": { "tools": [ |{ "id": "t" } ] }`));
    assert.match(onObject!, /^Approval category read \(tool t\)(.|\n)*\n\nAn MCP tool the agent can call\.$/);
  });
});

describe('hover: markdown for clients that read it, with the manifest\u2019s text never taken as markup', () => {
  /** What a CommonMark renderer makes of the hover (VS Code renders hovers as CommonMark, HTML off). */
  const rendered = (markdown: string) => new MarkdownIt('commonmark', { html: false }).render(markdown);

  test('the category line, the reasons and a rule between sections', async () => {
    const content = await hoverContent(
      manifest(`"contributes": { "tools": [ ${tool('|my_tool', { openWorldHint: true })} ] }`),
      markdownClient,
    );
    assert.equal(content?.kind, 'markdown');
    assert.equal(
      content!.value.split('\n\n---\n\n')[0],
      [
        // Only what could be markup is escaped (here nothing): Neovim 0.12 shows every backslash.
        'Approval category **external** (tool `my_tool`): asks at every level below Full Auto; refused in Sandbox.',
        '',
        'Why:',
        '- `openWorldHint: true`, declared by the tool: category external',
        '',
        'A tool in category **external** reaches outside the machine (the network, other people, other services).',
      ].join('\n'),
    );
    const html = rendered(content!.value);
    assert.match(
      html,
      /^<p>Approval category <strong>external<\/strong> \(tool <code>my_tool<\/code>\): asks at every level below Full Auto; refused in Sandbox\.<\/p>\n<p>Why:<\/p>\n<ul>\n<li><code>openWorldHint: true<\/code>, declared by the tool: category external<\/li>\n<\/ul>\n/,
    );
    assert.match(html, /<hr \/>\n<p>Required\. The MCP tool name\./);
    const implied = await hoverContent(
      manifest(`"contributes": { "tools": [ ${tool('|my_tool')} ] }, "permissions": { "fetch": {} }`),
      markdownClient,
    );
    assert.match(implied!.value, /\n- `openWorldHint: true`, implied by `permissions\.fetch`: category external\n/);
  });

  test('a tool id, a hook key or a title cannot add a link, an image, HTML or markup of its own', async () => {
    const hostile = [
      'x` ![beacon](https://attacker.example/b.png) `',
      'y``[run](command:workbench.action.terminal.new)',
      '<img src=https://attacker.example/c.png>',
      '**bold** _em_\n\n# heading\n- item',
    ];
    const texts: string[] = [];
    for (const text of hostile) {
      const id = JSON.stringify(text);
      const title = JSON.stringify(`Title ${text}`);
      const sources = [
        manifest(`"contributes": { "tools": [ { "id": |${id}, "title": ${title} } ] }`),
        manifest(`"contributes": { "hooks": { |${id}: "./h.js" } }`),
        manifest(
          `"contributes": { "tools": [ { "id": ${id}, "title": ${title} } ], "actions": [ { "kind": "tool", "toolId": |${id} } ] }`,
        ),
      ];
      for (const source of sources) {
        const content = await hoverContent(source, markdownClient);
        assert.equal(content?.kind, 'markdown', source);
        const html = rendered(content!.value);
        assert.doesNotMatch(html, /<(a|img|h1|em|script)\b|<strong>bold|<li>item/, `${source}\n${html}`);
        texts.push(html);
      }
    }
    // The text is still there, as written (line breaks folded into spaces).
    const decoded = texts
      .join('\n')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    for (const text of hostile) assert.ok(decoded.includes(text.replace(/\n+/g, ' ')), `${text} is shown as written`);
  });

  test('markdownCode and markdownText: any text comes back as written from a CommonMark renderer', () => {
    const unhtml = (html: string) =>
      html
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
    const samples = [
      'plain',
      '`',
      '``a``',
      ' lead',
      'trail ',
      ' both ',
      '`start',
      'end`',
      'a ` b `` c',
      '[x](y)',
      '![i](u)',
      '<b>',
      '&amp;',
      '\\`',
      '*a*',
      '1. one',
      '# h',
      '$(zap)',
    ];
    for (const sample of samples) {
      assert.equal(
        unhtml(rendered(markdownCode(sample))),
        `<p><code>${sample}</code></p>\n`,
        `markdownCode(${JSON.stringify(sample)}) = ${markdownCode(sample)}`,
      );
      const paragraph = rendered(`x ${markdownText(sample)}`);
      assert.equal(
        unhtml(paragraph),
        `<p>x ${sample.trimEnd()}</p>\n`,
        `markdownText(${JSON.stringify(sample)}) = ${markdownText(sample)}`,
      );
    }
  });
});

describe('hover: keys and values', () => {
  test('every key shows its rule from the reference', async () => {
    assert.equal(
      await hover(manifest('').replace('"na', '"n|a')),
      "name: Required. kebab-case: lowercase letters and digits, with single hyphens between words. Doubles as the plugin's identity in the installed registry and in the pluginAllowList a folder agent may carry.",
    );
    assert.equal(
      await hover(manifest('"permissions": { "fs": { "read": { "st|atic": [] } } }')),
      "static: Glob patterns the handler may touch on its own. Relative patterns resolve against the app's working directory, not the plugin's: write \"${dataDir}/cache/**\" (the plugin's data directory) or an absolute path. Patterns beginning with * are matched as globs without resolution.",
    );
    assert.match(
      (await hover(manifest('"contributes": { "actions": [ { "tool|Scope": "none" } ] }')))!,
      /^toolScope: Prompt kind only\. "none" \(no tools this turn\) or "read-only"/,
    );
  });

  test('hook events say what they announce and, for folder events, the allow-list rule', async () => {
    const folderEvent = await hover(manifest('"contributes": { "hooks": { "onAgent|Complete": "./h.js" } }'));
    assert.equal(
      folderEvent,
      "onAgentComplete: A folder agent's run completed. Heard only by plugins the run's folder allows (its plugin allow-list).\n\nA hook for a folder's run fires only if that folder allows your plugin: the folder's plugin allow-list (settings' plugin_allow_list, which a parent folder can narrow) decides which plugins' hooks hear about the run. A folder with no list reaches every installed plugin; an empty list reaches none.",
    );
    const appEvent = await hover(manifest('"contributes": { "hooks": { "onApp|Ready": "./h.js" } }'));
    assert.match(appEvent!, /^onAppReady: Fires when the app window is up.*reaches every plugin\.$/);
    assert.equal(
      await hover(manifest('"contributes": { "hooks": { "onAgentDo|ne": "./h.js" } }')),
      'onAgentDone: not an event the reference names; its handler may never run.',
    );
  });

  test('enum values and ids show what they mean', async () => {
    assert.equal(
      await hover(manifest('"runtime": "pro|cess", "command": "./x"')),
      '"process": The plugin is its own executable: command is required; hooks, views, action settings, sandbox and tool handlers are rejected.',
    );
    assert.equal(
      await hover(manifest('"contributes": { "actions": [ { "kind": "to|ol" } ] }')),
      '"tool": Invokes toolId directly: no agent turn, no model.',
    );
    assert.equal(
      await hover(
        manifest(
          '"contributes": { "tools": [ { "id": "count", "title": "Count words" } ], "actions": [ { "kind": "tool", "toolId": "co|unt" } ] }',
        ),
      ),
      'Calls tool count (Count words).',
    );
  });

  test('a value shows the rule of its key; where the reference says nothing, the answer is null', async () => {
    assert.equal(
      await hover(manifest('"description": "some |text"')),
      'What the plugin does, in a sentence (descriptive only).',
    );
    assert.equal(await hover(manifest('"keywords": ["some |word"]')), undefined);
  });
});

describe('inlay hints: the category after each tool id', () => {
  test('one hint per tool, after its id; the setting turns them off', async () => {
    const text = manifest(
      `"contributes": { "tools": [\n    ${tool('a', { openWorldHint: true })},\n    ${tool('b', { readOnlyHint: false })},\n    ${tool('c')}\n  ] },\n  "permissions": { "fs": { "write": { "parameter": true } } }`,
    );
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
      value:
        "Approval category: modify (readOnlyHint: false, implied by permissions.fs.write). The gate asks depending on the folder's trust level.",
    });
    const lineOfB = after('b').line;
    const onlyB = await client.request<InlayHint[]>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: lineOfB, character: 0 }, end: { line: lineOfB, character: 999 } },
    });
    assert.deepEqual(
      onlyB.map((hint) => [hint.label, hint.position]),
      [['modify', after('b')]],
    );

    client.settings = { categoryHints: { enabled: false } };
    const refreshes = client.refreshes.length;
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    await client.waitFor(
      () => (client.refreshes.slice(refreshes).includes('workspace/inlayHint/refresh') ? true : undefined),
      5000,
      'an inlay hint refresh',
    );
    assert.deepEqual(await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range }), []);
    client.settings = {};
  });
});
