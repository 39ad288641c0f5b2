import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import { analyzeManifest } from '../../server/src/engine';
import { envelopeSchemaVersion } from '../../server/src/engine/handlers/resultShape';
import { manifest, MemoryFolder } from './helpers';

/**
 * handlers.malformed-envelope against MCP's own schema: each envelope below, returned by a handler as a literal, is
 * reported exactly when MCP's CallToolResult (docs/reference/mcp-schema-<date>.json, read here as published) rejects
 * what the handler puts on the wire. A new version of the schema shows here what it changed.
 */

const referenceDir = join(__dirname, '../../../docs/reference');
const schemaFile = readdirSync(referenceDir)
  .filter((name) => /^mcp-schema-\d{4}-\d{2}-\d{2}\.json$/.test(name))
  .sort()
  .at(-1)!;
const mcpSchema = JSON.parse(readFileSync(join(referenceDir, schemaFile), 'utf8')) as object;

/** MCP's verdict: its schema, with its two formats as their standards define them (not as the rule checks them). */
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat('byte', (text: string) => Buffer.from(text, 'base64').toString('base64') === text);
ajv.addFormat('uri', (text: string) => {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(text) || /\s/.test(text)) return false;
  return URL.canParse(text);
});
ajv.addSchema(mcpSchema, 'mcp');
const callToolResult = ajv.getSchema('mcp#/$defs/CallToolResult')!;

/** What MCP says of a handler's returned value: Filer, the server, adds `resultType`. */
function mcpAccepts(returned: unknown): boolean {
  const wire = JSON.parse(JSON.stringify(returned)) as Record<string, unknown>;
  return callToolResult({ resultType: 'complete', ...wire }) as boolean;
}

const png = 'iVBORw0KGgo=';
const block = (fields: string) => `{ content: [${fields}] }`;
const text = (extra = '') => `{ type: 'text', text: 'Done.'${extra} }`;

/** Envelopes as handlers write them: every block type MCP defines, valid and invalid; the envelope's own fields. */
const envelopes: string[] = [
  // text
  block(text()),
  block(text(", annotations: { audience: ['user', 'assistant'], priority: 0.5, lastModified: '2026-01-01' }")),
  block(text(', _meta: {}')),
  block("{ type: 'text' }"),
  block("{ type: 'text', text: 5 }"),
  block("{ type: 'text', text: undefined }"),
  block("{ type: 'text', text: null }"),
  block(text(", annotations: 'high'")),
  block(text(', annotations: { priority: 2 }')),
  block(text(', annotations: { priority: -1 }')),
  block(text(", annotations: { audience: ['bot'] }")),
  block(text(", annotations: { audience: 'user' }")),
  block(text(', annotations: { lastModified: 5 }')),
  block(text(", _meta: 'x'")),
  // the type
  block("{ type: 'txt', text: 'a' }"),
  block("{ text: 'a' }"),
  block("{ type: 5, text: 'a' }"),
  block("{ type: null, text: 'a' }"),
  block("'Done.'"),
  block('42'),
  block('null'),
  block("['a']"),
  // image and audio
  block(`{ type: 'image', data: '${png}', mimeType: 'image/png' }`),
  block(`{ type: 'image', data: '', mimeType: 'image/png' }`),
  block("{ type: 'image', mimeType: 'image/png' }"),
  block(`{ type: 'image', data: '${png}' }`),
  block(`{ type: 'image', data: 'data:image/png;base64,${png}', mimeType: 'image/png' }`),
  block("{ type: 'image', data: 'not base64!', mimeType: 'image/png' }"),
  block(`{ type: 'image', data: '${png}', mimeType: 5 }`),
  block(`{ type: 'image', data: 5, mimeType: 'image/png' }`),
  block("{ type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }"),
  block("{ type: 'audio', data: 'UklGRg', mimeType: 'audio/wav' }"),
  block("{ type: 'audio', data: 'UklGRg==' }"),
  // resource
  block("{ type: 'resource', resource: { uri: 'file:///notes.txt', text: 'Hello' } }"),
  block("{ type: 'resource', resource: { uri: 'file:///a.bin', blob: 'AAAA', mimeType: 'application/octet-stream' } }"),
  block("{ type: 'resource' }"),
  block("{ type: 'resource', resource: 'file:///notes.txt' }"),
  block("{ type: 'resource', resource: 5 }"),
  block("{ type: 'resource', resource: null }"),
  block("{ type: 'resource', resource: {} }"),
  block("{ type: 'resource', resource: { text: 'Hello' } }"),
  block("{ type: 'resource', resource: { uri: 'file:///notes.txt' } }"),
  block("{ type: 'resource', resource: { uri: 'file:///notes.txt', text: 5 } }"),
  block("{ type: 'resource', resource: { uri: 5, text: 'Hello' } }"),
  block("{ type: 'resource', resource: { uri: 'notes.txt', text: 'Hello' } }"),
  block("{ type: 'resource', resource: { uri: 'file:///a.bin', blob: '***' } }"),
  block("{ type: 'resource', resource: { uri: 'file:///a.txt', text: 'x', mimeType: 5 } }"),
  // resource_link
  block("{ type: 'resource_link', uri: 'https://example.com/a.pdf', name: 'a.pdf' }"),
  block(
    "{ type: 'resource_link', uri: 'file:///a.pdf', name: 'a.pdf', title: 'A', mimeType: 'application/pdf', size: 1024, description: 'The report.', icons: [{ src: 'https://example.com/i.png', theme: 'dark' }] }",
  ),
  block("{ type: 'resource_link', name: 'a.pdf' }"),
  block("{ type: 'resource_link', uri: 'file:///a.pdf' }"),
  block("{ type: 'resource_link', uri: 'reports/a.pdf', name: 'a.pdf' }"),
  block("{ type: 'resource_link', uri: 'file:///a.pdf', name: 'a.pdf', mimeType: 5 }"),
  block("{ type: 'resource_link', uri: 'file:///a.pdf', name: 'a.pdf', size: 'big' }"),
  block("{ type: 'resource_link', uri: 'file:///a.pdf', name: 'a.pdf', size: 1.5 }"),
  block("{ type: 'resource_link', uri: 'file:///a.pdf', name: 'a.pdf', title: 1 }"),
  block("{ type: 'resource_link', uri: 'file:///a.pdf', name: 'a.pdf', icons: 'x.png' }"),
  block("{ type: 'resource_link', uri: 'file:///a.pdf', name: 'a.pdf', icons: [{}] }"),
  block(
    "{ type: 'resource_link', uri: 'file:///a.pdf', name: 'a.pdf', icons: [{ src: 'https://e.com/i.png', theme: 'blue' }] }",
  ),
  // the envelope
  '{ content: [] }',
  `{ content: [${text()}], isError: true }`,
  `{ content: [${text()}], isError: 'yes' }`,
  `{ content: [${text()}], _meta: {} }`,
  `{ content: [${text()}], _meta: 'x' }`,
  `{ content: [${text()}], structuredContent: { count: 3 } }`,
  "{ content: 'Done.' }",
  "{ content: { type: 'text', text: 'Done.' } }",
  '{ content: null }',
  '{ content: 5 }',
  "{ content: 'Done.', isError: true }",
];

/** The value a handler returning this literal puts on the wire (the literals are ours, above, and hold no code). */
function evaluate(literal: string): unknown {
  return new Function(`return (${literal});`)() as unknown;
}

const schema = JSON.stringify({ type: 'object', properties: {} });
const withTool = manifest(
  '"contributes": { "tools": [{ "id": "t", "title": "T", "description": "Does t.", "schema": "tools/t.schema.json", "handler": "tools/t.js", "annotations": { "readOnlyHint": true } }] }',
);

function envelopeFindings(returned: string): string[] {
  const folder = new MemoryFolder(
    new Map([
      ['tools/t.schema.json', schema],
      ['tools/t.js', `module.exports = async (args, ctx) => {\n  return ${returned};\n};\n`],
    ]),
  );
  return analyzeManifest(withTool, { folder })
    .diagnostics.filter((d) => d.code === 'handlers.malformed-envelope')
    .map((d) => d.message);
}

test(`the schema judged by is the newest MCP schema in docs/reference (${schemaFile})`, () => {
  assert.equal(`mcp-schema-${envelopeSchemaVersion}.json`, schemaFile);
});

test('handlers.malformed-envelope reports an envelope exactly when MCP’s schema rejects it', () => {
  const disagreements: string[] = [];
  let rejected = 0;
  for (const literal of envelopes) {
    const accepted = mcpAccepts(evaluate(literal));
    if (!accepted) rejected++;
    const findings = envelopeFindings(literal);
    if (accepted !== (findings.length === 0))
      disagreements.push(
        `${literal}\n  MCP: ${accepted ? 'valid' : 'invalid'}; rule: ${findings.join(' | ') || 'nothing'}`,
      );
  }
  assert.deepEqual(disagreements, []);
  // Both verdicts are exercised, and most of the list is a mistake.
  assert.ok(rejected >= 45 && envelopes.length - rejected >= 12, `${rejected} of ${envelopes.length} rejected`);
});

test('one finding per mistake, at the value at fault, in words a plugin author can act on', () => {
  const cases: [string, string][] = [
    [block("{ type: 'text' }"), 'This "text" content block has no `text`.'],
    [
      block("{ type: 'text', text: undefined }"),
      '`text` of this "text" content block is undefined, which JSON leaves out.',
    ],
    [
      block("{ type: 'txt', text: 'a' }"),
      'Content block type "txt" is not one of MCP’s, which are "text", "image", "audio", "resource_link", "resource". Did you mean "text"?',
    ],
    [
      block("{ type: 5, text: 'a' }"),
      'The `type` of this content block is 5, not one of MCP’s, which are "text", "image", "audio", "resource_link", "resource".',
    ],
    [block("'Done.'"), 'This content block is a string, not an object.'],
    [
      block(text(', annotations: { priority: 2 }')),
      '`annotations.priority` of this "text" content block is 2, outside 0 to 1.',
    ],
    [
      block(text(", annotations: { audience: ['bot'] }")),
      '`annotations.audience[0]` of this "text" content block is "bot", not "assistant" or "user".',
    ],
    [
      block(`{ type: 'image', data: 'data:image/png;base64,${png}', mimeType: 'image/png' }`),
      '`data` of this "image" content block is a "data:" URL. MCP wants the base64 after its comma alone, with the type in `mimeType`.',
    ],
    [
      block("{ type: 'resource', resource: { uri: 'file:///notes.txt' } }"),
      '`resource` of this "resource" content block has neither `text` nor `blob`.',
    ],
    [
      block("{ type: 'resource', resource: { uri: 'file:///notes.txt', text: 5 } }"),
      '`resource.text` of this "resource" content block is a number, not a string.',
    ],
    [
      block("{ type: 'resource_link', uri: 'reports/a.pdf', name: 'a.pdf' }"),
      '`uri` of this "resource_link" content block is not a URI, which starts with a scheme and a colon and has no spaces, as in "file:///notes.txt" or "https://example.com".',
    ],
    [
      block("{ type: 'resource_link', uri: 'file:///a.pdf', name: 'a.pdf', size: 1.5 }"),
      '`size` of this "resource_link" content block is a fractional number, not a whole number.',
    ],
    ["{ content: 'Done.' }", '`content` of the returned envelope is a string, not an array.'],
    [`{ content: [${text()}], isError: 'yes' }`, '`isError` of the returned envelope is a string, not true or false.'],
  ];
  const consequence =
    ' Filer then wraps the whole returned object as text, so the agent gets it as one JSON text, not as its blocks.';
  for (const [literal, first] of cases) assert.deepEqual(envelopeFindings(literal), [first + consequence], literal);
  // A resource without uri and contents: the field both kinds need, and the choice between them.
  assert.deepEqual(envelopeFindings(block("{ type: 'resource', resource: {} }")), [
    '`resource` of this "resource" content block has no `uri`.' + consequence,
    '`resource` of this "resource" content block has neither `text` nor `blob`.' + consequence,
  ]);
});

test('what only the run time knows is not judged', () => {
  for (const literal of [
    block('{ type: kind, text: 1 }'),
    block('{ ...base, text: 1 }'),
    block("{ type: 'image', data: png, mimeType: type }"),
    block("{ type: 'image', data: `${png}`, mimeType: 'image/png' }"),
    block("{ type: 'text', text: `${count} items` }"),
    block("{ type: 'resource', resource: contents }"),
    block("{ type: 'resource', resource: { ...contents, uri: 5 } }"),
    '{ content: blocks, isError: failed }',
    "{ ...result, content: 'x' }",
    "{ path, content: 'Done.' }",
    '{ success: true, content: null }',
  ])
    assert.deepEqual(envelopeFindings(literal), [], literal);
});
