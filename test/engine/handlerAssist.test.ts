import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  argumentHoverAt,
  buildModel,
  handlerCompletionsAt,
  namedHandler,
  parseDocument,
  type HandlerCompletion,
  type NamedHandler,
} from '../../server/src/engine';
import { manifest, pluginFolder } from './helpers';

/**
 * Hover on `args.<name>` and completion after `ctx.` / `args.` in a handler (issue 26, item 3): the engine's answers.
 */

const schema = JSON.stringify({
  type: 'object',
  additionalProperties: false,
  properties: {
    path: { type: 'string', format: 'file-path', description: 'The file to count.' },
    limit: { type: 'integer' },
  },
});
const tool = `{ "id": "count", "title": "Count", "description": "Counts.", "schema": "tools/count.schema.json", "handler": "tools/count.js", "annotations": { "readOnlyHint": true } }`;
const withTool = (permissions = '{ "toast": true }', tools = tool) =>
  manifest(`"permissions": ${permissions}, "contributes": { "tools": [${tools}] }`);

/**
 * The handler `tools/count.js` (its text with the cursor marked `‸`) as the manifest names it, and the cursor's offset.
 */
function handlerWith(
  source: string,
  manifestText = withTool(),
  files: Record<string, string> = {},
): { handler: NamedHandler; text: string; offset: number } {
  const offset = source.indexOf('‸');
  const text = source.replace('‸', '');
  const { folder } = pluginFolder({ 'tools/count.schema.json': schema, 'tools/count.js': text, ...files });
  // The model alone: namedHandler reads the folder itself.
  const handler = namedHandler(buildModel(parseDocument(manifestText)), folder, 'tools/count.js');
  assert.ok(handler, 'the manifest names the handler');
  return { handler, text, offset };
}

const labels = (completions: HandlerCompletion[] | undefined) =>
  completions?.map((completion) => (completion.kind === 'argument' ? completion.property.name : completion.name));

test('hover on args.path and on a destructured argument: the schema property, at the name', () => {
  for (const source of [
    'module.exports = async (args, ctx) => args.pa‸th;\n',
    'module.exports = async ({ pa‸th, limit }, ctx) => path;\n',
  ]) {
    const { handler, offset, text } = handlerWith(source);
    const found = argumentHoverAt(handler, offset);
    assert.ok(found, source);
    assert.deepEqual(found.property, {
      name: 'path',
      type: 'string',
      format: 'file-path',
      description: 'The file to count.',
    });
    assert.equal(text.slice(found.span.offset, found.span.offset + found.span.length), 'path');
  }
  // Not on ctx, not on a name the schema does not declare (its warning says so), not elsewhere.
  for (const source of [
    'module.exports = async (args, ctx) => args.pt‸h;\n',
    'module.exports = async (args, ctx) => ct‸x.toast(args.path);\n',
    'module.exports = async (args, ctx) => { const path = 1; return pa‸th; };\n',
  ]) {
    const { handler, offset } = handlerWith(source);
    assert.equal(argumentHoverAt(handler, offset), undefined, source);
  }
});

test('completion after args. offers the schema properties, while typing (a syntax error) and on an alias', () => {
  for (const source of [
    'module.exports = async (args, ctx) => {\n  const n = args.‸\n};\n',
    'module.exports = async (args, ctx) => {\n  return args.pa‸;\n};\n',
    'module.exports = async (input, ctx) => {\n  const a = input;\n  return a?.‸\n};\n',
  ]) {
    const { handler, text, offset } = handlerWith(source);
    assert.deepEqual(labels(handlerCompletionsAt(handler, text, offset)), ['path', 'limit'], source);
  }
});

test('completion after ctx. offers the gated members with what each needs, below an alias too', () => {
  const { handler, text, offset } = handlerWith('module.exports = async (args, context) => {\n  context.‸\n};\n');
  const completions = handlerCompletionsAt(handler, text, offset)!;
  assert.deepEqual(labels(completions), [
    'toast',
    'store',
    'log',
    'settings',
    'renderHtmlToPdf',
    'triggerInbound',
    'listChannels',
    'getSessionHistory',
    'respondToHitl',
    'ai',
    'session',
    'channels',
    'fs',
  ]);
  const toast = completions.find((completion) => completion.kind === 'ctx' && completion.name === 'toast');
  assert.deepEqual(toast?.kind === 'ctx' && toast.members.map(({ gated, declared }) => [gated.member, declared]), [
    ['ctx.toast', true],
  ]);
  const fs = completions.find((completion) => completion.kind === 'ctx' && completion.name === 'fs');
  assert.deepEqual(fs?.kind === 'ctx' && fs.members.map(({ gated, declared }) => [gated.member, declared]), [
    ['ctx.fs.write', false],
    ['ctx.fs.read', false],
    ['ctx.fs.exists', false],
    ['ctx.fs.list', false],
  ]);
  const below = handlerWith(
    'module.exports = async (args, ctx) => {\n  const { fs } = ctx;\n  await fs.‸\n};\n',
    withTool('{ "fs": { "read": { "parameter": true } } }'),
  );
  const members = handlerCompletionsAt(below.handler, below.text, below.offset)!;
  assert.deepEqual(
    members.map((completion) => completion.kind === 'ctx' && [completion.name, completion.members[0].declared]),
    [
      ['write', false],
      ['read', true],
      ['exists', true],
      ['list', false],
    ],
  );
});

test('no completion anywhere else: a shadowing name, a comment, a string, another object, a prototype-named or computed member', () => {
  for (const source of [
    'module.exports = async (args, ctx) => {\n  const f = (ctx) => ctx.‸\n};\n',
    'module.exports = async (args, ctx) => {\n  // ctx.‸\n};\n',
    "module.exports = async (args, ctx) => {\n  return 'ctx.‸';\n};\n",
    'module.exports = async (args, ctx) => {\n  other.‸\n};\n',
    'module.exports = async (args, ctx) => {\n  ctx.__proto__.‸\n};\n',
    'module.exports = async (args, ctx) => {\n  args.constructor.‸\n};\n',
    "module.exports = async (args, ctx) => {\n  ctx['fs'].‸\n};\n",
    'module.exports = async (args, ctx) => {\n  ctx.toast.‸\n};\n',
    'module.exports = require("./other");\nctx.‸\n',
  ]) {
    const { handler, text, offset } = handlerWith(source);
    assert.equal(handlerCompletionsAt(handler, text, offset), undefined, source);
  }
});

test('args. gets nothing where the arguments are not known: a schema with allOf, a module two tools name', () => {
  const source = 'module.exports = async (args, ctx) => {\n  return args.‸\n};\n';
  const open = handlerWith(source, withTool(), {
    'tools/count.schema.json': JSON.stringify({
      type: 'object',
      allOf: [{ properties: { path: { type: 'string' } } }],
    }),
  });
  assert.equal(handlerCompletionsAt(open.handler, open.text, open.offset), undefined);
  const twice = handlerWith(source, withTool('{}', `${tool}, ${tool.replace('"count"', '"count2"')}`));
  assert.equal(handlerCompletionsAt(twice.handler, twice.text, twice.offset), undefined);
  assert.equal(argumentHoverAt(twice.handler, twice.text.indexOf('args.') + 5), undefined);
  // A schema property named like a prototype member is an argument like any other.
  const proto = handlerWith('module.exports = async (args, ctx) => args.constr‸uctor;\n', withTool(), {
    'tools/count.schema.json':
      '{ "type": "object", "properties": { "constructor": { "type": "string", "description": "C." }, "__proto__": { "type": "number" } } }',
  });
  assert.deepEqual(argumentHoverAt(proto.handler, proto.offset)?.property, {
    name: 'constructor',
    type: 'string',
    description: 'C.',
  });
});
