import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeToolSchema, type ToolSchemaFacts } from '../../server/src/engine/model/toolSchema';
import { expectNone, expectRule, manifest, pluginFolder } from './helpers';

/** The facts of a schema that must be valid. */
function facts(schema: unknown): ToolSchemaFacts {
  const result = analyzeToolSchema(JSON.stringify(schema));
  assert.equal(result.kind, 'ok', JSON.stringify(result));
  return (result as { facts: ToolSchemaFacts }).facts;
}

const filePath = { type: 'string', format: 'file-path' };
const tool =
  '{ "id": "count_words", "title": "Count", "description": "d", "schema": «"tools/count.schema.json"», "handler": "tools/count.js", "annotations": { "readOnlyHint": true } }';
const batchAction =
  '{ "id": "merge", "title": "Merge", "description": "d", "scope": "multi-file", "kind": "tool", "toolId": "count_words", "multiFileMode": «"batch"» }';
const folderWith = (schema: unknown, extra: Record<string, string> = {}) =>
  pluginFolder({
    'tools/count.schema.json': JSON.stringify(schema),
    'tools/count.js': 'module.exports = async () => "";',
    ...extra,
  }).folder;
const withParameter = (tools: string) =>
  manifest(`"permissions": { "fs": { "read": { "parameter": true } } }, "contributes": { "tools": [${tools}] }`);

test('a property that refers to a path-formatted definition ($defs or definitions) is a path property: no hint, no warning', () => {
  for (const defs of ['$defs', 'definitions']) {
    const schema = { type: 'object', [defs]: { filePath }, properties: { filePath: { $ref: `#/${defs}/filePath` } } };
    assert.deepEqual(facts(schema), {
      argumentNames: ['filePath'],
      pathProperties: ['filePath'],
      pathArrayProperties: [],
      unformattedPathLikeProperties: [],
      arguments: { closed: false, properties: [{ name: 'filePath', type: 'string', format: 'file-path' }] },
    });
    expectNone(
      withParameter(tool.replace(/[«»]/g, '')),
      ['tools.path-without-format', 'permissions.parameter-without-path-property'],
      folderWith(schema),
    );
  }
});

test('an array whose items refer to a path definition is the array-of-paths a batch action needs', () => {
  const viaItems = {
    type: 'object',
    $defs: { filePath },
    properties: { files: { type: 'array', items: { $ref: '#/$defs/filePath' } } },
  };
  const viaArray = {
    type: 'object',
    definitions: { filePath, paths: { type: 'array', items: { $ref: '#/definitions/filePath' } } },
    properties: { inputs: { $ref: '#/definitions/paths' } },
  };
  assert.deepEqual(facts(viaItems).pathArrayProperties, ['files']);
  assert.deepEqual(facts(viaArray).pathArrayProperties, ['inputs']);
  const source = manifest(
    `"contributes": { "tools": [${tool.replace(/[«»]/g, '')}], "actions": [${batchAction.replace(/[«»]/g, '')}] }`,
  );
  expectNone(source, ['actions.batch-without-array'], folderWith(viaItems));
  expectNone(source, ['actions.batch-without-array'], folderWith(viaArray));
});

test('a root that refers to its arguments object, and one definition used by two properties', () => {
  const location = { type: 'object', properties: { path: filePath } };
  const schema = {
    $ref: '#/definitions/args',
    definitions: {
      location,
      args: {
        type: 'object',
        properties: { from: { $ref: '#/definitions/location' }, to: { $ref: '#/definitions/location' } },
      },
    },
  };
  assert.deepEqual(facts(schema).pathProperties, ['from.path', 'to.path']);
  // A JSON pointer is unescaped (~1 is "/", ~0 is "~", %25 is "%") as the reference's "$ref" syntax has it.
  assert.deepEqual(
    facts({ type: 'object', $defs: { 'a/b~c%': filePath }, properties: { source: { $ref: '#/$defs/a~1b~0c%25' } } })
      .pathProperties,
    ['source'],
  );
});

test('a $ref beside a format: the format of the referring schema counts too', () => {
  assert.deepEqual(
    facts({
      type: 'object',
      $defs: { text: { type: 'string' } },
      properties: { filePath: { $ref: '#/$defs/text', format: 'file-path' } },
    }).pathProperties,
    ['filePath'],
  );
});

test('a path-like property whose definition has no format still gets the hint, at the schema path', () => {
  const schema = {
    type: 'object',
    $defs: { text: { type: 'string' } },
    properties: { outputFile: { $ref: '#/$defs/text' } },
  };
  expectRule('tools.path-without-format', manifest(`"contributes": { "tools": [${tool}] }`), {
    folder: folderWith(schema),
    message: 'Property `outputFile`',
  });
});

test('a $ref to another file or a URL is never followed, even when that file is in the plugin folder', () => {
  const other = { filePath };
  for (const ref of [
    'common.schema.json#/filePath',
    './common.schema.json',
    'https://example.com/schemas/common.json#/filePath',
  ]) {
    const schema = { type: 'object', properties: { filePath: { $ref: ref } } };
    expectRule('tools.path-without-format', manifest(`"contributes": { "tools": [${tool}] }`), {
      folder: folderWith(schema, {
        'tools/common.schema.json': JSON.stringify(other),
        'common.schema.json': JSON.stringify(other),
      }),
      message: 'Property `filePath`',
    });
  }
});

test('cycles end: a recursive definition, a $ref loop, a $ref to the root', () => {
  const tree = {
    type: 'object',
    $defs: { node: { type: 'object', properties: { path: filePath, child: { $ref: '#/$defs/node' } } } },
    properties: { tree: { $ref: '#/$defs/node' } },
  };
  assert.deepEqual(facts(tree).pathProperties, ['tree.path']);
  const loop = {
    type: 'object',
    $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
    properties: { filePath: { $ref: '#/$defs/a' } },
  };
  assert.deepEqual(facts(loop), {
    argumentNames: ['filePath'],
    pathProperties: [],
    pathArrayProperties: [],
    unformattedPathLikeProperties: ['filePath'],
    arguments: { closed: false, properties: [{ name: 'filePath' }] },
  });
  const root = { type: 'object', properties: { path: filePath, again: { $ref: '#' } } };
  assert.deepEqual(facts(root).pathProperties, ['path']);
  assert.deepEqual(
    facts({ type: 'object', properties: { dangling: { $ref: '#/$defs/none' }, x: { $ref: '#/properties/x/0' } } })
      .pathProperties,
    [],
  );
});

test('a $ref to a plain-name anchor in the same file ($anchor, or an "#name" $id / draft-04 id) is followed too', () => {
  assert.deepEqual(
    facts({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { p: { $anchor: 'file', ...filePath } },
      properties: { source: { $ref: '#file' } },
    }).pathProperties,
    ['source'],
  );
  assert.deepEqual(
    facts({
      type: 'object',
      definitions: { p: { $id: '#file', ...filePath } },
      properties: { source: { $ref: '#file' } },
    }).pathProperties,
    ['source'],
  );
  assert.deepEqual(
    facts({
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'object',
      definitions: { p: { id: '#file', ...filePath } },
      properties: { source: { $ref: '#file' } },
    }).pathProperties,
    ['source'],
  );
  assert.deepEqual(facts({ type: 'object', properties: { source: { $ref: '#nowhere' } } }).pathProperties, []);
});

test('tools.schema-ref-chain: a chain of more than 32 local $refs is followed no further, said at the tool\u2019s schema; the format behind it is not seen', () => {
  const $defs: Record<string, unknown> = { d40: filePath };
  for (let i = 0; i < 40; i++) $defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
  const schema = { type: 'object', $defs, properties: { source: { $ref: '#/$defs/d0' } } };
  const found = expectRule('tools.schema-ref-chain', manifest(`"contributes": { "tools": [${tool}] }`), {
    folder: folderWith(schema),
    severity: 'warning',
    message: 'Property `source` of "tools/count.schema.json" is a chain of more than 32 `$ref` links',
  });
  assert.deepEqual(found.data, {
    jsonPath: ['contributes', 'tools', 0, 'schema'],
    filePath: 'tools/count.schema.json',
    property: 'source',
    limit: 32,
  });
  assert.deepEqual(facts(schema).pathProperties, []);
});
