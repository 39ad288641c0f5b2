import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codesOf, expectNone, expectRule, manifest, areaCodes } from './helpers';

const tools = (entries: string, extra = '') =>
  manifest(`${extra ? `${extra}, ` : ''}"contributes": { "tools": [${entries}] }`);
const tool = (fields: string) =>
  `{ "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.", "schema": "tools/count.schema.json", "handler": "tools/count.js", "annotations": { "readOnlyHint": true }${fields ? `, ${fields}` : ''} }`;

test('a complete tool has no tool diagnostics', () => {
  expectNone(tools(tool('"timeout": "30s", "fileExtensions": [".md"]')), areaCodes('tools'));
});

test('tools.required: id, title, description and schema, at the opening brace of the tool', () => {
  expectRule(
    'tools.required',
    tools('«{» "id": "a", "description": "d", "schema": "s.json", "handler": "h.js", "annotations": {} }'),
    { message: 'has no `title`, which is required' },
  );
  expectRule(
    'tools.required',
    tools('«{» "title": "t", "description": "d", "schema": "s.json", "handler": "h.js", "annotations": {} }'),
    { message: 'has no `id`, which is required' },
  );
});

test('tools.id-dot: a tool id must not contain a dot', () => {
  expectRule(
    'tools.id-dot',
    tools(
      '{ "id": «"files.count"», "title": "t", "description": "d", "schema": "s.json", "handler": "h.js", "annotations": {} }',
    ),
    {
      severity: 'error',
      message: 'Dots are reserved for namespace prefixes',
    },
  );
});

test('tools.id-empty: a tool id is the MCP tool name, and an empty one names no tool', () => {
  expectRule(
    'tools.id-empty',
    tools('{ "id": «""», "title": "t", "description": "d", "schema": "s.json", "handler": "h.js", "annotations": {} }'),
    {
      severity: 'error',
      message: '`contributes.tools[0].id` is empty. The id is the MCP tool name the agent calls the tool by',
    },
  );
  expectNone(
    tools(
      '{ "id": "x", "title": "t", "description": "d", "schema": "s.json", "handler": "h.js", "annotations": { "readOnlyHint": true } }',
    ),
    ['tools.id-empty', 'tools.id-dot', 'tools.required'],
  );
});

test('tools.legacy-shape: name/parameters is one error at `name`, not a cascade', () => {
  const source = tools(
    '{ «"name"»: "count_words", "title": "t", "description": "d", "parameters": { "type": "object" }, "handler": "h.js", "annotations": {} }',
  );
  const diagnostic = expectRule('tools.legacy-shape', source, {
    severity: 'error',
    message: 'Declare `id` instead of `name`',
  });
  assert.deepEqual(diagnostic.data, { jsonPath: ['contributes', 'tools', 0], toolIndex: 0 });
  // No cascade: neither the missing id and schema nor the two keys the schema does not define.
  const shapeOrLegacy = ['tools.legacy-shape', 'tools.required', 'tools.unknown-key', 'tools.wrong-type'];
  const codes = codesOf(source.replace(/[«»]/g, '')).filter((code) => shapeOrLegacy.includes(code));
  assert.deepEqual(codes, ['tools.legacy-shape']);
});

test('tools.legacy-shape: parameters alone is legacy too', () => {
  expectRule(
    'tools.legacy-shape',
    tools('{ "title": "t", "description": "d", «"parameters"»: {}, "handler": "h.js", "annotations": {} }'),
  );
});

test('tools.handler-required: node runtime needs handler, reported at the id key', () => {
  expectRule(
    'tools.handler-required',
    tools('{ «"id"»: "a", "title": "t", "description": "d", "schema": "s.json", "annotations": {} }'),
    { severity: 'error' },
  );
});

test('tools.annotations: only the four MCP booleans', () => {
  expectRule(
    'tools.annotations',
    tools(tool('').replace('"readOnlyHint": true', '"readOnlyHint": true, «"dangerous"»: true')),
    { message: 'not an MCP tool annotation' },
  );
  expectRule('tools.annotations', tools(tool('').replace('"readOnlyHint": true', '"readOnlyHint": «"yes"»')), {
    message: 'true or false only',
  });
  expectRule(
    'tools.annotations',
    tools(tool('').replace('"annotations": { "readOnlyHint": true }', '"annotations": «true»')),
    { message: 'must be an object' },
  );
  expectNone(
    tools(
      tool('').replace(
        '"readOnlyHint": true',
        '"readOnlyHint": false, "destructiveHint": true, "idempotentHint": true, "openWorldHint": false',
      ),
    ),
    areaCodes('tools'),
  );
});

test("tools.duplicate-id: a warning at the later tool's id, as the agent loop skips it with a warning", () => {
  expectRule(
    'tools.duplicate-id',
    tools(`${tool('')}, ${tool('').replace('"id": "count_words"', '"id": «"count_words"»')}`),
    {
      severity: 'warning',
      message: 'One name is one tool, so Filer skips the later tool with a warning',
    },
  );
});

test('tools.wrong-type and tools.unknown-key', () => {
  expectRule('tools.wrong-type', tools(tool('"fileExtensions": «".md"»')), { message: 'must be an array' });
  expectRule('tools.unknown-key', tools(tool('«"timout"»: "30s"')), {
    severity: 'warning',
    message: 'Did you mean `timeout`?',
  });
});

test('tools.undeclared-annotations: a fetch plugin, naming the tool and what it is treated as', () => {
  const source = tools(
    '{ "id": «"lookup"», "title": "t", "description": "d", "schema": "s.json", "handler": "h.js" }',
    '"permissions": { "fetch": { "static": ["api.example.com"] } }',
  );
  expectRule('tools.undeclared-annotations', source, {
    severity: 'warning',
    message:
      /Tool "lookup" declares no annotations\. As the plugin declares `permissions\.fetch`, Filer treats it as external \(`openWorldHint` true\)/,
  });
});

test('tools.undeclared-annotations: a process plugin', () => {
  expectRule(
    'tools.undeclared-annotations',
    manifest(
      '"runtime": "process", "command": "bin/x", "contributes": { "tools": [{ "id": «"run"», "title": "t", "description": "d", "schema": "s.json" }] }',
    ),
    { message: 'runs under the "process" runtime' },
  );
});

test('tools.undeclared-annotations-write: an fs.write plugin, as a hint', () => {
  expectRule(
    'tools.undeclared-annotations-write',
    tools(
      '{ "id": «"save"», "title": "t", "description": "d", "schema": "s.json", "handler": "h.js" }',
      '"permissions": { "fs": { "write": { "parameter": true } } }',
    ),
    { severity: 'hint', message: '(`readOnlyHint` false)' },
  );
});

test("annotations: {} declares nothing: the plugin's permissions decide, as for a tool without annotations (the safer reading)", () => {
  expectRule(
    'tools.undeclared-annotations',
    tools(
      '{ "id": «"lookup"», "title": "t", "description": "d", "schema": "s.json", "handler": "h.js", "annotations": {} }',
      '"permissions": { "fetch": {} }',
    ),
    {
      severity: 'warning',
      message:
        'Tool "lookup" declares no annotations (its `annotations` object is empty). As the plugin declares `permissions.fetch`',
    },
  );
  expectRule(
    'tools.undeclared-annotations-write',
    tools(
      '{ "id": «"save"», "title": "t", "description": "d", "schema": "s.json", "handler": "h.js", "annotations": {} }',
      '"permissions": { "fs": { "write": {} } }',
    ),
    { severity: 'hint' },
  );
});

test('an annotation declared, even one that implies nothing, silences the undeclared warnings', () => {
  for (const annotations of ['{ "idempotentHint": true }', '{ "openWorldHint": false }']) {
    expectNone(
      tools(
        `{ "id": "lookup", "title": "t", "description": "d", "schema": "s.json", "handler": "h.js", "annotations": ${annotations} }`,
        '"permissions": { "fetch": {} }',
      ),
      ['tools.undeclared-annotations'],
    );
  }
});

test('tools.timeout: a duration like "30s"', () => {
  expectRule('tools.timeout', tools(tool('"timeout": «"30 seconds"»')), { severity: 'warning' });
  // A number is not a duration either; the reference gives only "30s", so it is the same warning, not a type error.
  expectRule('tools.timeout', tools(tool('"timeout": «30000»')), {
    severity: 'warning',
    message: 'is not a duration like "30s"',
  });
  expectNone(tools(tool('"timeout": 30000')), ['tools.wrong-type']);
  for (const timeout of ['500ms', '30s', '2m', '1h'])
    expectNone(tools(tool(`"timeout": "${timeout}"`)), ['tools.timeout']);
});
