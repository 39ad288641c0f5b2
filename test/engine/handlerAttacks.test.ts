import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  analyzeManifest,
  buildModel,
  defaultMaxDiagnostics,
  handlerCompletionsAt,
  namedHandler,
  parseDocument,
} from '../../server/src/engine';
import { manifest, pluginFolder } from './helpers';

/**
 * Parsing handlers is a surface of its own: hostile handler files, and nothing read outside the folder, nothing blocks.
 */

const schema = JSON.stringify({
  type: 'object',
  additionalProperties: false,
  properties: { path: { type: 'string' } },
});
const withTool = manifest(
  `"permissions": {}, "contributes": { "tools": [{ "id": "t", "title": "T", "description": "D", "schema": "tools/t.schema.json", "handler": "tools/t.js", "annotations": { "readOnlyHint": true } }] }`,
);

/** The findings in tools/t.js as `code line:character`, and how long the validation took. */
function inHandler(folder: ReturnType<typeof pluginFolder>['folder']) {
  const started = Date.now();
  const diagnostics = analyzeManifest(withTool, { folder }).diagnostics;
  return {
    ms: Date.now() - started,
    all: diagnostics,
    found: diagnostics
      .filter((d) => d.file === 'tools/t.js')
      .map((d) => `${d.code} ${d.range.start.line}:${d.range.start.character}`),
  };
}

test('a huge handler (1.9 MB, 100,000 uses) is read once, in seconds, its findings capped', () => {
  const body = 'ctx.toast(1);\n'.repeat(100_000);
  const { folder } = pluginFolder({
    'tools/t.schema.json': schema,
    'tools/t.js': `module.exports = async (args, ctx) => {\n${body}};\n`,
  });
  const { ms, found, all } = inHandler(folder);
  assert.ok(ms < 30_000, `took ${ms} ms`);
  assert.ok(
    found.length > 0 && all.length <= defaultMaxDiagnostics,
    `${found.length} in the handler, ${all.length} in all`,
  );
  assert.equal(all[all.length - 1].code, 'diagnostics.more');
  assert.equal(found[0], 'handlers.undeclared-permission 1:0');
});

test('deep nesting (100,000 brackets, 50,000 nested arrows) is nothing known but handlers.not-checked, never a crash', () => {
  for (const text of [
    `module.exports = async (args, ctx) => ${'['.repeat(100_000)}ctx.toast()`,
    `module.exports = async (args, ctx) => ${'() => '.repeat(50_000)}ctx.toast();\n`,
    `module.exports = async (args, ctx) => ${'('.repeat(50_000)}ctx.toast()${')'.repeat(50_000)};\n`,
  ]) {
    const { folder } = pluginFolder({ 'tools/t.schema.json': schema, 'tools/t.js': text });
    const { ms, found } = inHandler(folder);
    assert.ok(ms < 30_000, `took ${ms} ms`);
    // Whatever the parser managed, no finding is made up, and the validation ends: where it gave up, it says so.
    assert.ok(
      found.every((finding) => /^handlers\.(undeclared-permission|not-checked)/.test(finding)),
      found.join('\n'),
    );
  }
});

test('a handler that is a link out of the plugin folder is not read: files.outside, no finding in it', () => {
  const outside = pluginFolder({ 'secret.js': 'module.exports = async (args, ctx) => ctx.toast(args.nope);\n' });
  const { root, folder } = pluginFolder({ 'tools/t.schema.json': schema });
  mkdirSync(join(root, 'tools'), { recursive: true });
  symlinkSync(join(outside.root, 'secret.js'), join(root, 'tools/t.js'));
  const { found, all } = inHandler(folder);
  assert.deepEqual(found, []);
  assert.ok(
    all.some((d) => d.code === 'files.outside'),
    all.map((d) => d.code).join(', '),
  );
  assert.equal(namedHandler(buildModel(parseDocument(withTool)), folder, 'tools/t.js')?.facts.handlerFound, false);
});

test('a handler that is a FIFO is never opened: the validation does not block', () => {
  const { root, folder } = pluginFolder({ 'tools/t.schema.json': schema });
  mkdirSync(join(root, 'tools'), { recursive: true });
  execFileSync('mkfifo', [join(root, 'tools/t.js')]);
  const { ms, found } = inHandler(folder);
  assert.deepEqual(found, []);
  assert.ok(ms < 10_000, `took ${ms} ms`);
});

test('a handler that is not UTF-8 is read as what it decodes to: its code is still code, its bytes never a finding of their own', () => {
  const { root, folder } = pluginFolder({ 'tools/t.schema.json': schema });
  mkdirSync(join(root, 'tools'), { recursive: true });
  const latin1 = Buffer.concat([
    Buffer.from('// r\xe9sum\xe9 \xff\xfe\n', 'latin1'),
    Buffer.from('module.exports = async (args, ctx) => ctx.toast("x");\n'),
  ]);
  writeFileSync(join(root, 'tools/t.js'), latin1);
  assert.deepEqual(inHandler(folder).found, ['handlers.undeclared-permission 1:38']);
  writeFileSync(join(root, 'tools/t.js'), Buffer.from([0xff, 0xfe, 0x00, 0x80, 0xc0, 0xc1, 0xf5]));
  assert.deepEqual(inHandler(folder).found, []);
});

test('prototype-named members are members like any other: ctx.__proto__, ctx.constructor, args.constructor, args.__proto__', () => {
  const text = [
    'module.exports = async (args, ctx) => {',
    '  ctx.__proto__.toast();',
    '  ctx.constructor.log.info();',
    "  ctx['__proto__'].fs.write();",
    '  const { __proto__: p, constructor: c } = ctx;',
    '  p.toast(); c.store.get();',
    '  return args.constructor + args.__proto__ + args.hasOwnProperty;',
    '};',
    '',
  ].join('\n');
  const { folder } = pluginFolder({ 'tools/t.schema.json': schema, 'tools/t.js': text });
  // None of them is a gated member; the arguments' names are not the schema's (closed): each is said, once, at its
  // name.
  assert.deepEqual(inHandler(folder).found, [
    'handlers.unknown-argument 6:14',
    'handlers.unknown-argument 6:33',
    'handlers.unknown-argument 6:50',
  ]);
  const handler = namedHandler(buildModel(parseDocument(withTool)), folder, 'tools/t.js')!;
  const after = text.indexOf('ctx.__proto__.') + 'ctx.__proto__.'.length;
  assert.equal(handlerCompletionsAt(handler, text, after), undefined);
});

test('pathological text between an object and the cursor: completion answers at once', () => {
  const text = `module.exports = async (args, ctx) => {\n  ctx${' '.repeat(200_000)}.\n};\n`;
  const { folder } = pluginFolder({ 'tools/t.schema.json': schema, 'tools/t.js': text });
  const handler = namedHandler(buildModel(parseDocument(withTool)), folder, 'tools/t.js')!;
  const started = Date.now();
  for (let offset = 40; offset < text.length; offset += 10_007) handlerCompletionsAt(handler, text, offset);
  assert.ok(Date.now() - started < 10_000);
  assert.ok(handlerCompletionsAt(handler, text, text.indexOf('.\n') + 1)?.length);
});
