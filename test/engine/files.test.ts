import assert from 'node:assert/strict';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { analyzeManifest, dataOf } from '../../server/src/engine';
import { codesOf, expectNone, expectRule, manifest, MemoryFolder, pluginFolder, areaCodes } from './helpers';

const fileSchema = JSON.stringify({
  type: 'object',
  properties: { path: { type: 'string', format: 'file-path' } },
  required: ['path'],
});
const batchSchema = JSON.stringify({
  type: 'object',
  properties: { paths: { type: 'array', items: { type: 'string', format: 'file-path' } } },
});

const tool = (schema = 'tools/count.schema.json', handler = 'tools/count.js') =>
  `{ "id": "count_words", "title": "Count", "description": "Counts the words in a text file.", "schema": "${schema}", "handler": "${handler}", "annotations": { "readOnlyHint": true } }`;

const complete = () =>
  pluginFolder({
    'tools/count.schema.json': fileSchema,
    'tools/count.js': 'module.exports = {}',
    'prompts/summarize.md': 'Summarize {{file}}',
    'hooks/ready.js': 'module.exports = async () => {};',
    'commands/wc.js': 'module.exports = async () => {};',
    'settings/reset.js': 'module.exports = async () => {};',
  });

test('every referenced file present: clean', () => {
  const { folder } = complete();
  expectNone(
    manifest(`"permissions": { "fs": { "read": { "parameter": true } } }, "contributes": { "tools": [${tool('./tools/count.schema.json')}],
    "actions": [{ "id": "summarize", "title": "S", "description": "d", "scope": "single-file", "prompt": "prompts/summarize.md" }],
    "hooks": { "onAppReady": { "handler": "hooks/ready.js" } }, "commands": [{ "id": "wc", "title": "WC", "handler": "commands/wc.js" }],
    "settings": { "reset": { "type": "action", "title": "Reset", "handler": "settings/reset.js" } } }`),
    areaCodes('files'),
    folder,
  );
});

test('files.missing: each kind of reference, at the path, with the file for a quick fix', () => {
  const { folder } = pluginFolder({});
  const schemaOnly = pluginFolder({ 'tools/count.schema.json': fileSchema });
  const diagnostic = expectRule(
    'files.missing',
    manifest(`"contributes": { "tools": [${tool()}] }`.replace('"tools/count.js"', '«"tools/count.js"»')),
    {
      folder: schemaOnly.folder,
      message: 'does not exist in the plugin folder. Create the handler module there',
    },
  );
  // With what a skeleton of the handler needs: the schema's argument names, the module style (no other handler says
  // one).
  assert.deepEqual(dataOf(diagnostic, 'files.missing'), {
    jsonPath: ['contributes', 'tools', 0, 'handler'],
    filePath: 'tools/count.js',
    referenceKind: 'tool-handler',
    argumentNames: ['path'],
    moduleStyle: 'commonjs',
  });
  expectRule(
    'files.missing',
    manifest(
      '"contributes": { "actions": [{ "id": "a", "title": "t", "description": "d", "scope": "folder", "prompt": «"prompts/a.md"» }] }',
    ),
    { folder, message: 'prompt template' },
  );
  expectRule('files.missing', manifest('"contributes": { "hooks": { "onAppReady": «"hooks/ready.js"» } }'), { folder });
  expectRule('files.missing', manifest('"runtime": "process", "command": «"bin/server"»'), {
    folder,
    message: 'executable',
  });
  expectRule(
    'files.missing',
    manifest('"contributes": { "commands": [{ "id": "wc", "title": "WC", "handler": «"commands/wc.js"» }] }'),
    { folder },
  );
  expectRule(
    'files.missing',
    manifest('"contributes": { "settings": { "r": { "type": "action", "title": "R", "handler": «"r.js"» } } }'),
    { folder },
  );
});

test('files.empty: an empty handler or prompt, a warning at its path; white space is empty, a comment is not', () => {
  const files = {
    'tools/count.schema.json': fileSchema,
    'tools/count.js': 'module.exports = async () => "";',
    'prompts/a.md': 'Read {{file}}',
    'hooks/ready.js': 'module.exports = async () => {};',
    'commands/wc.js': '// to do',
  };
  const body =
    manifest(`"permissions": { "fs": { "read": { "parameter": true } } }, "contributes": { "tools": [${tool()}],
    "actions": [{ "id": "a", "title": "t", "description": "d", "scope": "folder", "prompt": "prompts/a.md" }],
    "hooks": { "onAppReady": "hooks/ready.js" }, "commands": [{ "id": "wc", "title": "WC", "handler": "commands/wc.js" }] }`);
  expectNone(body, areaCodes('files'), pluginFolder(files).folder);
  const handler = expectRule('files.empty', body.replace('"tools/count.js"', '«"tools/count.js"»'), {
    folder: pluginFolder({ ...files, 'tools/count.js': ' \n\t\n' }).folder,
    severity: 'warning',
  });
  assert.equal(
    handler.message,
    '`contributes.tools[0].handler` "tools/count.js" is an empty file, so it exports no function for Filer to call.',
  );
  assert.deepEqual(handler.data, {
    jsonPath: ['contributes', 'tools', 0, 'handler'],
    filePath: 'tools/count.js',
    referenceKind: 'tool-handler',
  });
  const prompt = expectRule('files.empty', body.replace('"prompts/a.md"', '«"prompts/a.md"»'), {
    folder: pluginFolder({ ...files, 'prompts/a.md': '' }).folder,
    severity: 'warning',
  });
  assert.equal(
    prompt.message,
    '`contributes.actions[0].prompt` "prompts/a.md" is an empty file, so the action would give the agent no request.',
  );
  expectRule('files.empty', body.replace('"hooks/ready.js"', '«"hooks/ready.js"»'), {
    folder: pluginFolder({ ...files, 'hooks/ready.js': '\uFEFF' }).folder,
    message: 'hook',
  });
  expectRule(
    'files.empty',
    manifest('"contributes": { "settings": { "r": { "type": "action", "title": "R", "handler": «"r.js"» } } }'),
    { folder: pluginFolder({ 'r.js': '' }).folder },
  );
  // An empty schema file is not JSON: its own rule says so.
  assert.deepEqual(
    codesOf(
      manifest(`"contributes": { "tools": [${tool()}] }`),
      pluginFolder({ 'tools/count.schema.json': '', 'tools/count.js': 'x' }).folder,
    ),
    ['tools.schema-not-json'],
  );
});

test('without a folder (stdin, unsaved text), file rules stay quiet', () => {
  expectNone(manifest(`"contributes": { "tools": [${tool()}] }`), areaCodes('files'));
});

test('files.not-a-file: a folder where a file is expected', () => {
  const { folder } = pluginFolder({ 'tools/count.schema.json': fileSchema, 'tools/count.js/index.js': '' });
  expectRule(
    'files.not-a-file',
    manifest(`"contributes": { "tools": [${tool()}] }`.replace('"tools/count.js"', '«"tools/count.js"»')),
    { folder, message: 'names a folder' },
  );
});

test('files.not-a-file: an empty path, or ".", names the plugin folder itself', () => {
  const { folder } = pluginFolder({ 'tools/count.schema.json': fileSchema });
  expectRule(
    'files.not-a-file',
    manifest(
      `"contributes": { "tools": [${tool('tools/count.schema.json', '')}] }`.replace(
        '"handler": ""',
        '"handler": «""»',
      ),
    ),
    {
      folder,
      message: 'names the plugin folder itself, not the handler module',
    },
  );
  expectRule('files.not-a-file', manifest('"contributes": { "hooks": { "onAppReady": «"./"» } }'), {
    folder,
    message: 'plugin folder itself',
  });
});

test('files.outside: a symlink that leaves the plugin folder is not followed', () => {
  const outside = pluginFolder({ 'secret.json': fileSchema });
  const { root, folder } = pluginFolder({ 'tools/count.js': '' });
  symlinkSync(join(outside.root, 'secret.json'), join(root, 'tools/count.schema.json'));
  expectRule(
    'files.outside',
    manifest(
      `"contributes": { "tools": [${tool()}] }`.replace('"tools/count.schema.json"', '«"tools/count.schema.json"»'),
    ),
    { folder },
  );
});

test('a valid tool schema of 2.7 MB (a SchemaStore schema Filer loads) is read and analysed, not an error', () => {
  // Draft-07, 2.7 MB: many definitions, each referred to, beside the tool's one argument.
  // Its length counted as it grows (stringifying the whole of it on each turn took minutes).
  const definitions: Record<string, unknown> = {};
  for (let i = 0, length = 2; length < 2_741_253; i++) {
    const definition = {
      type: 'object',
      description: `Setting ${i} of the monitor, as its vendor documents it in some detail.`,
      properties: { enabled: { type: 'boolean' }, threshold: { type: 'number', minimum: 0 } },
    };
    definitions[`setting${i}`] = definition;
    length += JSON.stringify(`setting${i}`).length + 1 + JSON.stringify(definition).length + (i > 0 ? 1 : 0);
  }
  const large = JSON.stringify({
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    definitions,
    required: ['path'],
    properties: { path: { type: 'string', format: 'file-path' }, setting: { $ref: '#/definitions/setting0' } },
  });
  assert.ok(large.length > 2.6 * 1024 * 1024);
  const { folder } = pluginFolder({ 'tools/count.schema.json': large, 'tools/count.js': 'module.exports = () => 1;' });
  const text = manifest(`"contributes": { "tools": [${tool()}] }`);
  expectNone(text, ['files.unreadable', 'files.not-checked', 'tools.schema-invalid'], folder);
  // Its arguments are known: a handler reading one it does not declare is told so.
  const { folder: again } = pluginFolder({
    'tools/count.schema.json': large,
    'tools/count.js': 'module.exports = (args) => args.pth;',
  });
  assert.deepEqual(
    analyzeManifest(text, { folder: again })
      .diagnostics.filter((d) => d.code === 'handlers.unknown-argument')
      .map((d) => d.file),
    ['tools/count.js'],
  );
});

test('a schema past 16 MiB is not checked, as information, with its size as it is', () => {
  const { root, folder } = pluginFolder({ 'tools/count.js': 'module.exports = () => 1;' });
  writeFileSync(join(root, 'tools/count.schema.json'), Buffer.alloc(16 * 1024 * 1024 + 1000, 32));
  const text = manifest(`"contributes": { "tools": [${tool()}] }`);
  const found = analyzeManifest(text, { folder }).diagnostics.filter((d) => d.code.startsWith('files.'));
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.message]),
    [
      [
        'files.not-checked',
        'information',
        '`contributes.tools[0].schema` "tools/count.schema.json" is 16,778,216 bytes, more than the 16 MiB the checks read. The tool’s schema is not checked.',
      ],
    ],
  );
});

test('paths.dotdot: schema, handler, prompt, hook and command paths, never read', () => {
  const { folder } = complete();
  expectRule(
    'paths.dotdot',
    manifest(
      `"contributes": { "tools": [${tool('../shared/s.json')}] }`.replace('"../shared/s.json"', '«"../shared/s.json"»'),
    ),
    { folder, severity: 'error' },
  );
  expectRule(
    'paths.dotdot',
    manifest('"contributes": { "hooks": { "onAppReady": { "handler": «"hooks/../../x.js"» } } }'),
    { folder },
  );
  expectRule('paths.dotdot', manifest('"runtime": "process", "command": «"../bin/server"»'), { folder });
  assert.ok(
    !codesOf(manifest(`"contributes": { "tools": [${tool('../shared/s.json')}] }`), folder).includes('files.missing'),
  );
});

test('paths.absolute: a warning, and the file is not read', () => {
  const { folder } = complete();
  expectRule(
    'paths.absolute',
    manifest(`"contributes": { "tools": [${tool('/etc/passwd')}] }`.replace('"/etc/passwd"', '«"/etc/passwd"»')),
    { folder, severity: 'warning' },
  );
  expectRule(
    'paths.absolute',
    manifest(
      '"contributes": { "actions": [{ "id": "a", "title": "t", "description": "d", "scope": "folder", "prompt": «"C:\\\\prompts\\\\a.md"» }] }',
    ),
    { folder },
  );
});

test('tools.schema-not-json and tools.schema-invalid', () => {
  const broken = pluginFolder({ 'tools/count.schema.json': '{ "type": ', 'tools/count.js': '' });
  expectRule(
    'tools.schema-not-json',
    manifest(
      `"contributes": { "tools": [${tool()}] }`.replace('"tools/count.schema.json"', '«"tools/count.schema.json"»'),
    ),
    { folder: broken.folder },
  );
  const invalid = pluginFolder({
    'tools/count.schema.json': '{ "type": "obj", "properties": [] }',
    'tools/count.js': '',
  });
  expectRule(
    'tools.schema-invalid',
    manifest(
      `"contributes": { "tools": [${tool()}] }`.replace('"tools/count.schema.json"', '«"tools/count.schema.json"»'),
    ),
    { folder: invalid.folder },
  );
});

test('tools.path-without-format: a path-like property without a path format is a hint', () => {
  const { folder } = pluginFolder({
    'tools/count.schema.json': JSON.stringify({ type: 'object', properties: { filePath: { type: 'string' } } }),
    'tools/count.js': '',
  });
  expectRule(
    'tools.path-without-format',
    manifest(
      `"contributes": { "tools": [${tool()}] }`.replace('"tools/count.schema.json"', '«"tools/count.schema.json"»'),
    ),
    {
      folder,
      severity: 'hint',
      message: 'Property `filePath`',
    },
  );
});

test('permissions.parameter-without-path-property: parameter: true with no path-formatted property anywhere', () => {
  const { folder } = pluginFolder({
    'tools/count.schema.json': JSON.stringify({ type: 'object', properties: { text: { type: 'string' } } }),
    'tools/count.js': '',
  });
  expectRule(
    'permissions.parameter-without-path-property',
    manifest(`"permissions": { "fs": { "read": { «"parameter"»: true } } }, "contributes": { "tools": [${tool()}] }`),
    {
      folder,
      severity: 'warning',
    },
  );
  // directory-path counts as a path format too.
  const dir = pluginFolder({
    'tools/count.schema.json': JSON.stringify({
      type: 'object',
      properties: { root: { type: 'string', format: 'directory-path' } },
    }),
    'tools/count.js': '',
  });
  expectNone(
    manifest(`"permissions": { "fs": { "read": { "parameter": true } } }, "contributes": { "tools": [${tool()}] }`),
    ['permissions.parameter-without-path-property'],
    dir.folder,
  );
});

test('actions.batch-without-array: batch needs an array-of-paths property in the tool schema', () => {
  const action = (mode: string) =>
    `"contributes": { "tools": [${tool()}], "actions": [{ "id": "merge", "title": "Merge", "description": "d", "scope": "multi-file", "kind": "tool", "toolId": "count_words", "multiFileMode": ${mode} }] }`;
  const single = pluginFolder({ 'tools/count.schema.json': fileSchema, 'tools/count.js': '' });
  expectRule('actions.batch-without-array', manifest(action('«"batch"»')), {
    folder: single.folder,
    severity: 'warning',
  });
  const batch = pluginFolder({ 'tools/count.schema.json': batchSchema, 'tools/count.js': '' });
  expectNone(manifest(action('"batch"')), ['actions.batch-without-array'], batch.folder);
});

test('permissions.undeclared-use: a handler that uses a ctx member the manifest does not declare', () => {
  const handler =
    'module.exports = async (args, ctx) => { ctx.toast("done"); await ctx.fs.write(args.path, "x"); ctx.log("ok"); };';
  const { folder } = pluginFolder({ 'tools/count.schema.json': fileSchema, 'tools/count.js': handler });
  const source = (permissions: string) =>
    manifest(`"permissions": ${permissions}, "contributes": { "tools": [${tool()}] }`);
  const diagnostic = expectRule(
    'permissions.undeclared-use',
    source('{ "fs": { "write": { "parameter": true } }, "log": true }').replace(
      '"tools/count.js"',
      '«"tools/count.js"»',
    ),
    {
      folder,
      severity: 'warning',
      message: 'uses `ctx.toast`, but `permissions.toast` is not declared, so `ctx.toast` is undefined',
    },
  );
  assert.deepEqual(dataOf(diagnostic, 'permissions.undeclared-use')?.jsonPath, ['permissions', 'toast']);
  expectNone(
    source('{ "fs": { "write": { "parameter": true } }, "log": true, "toast": true }'),
    ['permissions.undeclared-use'],
    folder,
  );
  const messages = codesOf(source('{ "toast": true }'), folder);
  assert.equal(messages.filter((code) => code === 'permissions.undeclared-use').length, 2, 'fs.write and log');
});

test("permissions.undeclared-use: listChannels, getSessionHistory and respondToHitl are hostTrigger's, as the reference groups them with triggerInbound", () => {
  const handler =
    'module.exports = async (event, ctx) => { const channels = await ctx.listChannels(); await ctx.respondToHitl(event.id, true); return ctx.getSessionHistory(); };';
  const { folder } = pluginFolder({ 'hooks/hitl.js': handler });
  const source = (permissions: string) =>
    manifest(`"permissions": ${permissions}, "contributes": { "hooks": { "onAgentHitlRequest": "hooks/hitl.js" } }`);
  const diagnostics = analyzeManifest(source('{}'), { folder }).diagnostics.filter(
    (d) => d.code === 'permissions.undeclared-use',
  );
  assert.deepEqual(
    diagnostics.map((d) => d.message.replace(/^.* uses (\S+), but `(\S+)`.*$/, '$1 $2')),
    [
      '`ctx.listChannels` permissions.hostTrigger',
      '`ctx.getSessionHistory` permissions.hostTrigger',
      '`ctx.respondToHitl` permissions.hostTrigger',
    ],
  );
  expectNone(source('{ "hostTrigger": true }'), ['permissions.undeclared-use'], folder);
});

test('permissions.hook-parameter-only: a hook that uses ctx.fs where the rule grants only by parameter: true', () => {
  const { folder } = pluginFolder({
    'hooks/done.js':
      'module.exports = async (event, ctx) => { await ctx.fs.write("${dataDir}/log.txt", event.summary); };',
  });
  const source = (write: string) =>
    manifest(
      `"permissions": { "fs": { "write": ${write} } }, "contributes": { "hooks": { "onAgentComplete": "hooks/done.js" } }`,
    );
  const diagnostic = expectRule(
    'permissions.hook-parameter-only',
    source('{ "parameter": true }').replace('"hooks/done.js"', '«"hooks/done.js"»'),
    {
      folder,
      severity: 'warning',
      message: 'Inside a hook, `parameter` set to true grants nothing',
    },
  );
  assert.deepEqual(dataOf(diagnostic, 'permissions.hook-parameter-only')?.jsonPath, ['permissions', 'fs', 'write']);
  expectNone(source('{ "parameter": true, "static": ["${dataDir}/**"] }'), ['permissions.hook-parameter-only'], folder);
  // A tool's handler is called with the agent's arguments: parameter: true grants there.
  const tools = pluginFolder({
    'tools/count.schema.json': fileSchema,
    'tools/count.js': 'module.exports = async (args, ctx) => ctx.fs.write(args.path, "x");',
  });
  expectNone(
    manifest(`"permissions": { "fs": { "write": { "parameter": true } } }, "contributes": { "tools": [${tool()}] }`),
    ['permissions.hook-parameter-only'],
    tools.folder,
  );
});

test('a handler or a prompt too large to read is said not to be checked, at its path', () => {
  const { root, folder } = pluginFolder({ 'tools/count.schema.json': fileSchema });
  writeFileSync(join(root, 'tools/count.js'), Buffer.alloc(3 * 1024 * 1024, 32));
  const text = manifest(`"contributes": { "tools": [${tool()}] }`);
  const found = analyzeManifest(text, { folder }).diagnostics;
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, text.slice(d.offset, d.offset + d.length), d.message]),
    [
      [
        'files.not-checked',
        'information',
        '"tools/count.js"',
        '`contributes.tools[0].handler` "tools/count.js" is 3.0 MiB, more than the 2 MiB the checks read. What its code does with `ctx` and its arguments is not checked.',
      ],
    ],
  );
  // Unreadable for another reason (the system refuses it): Filer cannot load it either, an error.
  const refused = new MemoryFolder(
    new Map([
      ['tools/count.schema.json', fileSchema],
      ['tools/count.js', ''],
    ]),
  );
  refused.readText = (relativePath) =>
    relativePath === 'tools/count.js'
      ? { kind: 'unreadable', reason: 'permission denied' }
      : { kind: 'text', text: fileSchema };
  assert.deepEqual(
    analyzeManifest(text, { folder: refused }).diagnostics.map((d) => [d.code, d.message]),
    [['files.unreadable', '`contributes.tools[0].handler` "tools/count.js" cannot be read: permission denied.']],
  );
});
