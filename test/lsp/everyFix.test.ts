import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RuleCode } from '../../server/src/engine';
import { applyFix, pickFix, quickFixesFor } from './fixHelpers';
import { handlerText, LspClient, manifest, tempFolder } from './lspClient';

/**
 * The fixes of every area over a real LSP connection, in more cases than each rule's own examples
 * (test/lsp/ruleExamples.test.ts runs those): asked for, applied, the text checked.
 */

let client: LspClient;
const folder = tempFolder({ 'tools/t.js': handlerText, 'tools/t.schema.json': '{ "type": "object" }', 'p.md': 'P' });
before(async () => {
  client = await LspClient.start();
});
after(() => {
  folder.cleanup();
  return client.stop();
});

let count = 0;

/**
 * Opens `text`, applies the fix titled `title` for the first diagnostic with `code`, returns the new text.
 * The diagnostic is gone afterwards, unless `placeholder` (the fix adds a value for the author to fill in
 * that the rule still reports, such as `"options": []`).
 */
async function fixed(text: string, code: RuleCode, title: string, placeholder = false): Promise<string> {
  const uri = folder.uri(`case${++count}/manifest.json`);
  await client.open(uri, text);
  const { diagnostic, actions } = await quickFixesFor(client, uri, code);
  const result = await applyFix(client, uri, pickFix(actions, title));
  if (placeholder) return result;
  // The fix mends what it was offered for.
  const after = await client.diagnostics(uri, (p) => p.version === client.version(uri));
  assert.ok(
    !after.some(
      (d) =>
        d.code === code &&
        d.range.start.line === diagnostic.range.start.line &&
        d.range.start.character === diagnostic.range.start.character,
    ),
    `${code} is gone after "${title}"`,
  );
  return result;
}

const tool =
  '{ "id": "t", "title": "T", "description": "D", "schema": "./tools/t.schema.json", "handler": "./tools/t.js", "annotations": { "readOnlyHint": true } }';
const promptAction = (extra: string) =>
  `{ "id": "a", "title": "T", "description": "D", "scope": "single-file", "prompt": "./p.md"${extra} }`;
const toolAction = (extra: string) =>
  `{ "id": "a", "title": "T", "description": "D", "scope": "single-file", "kind": "tool"${extra} }`;
const processManifest = (body: string) => manifest(`"runtime": "process",\n  "command": "./tools/t.js",\n  ${body}`);

describe('every fix, applied over a real connection', () => {
  test('an unknown key, renamed to the one meant, in every area', async () => {
    const cases: [RuleCode, string, string, string][] = [
      [
        'tools.unknown-key',
        `"contributes": { "tools": [ ${tool.replace('"annotations"', '"timout": "30s", "annotations"')} ] }`,
        '"timout"',
        '"timeout"',
      ],
      [
        'actions.unknown-key',
        `"contributes": { "actions": [ ${promptAction(', "hiden": true')} ] }`,
        '"hiden"',
        '"hidden"',
      ],
      [
        'settings.unknown-key',
        '"contributes": { "settings": { "s": { "type": "string", "title": "S", "secrt": true } } }',
        '"secrt"',
        '"secret"',
      ],
      [
        'hooks.unknown-key',
        '"contributes": { "hooks": { "onAppReady": { "handler": "./tools/t.js", "filtr": {} } } }',
        '"filtr"',
        '"filter"',
      ],
      [
        'commands.unknown-key',
        '"contributes": { "commands": [ { "id": "c", "title": "C", "icn": "x" } ] }',
        '"icn"',
        '"icon"',
      ],
      [
        'views.unknown-key',
        '"contributes": { "views": [ { "id": "v", "title": "V", "locaton": "x" } ] }',
        '"locaton"',
        '"location"',
      ],
      ['permissions.unknown-key', '"contributes": {}, "permissions": { "toastt": true }', '"toastt"', '"toast"'],
    ];
    for (const [code, body, from, to] of cases) {
      const text = manifest(body);
      assert.equal(await fixed(text, code, `Change to ${to}`), text.replace(from, to), code);
    }
  });

  test('a missing required field, added with a placeholder, in every area', async () => {
    const cases: [RuleCode, string, string, string, string][] = [
      [
        'actions.required',
        `"contributes": { "actions": [ { "id": "a", "title": "T", "description": "D", "prompt": "./p.md" } ] }`,
        'scope',
        '"prompt": "./p.md" }',
        '"prompt": "./p.md", "scope": "single-file" }',
      ],
      [
        'settings.required',
        '"contributes": { "settings": { "s": { "type": "string" } } }',
        'title',
        '"type": "string" }',
        '"type": "string", "title": "" }',
      ],
      [
        'commands.required',
        '"contributes": { "commands": [ { "id": "c" } ] }',
        'title',
        '{ "id": "c" }',
        '{ "id": "c", "title": "" }',
      ],
      [
        'views.required',
        '"contributes": { "views": [ { "id": "v" } ] }',
        'title',
        '{ "id": "v" }',
        '{ "id": "v", "title": "" }',
      ],
    ];
    for (const [code, body, field, from, to] of cases) {
      const text = manifest(body);
      assert.equal(await fixed(text, code, `Add missing "${field}"`), text.replace(from, to), code);
    }
  });

  test('a field a rule requires, added: handler, prompt, toolId, options, an action setting\u2019s handler, the process command', async () => {
    const noHandler = manifest(`"contributes": { "tools": [ ${tool.replace('"handler": "./tools/t.js", ', '')} ] }`);
    assert.equal(
      await fixed(noHandler, 'tools.handler-required', 'Add missing "handler"'),
      noHandler.replace('"readOnlyHint": true } }', '"readOnlyHint": true }, "handler": "./tools/t.js" }'),
    );
    const noPrompt = manifest(
      `"contributes": { "actions": [ { "id": "a", "title": "T", "description": "D", "scope": "single-file", "kind": "prompt" } ] }`,
    );
    assert.equal(
      await fixed(noPrompt, 'actions.prompt-required', 'Add missing "prompt"'),
      noPrompt.replace('"kind": "prompt" }', '"kind": "prompt", "prompt": "./prompts/a.md" }'),
    );
    const noToolId = manifest(`"contributes": { "tools": [ ${tool} ], "actions": [ ${toolAction('')} ] }`);
    assert.equal(
      await fixed(noToolId, 'actions.tool-id-required', 'Add missing "toolId"'),
      noToolId.replace('"kind": "tool" }', '"kind": "tool", "toolId": "t" }'),
    );
    const noOptions = manifest(
      `"contributes": { "actions": [ ${promptAction(', "params": [ { "id": "p", "label": "P", "type": "select" } ]')} ] }`,
    );
    assert.equal(
      await fixed(noOptions, 'actions.select-options', 'Add missing "options"', true),
      noOptions.replace('"type": "select" }', '"type": "select", "options": [] }'),
    );
    const noSettingHandler = manifest('"contributes": { "settings": { "s": { "type": "action", "title": "S" } } }');
    assert.equal(
      await fixed(noSettingHandler, 'settings.action-handler', 'Add missing "handler"'),
      noSettingHandler.replace('"title": "S" }', '"title": "S", "handler": "./settings/s.js" }'),
    );
    const noCommand = manifest('"runtime": "process",\n  "contributes": {}');
    assert.equal(
      await fixed(noCommand, 'manifest.command-required', 'Add missing "command"'),
      noCommand.replace('"contributes": {}\n', '"contributes": {},\n  "command": "./bin/plugin"\n'),
    );
  });

  test('what a runtime or an action kind forbids, removed', async () => {
    const views = processManifest('"contributes": { "views": [ { "id": "v", "title": "V" } ] }');
    assert.equal(await fixed(views, 'process.views', 'Remove "views"'), processManifest('"contributes": {}'));
    const setting = processManifest(
      '"contributes": { "settings": { "s": { "type": "action", "title": "S", "handler": "./tools/t.js" } } }',
    );
    assert.equal(
      await fixed(setting, 'process.action-setting', 'Remove "s"'),
      setting.replace('{ "s": { "type": "action", "title": "S", "handler": "./tools/t.js" } }', '{}'),
    );
    const prompt = manifest(
      `"contributes": { "tools": [ ${tool} ], "actions": [ ${toolAction(', "toolId": "t", "prompt": "./p.md"')} ] }`,
    );
    assert.equal(
      await fixed(prompt, 'actions.prompt-forbidden', 'Remove "prompt"'),
      prompt.replace(', "prompt": "./p.md"', ''),
    );
    const toolScope = manifest(
      `"contributes": { "tools": [ ${tool} ], "actions": [ ${toolAction(', "toolId": "t", "toolScope": ["t"]')} ] }`,
    );
    assert.equal(
      await fixed(toolScope, 'actions.tool-scope-forbidden', 'Remove "toolScope"'),
      toolScope.replace(', "toolScope": ["t"]', ''),
    );
  });

  test('an id that names nothing, changed to the one meant: generate.actionId, populateParamId, forwardParamIds, fetch.settings', async () => {
    const make = toolAction(', "toolId": "t", "hidden": true').replace('"id": "a"', '"id": "make"');
    const generate = (body: string) =>
      `{ "id": "g", "title": "G", "description": "D", "scope": "single-file", "prompt": "./p.md", "params": [ { "id": "notes", "label": "N", "type": "per-file-text" } ], "generate": { "label": "L", ${body} } }`;
    const actionId = manifest(
      `"contributes": { "tools": [ ${tool} ], "actions": [ ${make}, ${generate('"actionId": "mak", "populateParamId": "notes"')} ] }`,
    );
    assert.equal(
      await fixed(actionId, 'actions.generate-action-unknown', 'Change to "make"'),
      actionId.replace('"mak"', '"make"'),
    );
    const populate = manifest(
      `"contributes": { "tools": [ ${tool} ], "actions": [ ${make}, ${generate('"actionId": "make", "populateParamId": "note"')} ] }`,
    );
    assert.equal(
      await fixed(populate, 'actions.generate-populate', 'Change to "notes"'),
      populate.replace('"note"', '"notes"'),
    );
    const forward = manifest(
      `"contributes": { "tools": [ ${tool} ], "actions": [ ${make}, ${generate('"actionId": "make", "populateParamId": "notes", "forwardParamIds": ["nots"]')} ] }`,
    );
    assert.equal(
      await fixed(forward, 'actions.generate-forward', 'Change to "notes"'),
      forward.replace('"nots"', '"notes"'),
    );
    const fetch = manifest(
      '"contributes": { "settings": { "apiUrl": { "type": "string", "title": "API" } } },\n  "permissions": { "fetch": { "settings": ["apiUrll"] } }',
    );
    assert.equal(
      await fixed(fetch, 'permissions.fetch-setting-unknown', 'Change to "apiUrl"'),
      fetch.replace('"apiUrll"', '"apiUrl"'),
    );
  });

  test('annotations declared on a tool that has none, in a plugin that may write', async () => {
    const text = manifest(
      `"contributes": { "tools": [ ${tool.replace(', "annotations": { "readOnlyHint": true }', '')} ] },\n  "permissions": { "fs": { "write": { "parameter": true } } }`,
    );
    assert.equal(
      await fixed(text, 'tools.undeclared-annotations-write', 'Declare annotations: read (readOnlyHint: true)'),
      text.replace(
        '"handler": "./tools/t.js" }',
        '"handler": "./tools/t.js", "annotations": {\n      "readOnlyHint": true\n    } }',
      ),
    );
  });
});
