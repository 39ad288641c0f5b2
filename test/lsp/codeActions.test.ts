import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CodeAction } from 'vscode-languageserver-protocol/node';
import type { RuleCode } from '../../server/src/engine';
import { applyFix, pickFix, quickFixesFor } from './fixHelpers';
import { fixturesRoot, handlerText, LspClient, manifest, tempFolder } from './lspClient';

let client: LspClient;
before(async () => {
  client = await LspClient.start();
});
after(() => client.stop());

const fixesFor = (uri: string, code: RuleCode) => quickFixesFor(client, uri, code);
const pick = pickFix;
const apply = (uri: string, action: CodeAction) => applyFix(client, uri, action);

function folderFiles(root: string, below = ''): string[] {
  return readdirSync(join(root, below), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? folderFiles(root, join(below, entry.name)) : [join(below, entry.name)],
  );
}

describe('quick fix: the legacy tool shape (golden files)', () => {
  const fixture = join(fixturesRoot, 'legacy-tools');
  const golden = (name: string, file: string) => readFileSync(join(fixture, name, file), 'utf8');

  async function openFixture() {
    const folder = tempFolder();
    cpSync(join(fixture, 'input'), folder.root, { recursive: true });
    cpSync(join(folder.root, 'manifest.fixture.json'), join(folder.root, 'manifest.json'));
    const uri = folder.uri('manifest.json');
    await client.open(uri, readFileSync(join(folder.root, 'manifest.json'), 'utf8'));
    return { folder, uri };
  }

  test('one tool: name becomes id, parameters move to ./tools/<id>.schema.json, one WorkspaceEdit', async () => {
    const { folder, uri } = await openFixture();
    try {
      const { diagnostic, actions } = await fixesFor(uri, 'tools.legacy-shape');
      assert.deepEqual(diagnostic.data, { jsonPath: ['contributes', 'tools', 0], toolIndex: 0 });
      assert.deepEqual(
        actions.map((a) => a.title),
        [
          'Use the current tool shape: rename "name" to "id" and move its parameters to ./tools/count_words.schema.json',
          'Fix all legacy tools in this file (2)',
        ],
      );
      const fix = actions[0];
      assert.equal(fix.kind, 'quickfix');
      assert.equal(fix.isPreferred, true);
      assert.deepEqual(fix.diagnostics, [diagnostic]);
      const changes = fix.edit!.documentChanges!;
      assert.deepEqual(changes[0], {
        kind: 'create',
        uri: folder.uri('tools/count_words.schema.json'),
        options: { overwrite: false, ignoreIfExists: false },
      });
      assert.deepEqual((changes[2] as { textDocument: unknown }).textDocument, { uri, version: 1 });

      const text = await apply(uri, fix);
      assert.equal(text, golden('expected-one', 'manifest.fixture.json'));
      assert.equal(
        readFileSync(join(folder.root, 'tools/count_words.schema.json'), 'utf8'),
        golden('expected-one', 'tools/count_words.schema.json'),
      );
      // The tool it fixed is no longer reported; the other one still is.
      const after = await client.diagnostics(uri);
      assert.deepEqual(
        after.map((d) => [d.code, d.data?.toolIndex]),
        [['tools.legacy-shape', 1]],
      );
    } finally {
      folder.cleanup();
    }
  });

  test('fix all: every legacy tool, never overwriting an existing schema file', async () => {
    const { folder, uri } = await openFixture();
    try {
      const { actions } = await fixesFor(uri, 'tools.legacy-shape');
      const text = await apply(uri, pick(actions, 'Fix all legacy tools in this file (2)'));
      assert.equal(text, golden('expected-all', 'manifest.fixture.json'));
      for (const file of ['tools/count_words.schema.json', 'tools/summarize-2.schema.json']) {
        assert.equal(readFileSync(join(folder.root, file), 'utf8'), golden('expected-all', file), file);
      }
      assert.equal(
        readFileSync(join(folder.root, 'tools/summarize.schema.json'), 'utf8'),
        golden('input', 'tools/summarize.schema.json'),
      );
      assert.deepEqual(folderFiles(folder.root).sort(), [
        'manifest.fixture.json',
        'manifest.json',
        'tools/count-words.js',
        'tools/count_words.schema.json',
        'tools/summarize-2.schema.json',
        'tools/summarize.js',
        'tools/summarize.schema.json',
      ]);
      assert.deepEqual(await client.diagnostics(uri), []);
    } finally {
      folder.cleanup();
    }
  });

  test('a CRLF manifest keeps its line breaks, in the manifest and the new file', async () => {
    const folder = tempFolder({ 'tools/t.js': handlerText });
    try {
      const uri = folder.uri('manifest.json');
      const lf = manifest(
        '"contributes": {\n    "tools": [\n      {\n        "name": "t",\n        "title": "T",\n        "description": "Counts the words in a text file.",\n        "parameters": {\n          "type": "object"\n        },\n        "handler": "./tools/t.js",\n        "annotations": {}\n      }\n    ]\n  }',
      );
      await client.open(uri, lf.replace(/\n/g, '\r\n'));
      const text = await apply(uri, (await fixesFor(uri, 'tools.legacy-shape')).actions[0]);
      assert.equal(
        text,
        lf
          .replace('"name": "t"', '"id": "t"')
          .replace('"parameters": {\n          "type": "object"\n        }', '"schema": "./tools/t.schema.json"')
          .replace(/\n/g, '\r\n'),
      );
      assert.equal(readFileSync(join(folder.root, 'tools/t.schema.json'), 'utf8'), '{\r\n  "type": "object"\r\n}\r\n');
    } finally {
      folder.cleanup();
    }
  });
});

describe('quick fixes where the fix is certain', () => {
  const folder = tempFolder({ 'tools/t.js': handlerText, 'tools/t.schema.json': '{ "type": "object" }' });
  after(() => folder.cleanup());
  let count = 0;

  /** Opens `text`, applies the fix titled `title` for the diagnostic `code`, returns the new text. */
  async function fixed(text: string, code: RuleCode, title: string | RegExp): Promise<string> {
    const uri = folder.uri(`case${++count}/manifest.json`);
    await client.open(uri, text);
    const { actions } = await fixesFor(uri, code);
    return apply(uri, pick(actions, title));
  }

  const validTool =
    '{ "id": "t", "title": "T", "description": "Counts the words in a text file.", "schema": "../x.json", "annotations": {} }';

  test('remove a byte-order mark', async () => {
    const text = manifest('"contributes": {}');
    assert.equal(await fixed('\uFEFF' + text, 'json.syntax', 'Remove the byte-order mark'), text);
  });

  test('kebab-case a name, and an action id where generate.actionId names it too', async () => {
    assert.equal(
      await fixed(
        manifest('').replace('"sample-plugin"', '"My Plugin_v2"'),
        'manifest.name',
        'Change to "my-plugin-v2" (kebab-case)',
      ),
      manifest('').replace('"sample-plugin"', '"my-plugin-v2"'),
    );
    const before = manifest(
      '"contributes": { "actions": [ { "id": "Make Notes", "title": "T", "description": "D", "scope": "single-file", "prompt": "./p.md", "hidden": true }, { "id": "b", "title": "T", "description": "D", "scope": "single-file", "prompt": "./p.md", "generate": { "label": "L", "actionId": "Make Notes", "populateParamId": "p" } } ] }',
    );
    assert.equal(
      await fixed(before, 'actions.id', 'Change to "make-notes" (kebab-case)'),
      before.replace(/"Make Notes"/g, '"make-notes"'),
    );
  });

  test('add a missing required field with a placeholder, at the indentation of its siblings', async () => {
    const before = `{\n\t"name": "p",\n\t"displayName": "P",\n\t"contributes": {}\n}\n`;
    assert.equal(
      await fixed(before, 'manifest.required', 'Add missing "version"'),
      `{\n\t"name": "p",\n\t"displayName": "P",\n\t"contributes": {},\n\t"version": "0.1.0"\n}\n`,
    );
    const tool = manifest(
      '"contributes": { "tools": [ { "id": "t", "title": "T", "description": "Counts the words in a text file.", "annotations": {} } ] }',
    );
    assert.equal(
      await fixed(tool, 'tools.required', 'Add missing "schema"'),
      tool.replace('"annotations": {} }', '"annotations": {}, "schema": "./tools/t.schema.json" }'),
    );
  });

  test('remove what runtime "process" forbids; add "parameter": true to a static fs rule', async () => {
    const base = (body: string) => manifest(`"runtime": "process",\n  "command": "./tools/t.js",\n  ${body}`);
    assert.equal(
      await fixed(base('"sandbox": false,\n  "contributes": {}'), 'process.sandbox', 'Remove "sandbox"'),
      base('"contributes": {}'),
    );
    assert.equal(
      await fixed(
        base(`"contributes": { "tools": [ { "id": "t", "handler": "./h.js", "title": "T" } ] }`),
        'process.tool-handler',
        'Remove "handler"',
      ),
      base(`"contributes": { "tools": [ { "id": "t", "title": "T" } ] }`),
    );
    assert.equal(
      await fixed(base(`"contributes": { "hooks": { "onAppReady": "./h.js" } }`), 'process.hooks', 'Remove "hooks"'),
      base(`"contributes": {}`),
    );
    assert.equal(
      await fixed(
        base(`"contributes": {},\n  "permissions": { "fs": { "read": { "static": ["/data/**"] } } }`),
        'process.static-fs',
        'Add "parameter": true',
      ),
      base(`"contributes": {},\n  "permissions": { "fs": { "read": { "static": ["/data/**"], "parameter": true } } }`),
    );
  });

  test('./x → ${dataDir}/x in static patterns; a URL in fetch.static → its host; a glob in fs.list.static → its directory', async () => {
    const fs = manifest('"contributes": {}, "permissions": { "fs": { "read": { "static": ["./cache/**"] } } }');
    assert.equal(
      await fixed(fs, 'permissions.relative-static', 'Change to "${dataDir}/cache/**"'),
      fs.replace('"./cache/**"', '"${dataDir}/cache/**"'),
    );
    const fetch = manifest(
      '"contributes": {}, "permissions": { "fetch": { "static": ["https://api.example.com/v1"] } }',
    );
    assert.equal(
      await fixed(fetch, 'permissions.fetch-url', 'Change to "api.example.com"'),
      fetch.replace('"https://api.example.com/v1"', '"api.example.com"'),
    );
    const list = manifest(
      '"contributes": {}, "permissions": { "fs": { "list": { "static": ["${dataDir}/exports/**"] } } }',
    );
    assert.equal(
      await fixed(list, 'permissions.list-static-glob', 'Change to "${dataDir}/exports"'),
      list.replace('"${dataDir}/exports/**"', '"${dataDir}/exports"'),
    );
  });

  test('did you mean: an unknown key, a hook event, an unknown tool id', async () => {
    const key = manifest('"descripton": "x", "contributes": {}');
    assert.equal(
      await fixed(key, 'manifest.unknown-key', 'Change to "description"'),
      key.replace('"descripton"', '"description"'),
    );
    const hook = manifest('"contributes": { "hooks": { "onAgentCompleted": "./tools/t.js" } }');
    assert.equal(
      await fixed(hook, 'hooks.unknown-event', 'Change to "onAgentComplete"'),
      hook.replace('"onAgentCompleted"', '"onAgentComplete"'),
    );
    const toolId = manifest(
      `"contributes": { "tools": [ ${validTool} ], "actions": [ { "id": "a", "title": "T", "description": "D", "scope": "folder", "kind": "tool", "toolId": "tt" } ] }`,
    );
    assert.equal(await fixed(toolId, 'actions.tool-id-unknown', 'Change to "t"'), toolId.replace('"tt"', '"t"'));
  });

  test('create a missing schema file', async () => {
    const uri = folder.uri('create/manifest.json');
    const text = manifest(
      '"contributes": { "tools": [ { "id": "t", "title": "T", "description": "Counts the words in a text file.", "schema": "./tools/t.schema.json", "handler": "./h.js", "annotations": {} } ] }',
    );
    await client.open(uri, text);
    const { actions } = await fixesFor(uri, 'files.missing');
    const create = pick(actions, 'Create tools/t.schema.json');
    assert.deepEqual(create.edit!.documentChanges![0], {
      kind: 'create',
      uri: folder.uri('create/tools/t.schema.json'),
      options: { overwrite: false, ignoreIfExists: false },
    });
    await apply(uri, create);
    assert.equal(
      readFileSync(join(folder.root, 'create/tools/t.schema.json'), 'utf8'),
      '{\n  "$schema": "http://json-schema.org/draft-07/schema#",\n  "type": "object",\n  "properties": {}\n}\n',
    );
    const after = await client.diagnostics(uri, (p) => p.diagnostics.length === 1);
    assert.equal(
      after[0].message,
      '`contributes.tools[0].handler` "./h.js" does not exist in the plugin folder. Create the handler module there, or correct the path.',
    );
    const handler = pick((await fixesFor(uri, 'files.missing')).actions, 'Create h.js');
    await apply(uri, handler);
    assert.ok(existsSync(join(folder.root, 'create/h.js')));
    await client.diagnostics(uri, (p) => p.diagnostics.length === 0);
  });

  test('declare annotations on a tool that has none: one fix per category', async () => {
    const text = manifest(
      '"contributes": {\n    "tools": [\n      {\n        "id": "t",\n        "title": "T"\n      }\n    ]\n  },\n  "permissions": { "fetch": {} }',
    );
    const uri = folder.uri('annotations/manifest.json');
    await client.open(uri, text);
    const { actions } = await fixesFor(uri, 'tools.undeclared-annotations');
    assert.deepEqual(
      actions.map((a) => a.title),
      [
        'Declare annotations: read (readOnlyHint: true)',
        'Declare annotations: modify (readOnlyHint: false)',
        'Declare annotations: delete (destructiveHint: true)',
        'Declare annotations: external (openWorldHint: true)',
      ],
    );
    const after = await apply(uri, actions[2]);
    assert.equal(
      after,
      text.replace(
        '"title": "T"\n',
        '"title": "T",\n        "annotations": {\n          "readOnlyHint": false,\n          "destructiveHint": true\n        }\n',
      ),
    );
  });

  test('declare annotations on a tool whose annotations object is empty: the fix fills it', async () => {
    const text = manifest(
      '"contributes": {\n    "tools": [\n      {\n        "id": "t",\n        "title": "T",\n        "annotations": {}\n      }\n    ]\n  },\n  "permissions": { "fetch": {} }',
    );
    const uri = folder.uri('empty-annotations/manifest.json');
    await client.open(uri, text);
    const { actions } = await fixesFor(uri, 'tools.undeclared-annotations');
    assert.equal(actions.length, 4);
    const after = await apply(uri, actions[0]);
    assert.equal(
      after,
      text.replace('"annotations": {}', '"annotations": {\n          "readOnlyHint": true\n        }'),
    );
  });

  test('declare the permission a handler uses: true, the parameter grant for fs, into what is already declared', async () => {
    const handler =
      'module.exports = async (args, ctx) => { ctx.toast("Saved"); await ctx.fs.write(args.path, "x"); };';
    const declared = tempFolder({
      'tools/t.js': handler,
      'tools/t.schema.json':
        '{ "type": "object", "properties": { "path": { "type": "string", "format": "file-path" } } }',
    });
    try {
      const tool =
        '{ "id": "t", "title": "T", "description": "Counts the words in a text file.", "schema": "./tools/t.schema.json", "handler": "./tools/t.js", "annotations": { "readOnlyHint": false } }';
      const none = manifest(`"contributes": { "tools": [ ${tool} ] }`);
      const uri = declared.uri('manifest.json');
      await client.open(uri, none);
      const { actions } = await fixesFor(uri, 'permissions.undeclared-use');
      assert.deepEqual(
        actions.map((a) => a.title),
        ['Declare `permissions.toast`'],
      );
      const withToast = await apply(uri, actions[0]);
      assert.equal(withToast, none.replace(' ] }\n}', ' ] },\n  "permissions": {\n    "toast": true\n  }\n}'));
      const fs = pick(
        (await fixesFor(uri, 'permissions.undeclared-use')).actions,
        'Declare `permissions.fs.write` with "parameter": true (the path comes from the tool\u2019s arguments)',
      );
      const withFs = await apply(uri, fs);
      assert.equal(
        withFs,
        withToast.replace(
          '"toast": true',
          '"toast": true,\n    "fs": {\n      "write": {\n        "parameter": true\n      }\n    }',
        ),
      );
      await client.diagnostics(uri, (p) => p.version === client.version(uri) && p.diagnostics.length === 0);
      // A permission turned off by the author is turned on, not added twice.
      await client.close(uri);
      const off = manifest(
        `"contributes": { "tools": [ ${tool} ] }, "permissions": { "toast": false, "fs": { "write": { "parameter": true } } }`,
      );
      await client.open(uri, off, client.version(uri) + 1);
      const on = await apply(
        uri,
        pick((await fixesFor(uri, 'permissions.undeclared-use')).actions, 'Declare `permissions.toast`'),
      );
      assert.equal(on, off.replace('"toast": false', '"toast": true'));
    } finally {
      declared.cleanup();
    }
  });

  test('a diagnostic without data (a client that drops it) or with data it changed gets the fix of the engine\u2019s own finding; unknown codes get none', async () => {
    const uri = folder.uri('nodata/manifest.json');
    const text = manifest('"contributes": {}').replace('"sample-plugin"', '"Bad Name"');
    await client.open(uri, text);
    const [diagnostic] = await client.diagnostics(uri);
    const { data: _dropped, ...withoutData } = diagnostic;
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostic.range,
      context: { diagnostics: [withoutData] },
    });
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Change to "bad-name" (kebab-case)'],
    );
    // Data a client changed is not trusted: the fix takes the engine's own finding at that place.
    const altered = { ...diagnostic, data: { jsonPath: 'name', toolIndex: { length: 1e9 } } };
    const same = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostic.range,
      context: { diagnostics: [altered] },
    });
    assert.deepEqual(
      same.map((a) => a.edit),
      actions.map((a) => a.edit),
    );
    const none = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostic.range,
      context: {
        diagnostics: [
          { ...diagnostic, code: 'some.other-rule' },
          { ...diagnostic, code: undefined },
        ],
      },
    });
    assert.deepEqual(none, []);
  });
});
