import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeManifest } from '../../server/src/engine';
import { handlerFacts, handlerText } from '../../server/src/engine/handlers/handlerFacts';
import { countWordsFiles, countWordsPlugin } from '../../server/src/engine/rules/examples';
import { expectRule, manifest, MemoryFolder, pluginFolder } from './helpers';

/** Issue 26's cases, each with its correct counterpart: handler modules parsed, findings in the handler at the use. */

const schema = JSON.stringify({
  type: 'object',
  required: ['path'],
  additionalProperties: false,
  properties: { path: { type: 'string', format: 'file-path', description: 'The file.' } },
});
const tool = (handler = 'tools/t.js') =>
  `{ "id": "t", "title": "T", "description": "D", "schema": "tools/t.schema.json", "handler": "${handler}", "annotations": { "readOnlyHint": true } }`;
const withTool = (permissions: string) =>
  manifest(`"permissions": ${permissions}, "contributes": { "tools": [${tool()}] }`);
const withHook = (permissions: string, kind = 'hooks', entry = '{ "onFileChangeNotify": "hooks/h.js" }') =>
  manifest(`"permissions": ${permissions}, "contributes": { "${kind}": ${entry} }`);

/** The handler-file findings of a manifest over these files (marks removed), as `code text-at-the-span`. */
function handlerFindings(manifestText: string, files: Record<string, string>, at = 'tools/t.js'): string[] {
  const clean = Object.fromEntries(Object.entries(files).map(([path, text]) => [path, text.replace(/[«»]/g, '')]));
  const { folder } = pluginFolder(clean);
  return analyzeManifest(manifestText, { folder })
    .diagnostics.filter((d) => d.file === at)
    .map((d) => `${d.code} ${clean[at].slice(d.offset, d.offset + d.length)}`);
}

const toolFiles = (handler: string) => ({ 'tools/t.schema.json': schema, 'tools/t.js': handler });

test('handlers.undeclared-permission: a destructured ctx member, at its call (case 1)', () => {
  const handler =
    "module.exports = async (args, ctx) => {\n  const { fs, toast } = ctx;\n  await «fs.write»(args.path, 's');\n};\n";
  const diagnostic = expectRule('handlers.undeclared-permission', withTool('{}'), {
    inFile: { at: 'tools/t.js', files: toolFiles(handler) },
    severity: 'warning',
    message:
      '`ctx.fs.write` needs `permissions.fs.write`, which the manifest does not declare, so calling it throws a "not-declared" permission error.',
  });
  assert.deepEqual(diagnostic.data, {
    jsonPath: ['permissions', 'fs', 'write'],
    filePath: 'tools/t.js',
    member: 'ctx.fs.write',
    handler: 'tool',
    without: 'calling it throws a "not-declared" permission error',
  });
  assert.deepEqual(diagnostic.range, { start: { line: 2, character: 8 }, end: { line: 2, character: 16 } });
  // toast is destructured but never used: nothing is said of it.
  assert.deepEqual(handlerFindings(withTool('{ "fs": { "write": { "parameter": true } } }'), toolFiles(handler)), []);
  // The manifest keeps its summary at the handler's path.
  const { folder } = pluginFolder(toolFiles(handler.replace(/[«»]/g, '')));
  const summary = analyzeManifest(withTool('{}'), { folder }).diagnostics.filter(
    (d) => d.code === 'permissions.undeclared-use',
  );
  assert.deepEqual(
    summary.map((d) => [d.file, d.message]),
    [
      [
        undefined,
        '"tools/t.js" uses `ctx.fs.write`, but `permissions.fs.write` is not declared, so calling it throws a "not-declared" permission error.',
      ],
    ],
  );
});

test('the second parameter is ctx whatever it is named: ctx.log without log: true silently does nothing (case 2)', () => {
  const handler = "module.exports = async (args, context) => «context.log».info('x');\n";
  expectRule('handlers.undeclared-permission', withTool('{}'), {
    inFile: { at: 'tools/t.js', files: toolFiles(handler) },
    message:
      '`context.log` needs `permissions.log`, which the manifest does not declare, so `context.log` silently does nothing.',
  });
  assert.deepEqual(handlerFindings(withTool('{ "log": true }'), toolFiles(handler)), []);
});

test('a ctx member is named as the handler names its ctx, in the handler and in the manifest', () => {
  const named = 'module.exports = async (args, context) => «context.fs.read»(args.path);\n';
  const undeclared = (member: string) =>
    `\`${member}\` needs \`permissions.fs.read\`, which the manifest does not declare, so calling it throws a "not-declared" permission error.`;
  const diagnostic = expectRule('handlers.undeclared-permission', withTool('{}'), {
    inFile: { at: 'tools/t.js', files: toolFiles(named) },
    message: undeclared('context.fs.read'),
  });
  assert.equal(diagnostic.data.member, 'context.fs.read');
  const { folder } = pluginFolder(toolFiles(named.replace(/[«»]/g, '')));
  const summary = analyzeManifest(withTool('{}'), { folder }).diagnostics.find(
    (d) => d.code === 'permissions.undeclared-use',
  );
  assert.equal(
    summary?.message,
    '"tools/t.js" uses `context.fs.read`, but `permissions.fs.read` is not declared, so calling it throws a "not-declared" permission error.',
  );
  // A ctx destructured in the parameter list has no name of its own: the reference's name stands.
  expectRule('handlers.undeclared-permission', withTool('{}'), {
    inFile: { at: 'tools/t.js', files: toolFiles('module.exports = async (args, { fs }) => «fs.read»(args.path);\n') },
    message: undeclared('ctx.fs.read'),
  });
  // A hook's ctx, the first parameter of a setting action: each by its own name.
  const hook = 'module.exports = async (event, c) => «c.fs.read»(event.path);\n';
  expectRule('handlers.parameter-grants-nothing', withHook('{ "fs": { "read": { "parameter": true } } }'), {
    inFile: { at: 'hooks/h.js', files: { 'hooks/h.js': hook } },
    message: /^`c\.fs\.read` is refused here/,
  });
});

test('nothing in comments or strings is a use (case 3)', () => {
  const handler =
    "// TODO: ctx.toast(...) later\n/* ctx.store.set('a', 1) */\nmodule.exports = async (args, ctx) => 'ctx.store' + `ctx.toast()`;\n";
  assert.deepEqual(handlerFindings(withTool('{}'), toolFiles(handler)), []);
  const { folder } = pluginFolder(toolFiles(handler));
  assert.deepEqual(
    analyzeManifest(withTool('{}'), { folder }).diagnostics.filter((d) => d.code === 'permissions.undeclared-use'),
    [],
  );
  // The same member written as code is one.
  assert.deepEqual(
    handlerFindings(withTool('{}'), toolFiles("module.exports = async (args, ctx) => ctx.toast('x');")),
    ['handlers.undeclared-permission ctx.toast'],
  );
});

test('handlers.parameter-grants-nothing: a hook reads through ctx.fs where the rule grants only by parameter (case 4)', () => {
  const handler = 'module.exports = async function onChange(event, ctx) {\n  return «ctx.fs.read»(event.path);\n};\n';
  const files = { 'hooks/h.js': handler };
  const diagnostic = expectRule(
    'handlers.parameter-grants-nothing',
    withHook('{ "fs": { "read": { "parameter": true } } }'),
    {
      inFile: { at: 'hooks/h.js', files },
      severity: 'warning',
      message:
        '`ctx.fs.read` is refused here, as `permissions.fs.read` has no static patterns. Hook handlers receive `ctx` with an empty grant set, so inside a hook `parameter` set to true grants nothing',
    },
  );
  assert.equal(diagnostic.data.handler, 'hook');
  assert.deepEqual(
    handlerFindings(
      withHook('{ "fs": { "read": { "parameter": true, "static": ["${dataDir}/**"] } } }'),
      files,
      'hooks/h.js',
    ),
    [],
  );
  // A tool handler is called with the agent's arguments: parameter: true grants there.
  assert.deepEqual(
    handlerFindings(
      withTool('{ "fs": { "read": { "parameter": true } } }'),
      toolFiles('module.exports = async (args, ctx) => ctx.fs.read(args.path);'),
    ),
    [],
  );
});

test('a slash command and a setting action are granted no path by parameter either (a decision)', () => {
  const command = { 'commands/c.js': 'module.exports = async (args, ctx) => ctx.fs.write("a", "b");' };
  assert.deepEqual(
    handlerFindings(
      withHook(
        '{ "fs": { "write": { "parameter": true } } }',
        'commands',
        '[{ "id": "c", "title": "C", "handler": "commands/c.js" }]',
      ),
      command,
      'commands/c.js',
    ),
    ['handlers.parameter-grants-nothing ctx.fs.write'],
  );
  // A setting action's ctx is its only parameter (and the second when it declares two).
  const settings = (handler: string) =>
    [
      withHook('{}', 'settings', '{ "reset": { "type": "action", "title": "Reset", "handler": "settings/r.js" } }'),
      { 'settings/r.js': handler },
      'settings/r.js',
    ] as const;
  assert.deepEqual(handlerFindings(...settings('module.exports = async function (ctx) { ctx.toast("done"); };')), [
    'handlers.undeclared-permission ctx.toast',
  ]);
  assert.deepEqual(
    handlerFindings(...settings('module.exports = async function (payload, context) { context.toast("done"); };')),
    ['handlers.undeclared-permission context.toast'],
  );
});

test('handlers.unknown-argument: args.pth where the schema has path, with a "did you mean" (case 5)', () => {
  const handler = 'module.exports = async (args, ctx) => args.«pth».length;';
  const diagnostic = expectRule('handlers.unknown-argument', withTool('{}'), {
    inFile: { at: 'tools/t.js', files: toolFiles(handler) },
    severity: 'warning',
    message:
      '`pth` is not an argument of tool "t", so the agent never passes it. Its schema declares `path`. Did you mean `path`?',
  });
  assert.equal(diagnostic.data.suggestion, 'path');
  assert.deepEqual(
    handlerFindings(withTool('{}'), toolFiles('module.exports = async (args, ctx) => args.path.length;')),
    [],
  );
  // Destructured, in the parameter or from an alias.
  assert.deepEqual(
    handlerFindings(
      withTool('{}'),
      toolFiles('module.exports = async ({ pth, path }) => { const { pahh } = arguments; return pth; };'),
    ),
    ['handlers.unknown-argument pth'],
  );
  assert.deepEqual(
    handlerFindings(
      withTool('{}'),
      toolFiles('module.exports = async (input) => { const a = input; const { pathh } = a; return pathh; };'),
    ),
    ['handlers.unknown-argument pathh'],
  );
});

test('an argument the schema does not describe is reported, open schema or closed: the model sends what it describes', () => {
  const open = JSON.stringify({ type: 'object', properties: { path: { type: 'string' } } });
  const files = {
    'tools/t.schema.json': open,
    'tools/t.js': 'module.exports = async (args) => [args.pth, args.verbose];',
  };
  // `verbose` was said only of a closed schema: the newcomer's args.path in an empty open schema got nothing.
  assert.deepEqual(handlerFindings(withTool('{}'), files), [
    'handlers.unknown-argument pth',
    'handlers.unknown-argument verbose',
  ]);
  // So does a closed one; one the schema does not show (anyOf at the root) none.
  const closed = {
    'tools/t.schema.json': schema,
    'tools/t.js': 'module.exports = async (args) => [args.pth, args.verbose];',
  };
  assert.deepEqual(handlerFindings(withTool('{}'), closed), [
    'handlers.unknown-argument pth',
    'handlers.unknown-argument verbose',
  ]);
  const combined = JSON.stringify({
    type: 'object',
    anyOf: [{ required: ['path'] }],
    additionalProperties: false,
    properties: { path: { type: 'string' } },
  });
  assert.deepEqual(handlerFindings(withTool('{}'), { ...closed, 'tools/t.schema.json': combined }), []);
});

test('handlers.malformed-envelope: an image block without mimeType falls back to the text wrapping (case 6)', () => {
  const handler =
    "module.exports = async (args, ctx) => {\n  const png = 'iVBORw0KGgo=';\n  return { content: [{ type: «'image'», data: png }] };\n};\n";
  const diagnostic = expectRule('handlers.malformed-envelope', withTool('{}'), {
    inFile: { at: 'tools/t.js', files: toolFiles(handler) },
    severity: 'warning',
    message:
      'This "image" content block has no `mimeType`. Filer then wraps the whole returned object as text, so the agent gets it as one JSON text, not as its blocks.',
  });
  assert.deepEqual(diagnostic.data.problem, {
    kind: 'missing-field',
    path: ['content', 0],
    block: 'image',
    field: 'mimeType',
    writtenUndefined: false,
  });
  assert.deepEqual(
    handlerFindings(withTool('{}'), toolFiles(handler.replace('data: png', "data: png, mimeType: 'image/png'"))),
    [],
  );
});

test('every kind of malformed block, and only what the literal shows', () => {
  const returns = (value: string) =>
    handlerFindings(withTool('{}'), toolFiles(`module.exports = async (args) => { return ${value}; };`));
  assert.deepEqual(
    returns(
      "{ content: [{ type: 'txt', text: 'a' }, { text: 'b' }, 'c', { type: 'text', text: 42 }, { type: 'text' }] }",
    ),
    [
      "handlers.malformed-envelope 'txt'",
      "handlers.malformed-envelope { text: 'b' }",
      "handlers.malformed-envelope 'c'",
      'handlers.malformed-envelope 42',
      "handlers.malformed-envelope 'text'",
    ],
  );
  // Well-formed blocks of every MCP type, a computed type, a spread, a content that is not a literal: nothing.
  assert.deepEqual(
    returns(
      "{ content: [{ type: 'text', text: `a${1}` }, { type: 'audio', data: d, mimeType: 'audio/wav' }, { type: 'resource', resource: r }, { type: 'resource_link', uri: 'file:///u', name: 'n' }] }",
    ),
    [],
  );
  assert.deepEqual(returns('{ content: [{ type: kind, text: 1 }, { ...block }] }'), []);
  assert.deepEqual(returns('{ ...base, content: [{ type: "image" }] }'), []);
  assert.deepEqual(returns('{ content: blocks }'), []);
  // Both branches of a conditional; a nested function's return is not the handler's.
  assert.deepEqual(returns("ok ? { content: [{ type: 'text', text: 't' }] } : { content: [{ type: 'image' }] }"), [
    "handlers.malformed-envelope 'image'",
    "handlers.malformed-envelope 'image'",
  ]);
  assert.deepEqual(returns("[1].map(() => { return { content: [{ type: 'image' }] }; })"), []);
});

test('aliases, nested destructuring, optional calls and a literal key are uses; a shadowing parameter is not ctx', () => {
  const handler = [
    'exports.run = async (args, ctx) => {',
    '  const f = ctx.fs;',
    '  await f.list(args.path);',
    '  const { fs: { write } } = ctx;',
    '  await write(args.path, "x");',
    '  ctx.toast?.("done");',
    "  ctx['store'].get('k');",
    '  [1].map((ctx) => ctx.renderHtmlToPdf());',
    '};',
  ].join('\n');
  assert.deepEqual(handlerFindings(withTool('{}'), toolFiles(handler)), [
    'handlers.undeclared-permission f.list',
    'handlers.undeclared-permission write',
    'handlers.undeclared-permission ctx.toast',
    "handlers.undeclared-permission ctx['store']",
  ]);
});

test('say nothing rather than guess: a re-export, several exported functions, ctx passed on, a computed member', () => {
  for (const handler of [
    "module.exports = require('./impl');",
    "export { default } from './impl.js';",
    'exports.a = async (args, ctx) => ctx.toast("a");\nexports.b = async (args, ctx) => ctx.toast("b");',
    'function helper(ctx) { ctx.toast("x"); }\nmodule.exports = async (args, ctx) => helper(ctx);',
    'module.exports = async (args, ctx) => { const name = "toast"; ctx[name]("x"); };',
    // A member or an export whose value is not seen beside a function: the function may not be the only one.
    'module.exports = { impl: require("./impl"), run: (args, ctx) => ctx.toast("x") };',
    'module.exports = { ...base, run: (args, ctx) => ctx.toast("x") };',
    'export class Store {}\nexport function run(args, ctx) { ctx.toast("x"); }',
    // An object reached by its name: what is added to it through the name is not followed.
    'const api = { run: (args, ctx) => ctx.toast("x") };\napi.other = () => 1;\nmodule.exports = api;',
    'const api = { run: (args, ctx) => ctx.toast("x") };\napi.other = () => 1;\nexport default api;',
  ]) {
    assert.deepEqual(handlerFindings(withTool('{}'), toolFiles(handler)), [], handler);
  }
});

test('the handler is what is exported: module.exports, export default, a function declared and then exported, async or not', () => {
  for (const handler of [
    'module.exports = function (args, ctx) { ctx.toast("x"); };',
    'async function handler(args, ctx) { ctx.toast("x"); }\nmodule.exports = handler;',
    'const handler = async (args, ctx) => ctx.toast("x");\nmodule.exports = { handler };',
    'export default async function (args, ctx) { ctx.toast("x"); }',
    'const run = (args, ctx) => ctx.toast("x");\nexport { run };',
    'module.exports.handler = (args, ctx) => ctx.toast("x");',
    'const run = (args, ctx) => ctx.toast("x");\nexport { run as default };\nexport function helper() {}',
  ]) {
    assert.deepEqual(
      handlerFindings(withTool('{}'), toolFiles(handler)),
      ['handlers.undeclared-permission ctx.toast'],
      handler,
    );
  }
});

/**
 * One reading of the handler in both module systems: the module's export (module.exports, export default) when it is a
 * function, else the one function among its members (an object written out there, exports.x / module.exports.x, an ES
 * module's named exports), values that are not functions aside. Each style, written both ways, with its verdict:
 * whether the word-count handler's ctx.fs.read is found.
 */
const exportStyles: { style: string; commonjs: string; esm: string; handler: boolean }[] = [
  {
    style: 'a default function',
    commonjs: 'module.exports = async function ({ path }, ctx) { return ctx.fs.read(path); };',
    esm: 'export default async function ({ path }, ctx) { return ctx.fs.read(path); }',
    handler: true,
  },
  {
    style: 'a default arrow',
    commonjs: 'module.exports = async ({ path }, ctx) => ctx.fs.read(path);',
    esm: 'export default async ({ path }, ctx) => ctx.fs.read(path);',
    handler: true,
  },
  {
    style: 'an object of one method',
    commonjs: 'module.exports = { async run({ path }, ctx) { return ctx.fs.read(path); } };',
    esm: 'export default { async run({ path }, ctx) { return ctx.fs.read(path); } };',
    handler: true,
  },
  {
    style: 'an object of one method and one value',
    commonjs: 'module.exports = { version: 1, async run({ path }, ctx) { return ctx.fs.read(path); } };',
    esm: 'export default { version: 1, async run({ path }, ctx) { return ctx.fs.read(path); } };',
    handler: true,
  },
  {
    style: 'an object, and a function exported beside it',
    commonjs:
      'async function run({ path }, ctx) { return ctx.fs.read(path); }\nmodule.exports = { version: 1 };\nmodule.exports.run = run;',
    esm: 'export default { version: 1 };\nexport async function run({ path }, ctx) { return ctx.fs.read(path); }',
    handler: true,
  },
  {
    style: 'one named function',
    commonjs: 'exports.run = async ({ path }, ctx) => ctx.fs.read(path);',
    esm: 'export async function run({ path }, ctx) { return ctx.fs.read(path); }',
    handler: true,
  },
  {
    style: 'one named function and one named value',
    commonjs: 'exports.version = 1;\nexports.run = async ({ path }, ctx) => ctx.fs.read(path);',
    esm: 'export const version = 1;\nexport async function run({ path }, ctx) { return ctx.fs.read(path); }',
    handler: true,
  },
  {
    style: 'a default function, and a helper exported beside it',
    commonjs:
      'module.exports = async ({ path }, ctx) => ctx.fs.read(path);\nmodule.exports.helper = (text) => text.trim();',
    esm: 'export default async ({ path }, ctx) => ctx.fs.read(path);\nexport function helper(text) { return text.trim(); }',
    handler: true,
  },
  {
    style: 'two named functions',
    commonjs:
      'exports.a = async ({ path }, ctx) => ctx.fs.read(path);\nexports.b = async ({ path }, ctx) => ctx.fs.read(path);',
    esm: 'export async function a({ path }, ctx) { return ctx.fs.read(path); }\nexport async function b({ path }, ctx) { return ctx.fs.read(path); }',
    handler: false,
  },
  {
    style: 'an object of two methods',
    commonjs:
      'module.exports = { a({ path }, ctx) { return ctx.fs.read(path); }, b({ path }, ctx) { return ctx.fs.read(path); } };',
    esm: 'export default { a({ path }, ctx) { return ctx.fs.read(path); }, b({ path }, ctx) { return ctx.fs.read(path); } };',
    handler: false,
  },
  {
    style: 'an object of one method, and a function exported beside it',
    commonjs:
      'module.exports = { run({ path }, ctx) { return ctx.fs.read(path); } };\nmodule.exports.helper = ({ path }, ctx) => ctx.fs.read(path);',
    esm: 'export default { run({ path }, ctx) { return ctx.fs.read(path); } };\nexport function helper({ path }, ctx) { return ctx.fs.read(path); }',
    handler: false,
  },
  {
    style: 'an object of one method and a member whose value is not seen (a call)',
    commonjs: 'module.exports = { check: wrap(other), run({ path }, ctx) { return ctx.fs.read(path); } };',
    esm: 'export default { check: wrap(other), run({ path }, ctx) { return ctx.fs.read(path); } };',
    handler: false,
  },
];

test('handlers.undeclared-permission: the handler is read alike from CommonJS and ES modules, style by style', () => {
  const text = countWordsPlugin({ permissions: null });
  const verdict = (handler: string) => {
    const found = handlerFindings(
      text,
      { ...countWordsFiles, 'tools/count-words.js': handler },
      'tools/count-words.js',
    );
    if (found.length === 0) return 'nothing said';
    assert.deepEqual(found, ['handlers.undeclared-permission ctx.fs.read'], handler);
    return 'ctx.fs.read found';
  };
  // Every row at once, so that a difference names each style it is in.
  assert.deepEqual(
    exportStyles.flatMap(({ style, commonjs, esm }) => [
      `CommonJS, ${style}: ${verdict(commonjs)}`,
      `ES module, ${style}: ${verdict(esm)}`,
    ]),
    exportStyles.flatMap(({ style, handler }) =>
      ['CommonJS', 'ES module'].map(
        (system) => `${system}, ${style}: ${handler ? 'ctx.fs.read found' : 'nothing said'}`,
      ),
    ),
  );
});

test('handlers.undeclared-permission: exports.x after module.exports is replaced is not exported, as at run time', () => {
  const text = countWordsPlugin({ permissions: null });
  const findings = (handler: string) =>
    handlerFindings(text, { ...countWordsFiles, 'tools/count-words.js': handler }, 'tools/count-words.js');
  // `exports` is still the object module.exports was before: the function is not in what Filer calls.
  assert.deepEqual(
    findings('module.exports = { version: 1 };\nexports.run = async ({ path }, ctx) => ctx.fs.read(path);'),
    [],
  );
  // Before it is replaced, it is.
  assert.deepEqual(findings('exports.version = 1;\nexports.run = async ({ path }, ctx) => ctx.fs.read(path);'), [
    'handlers.undeclared-permission ctx.fs.read',
  ]);
});

test('a module with a syntax error is read by the tolerant parser: what is typed so far is still checked', () => {
  const facts = handlerFacts(
    'module.exports = async (args, ctx) => {\n  await ctx.fs.read(args.path\n  ctx.toast(',
    'tools/t.js',
    'tool',
  );
  assert.equal(facts.parse, 'tolerant');
  assert.deepEqual(
    facts.ctxUses.map((use) => use.gated.member),
    ['ctx.fs.read', 'ctx.toast'],
  );
  // Too deep for the parser: nothing is known, nothing is thrown.
  assert.deepEqual(handlerFacts(`module.exports = (a, ctx) => ${'['.repeat(20000)}`, 'a.js', 'tool').ctxUses, []);
});

test('two tools naming one handler: each place in it is said once', () => {
  const text = manifest(`"contributes": { "tools": [${tool()}, ${tool().replace('"id": "t"', '"id": "u"')}] }`);
  assert.deepEqual(handlerFindings(text, toolFiles('module.exports = async (args, ctx) => ctx.toast("x");')), [
    'handlers.undeclared-permission ctx.toast',
  ]);
});

test('a handler is parsed once per version of its file: validating an edited manifest again reads it no more', () => {
  const folder = new MemoryFolder(
    new Map([
      ['tools/t.schema.json', schema],
      ['tools/t.js', 'module.exports = async (args, ctx) => ctx.toast("x");'],
    ]),
  );
  const reads: string[] = [];
  const readText = folder.readText.bind(folder);
  folder.readText = (relativePath: string) => {
    reads.push(relativePath);
    return readText(relativePath);
  };
  const findings = (text: string) =>
    analyzeManifest(text, { folder })
      .diagnostics.filter((d) => d.file === 'tools/t.js')
      .map((d) => d.code);
  assert.deepEqual(findings(withTool('{}')), ['handlers.undeclared-permission']);
  assert.deepEqual(findings(withTool('{}').replace('"Sample"', '"Sample plugin"')), ['handlers.undeclared-permission']);
  assert.equal(
    reads.filter((path) => path === 'tools/t.js').length,
    2,
    'read once for what its text names, once more for the parse it then needs',
  );
  // The handler changed: it is read again, and what it says now is what is found.
  folder.change('tools/t.js', 'module.exports = async (args, ctx) => "x";');
  assert.deepEqual(findings(withTool('{}')), []);
  assert.equal(reads.filter((path) => path === 'tools/t.js').length, 4);
});

test('a module is empty when it holds only white space, and its style is told by what it exports, never by a comment', () => {
  const style = (text: string) => handlerFacts(text, 'tools/t.js', 'tool').moduleStyle;
  assert.equal(handlerText(' \n\t\uFEFF').empty, true);
  assert.equal(handlerText('// nothing yet').empty, false);
  assert.equal(style("'use strict';\nmodule.exports = async (args, ctx) => 1;"), 'commonjs');
  assert.equal(style('exports.handler = async (args, ctx) => 1;'), 'commonjs');
  assert.equal(style('export default async (args, ctx) => 1;'), 'esm');
  assert.equal(style('export async function handler(args, ctx) {}'), 'esm');
  // Said in a comment or a string, it is not what the module exports.
  assert.equal(style('// module.exports = x\n/* export default y */'), undefined);
  assert.equal(style("const text = 'module.exports = x';"), undefined);
  // Too deep to parse: whether it is empty is still known.
  const deep = `module.exports = ${'['.repeat(20000)}`;
  assert.deepEqual([handlerText(deep).empty, handlerFacts(deep, 'tools/t.js', 'tool').moduleStyle], [false, undefined]);
});
