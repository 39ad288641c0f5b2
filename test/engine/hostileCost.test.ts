/**
 * Inputs of a few hundred kilobytes that cost minutes or overflowed the stack (issue 22): an `enum` of
 * distinct objects (the meta-schema's uniqueItems compared every pair), a `$ref` chain (re-merged for
 * every property, and followed by recursion), 200,000 unknown keys (one scan of the object per key),
 * 32,000 legacy tools (ajv's errors gathered by copies, a fix that scanned the text per tool), and a
 * manifest nested past the parser's limit (skipped whole), a config file's `suppress` of 40,000 entries on one line
 * (jsonc-parser's edit reformatted it whole). Each is generated here; the bounds are
 * generous (seconds for what took minutes).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addSuppressionEdits,
  analyzeManifest,
  dataOf,
  proposeFixes,
  recognizeContent,
  ruleByCode,
  sharedInOneRequest,
  keysWrittenIn,
  parseDocument,
  removeSuppressionEdits,
  valueNode,
  type ManifestDiagnostic,
} from '../../server/src/engine';
import { applyEdits } from '../../server/src/engine/fixes/textEdits';
import { handlerFacts } from '../../server/src/engine/handlers/handlerFacts';
import { analyzeToolSchema, type ToolSchemaFacts } from '../../server/src/engine/model/toolSchema';
import { manifest, pluginFolder } from './helpers';

function timed<T>(run: () => T): { result: T; ms: number } {
  const started = performance.now();
  const result = run();
  return { result, ms: performance.now() - started };
}

const schemaTool =
  '{ "id": "t", "title": "T", "description": "Counts the words in a text file.", "schema": "./s.schema.json", "handler": "./h.js", "annotations": { "readOnlyHint": true } }';
const withSchema = (schema: unknown) => ({
  text: manifest(`"contributes": { "tools": [${schemaTool}] }`),
  folder: pluginFolder({ 's.schema.json': JSON.stringify(schema), 'h.js': 'module.exports = async () => "";\n' })
    .folder,
});
const codes = (diagnostics: ManifestDiagnostic[]) => diagnostics.map((d) => d.code);

test('a draft-04 tool schema whose enum has 60,000 distinct objects (1 MB) is checked in seconds (about a minute before), and a duplicate among them is still found', () => {
  const items = Array.from({ length: 60_000 }, (_, i) => ({ k: i, v: [i] }));
  const schema = {
    $schema: 'http://json-schema.org/draft-04/schema#',
    type: 'object',
    properties: { p: { enum: items } },
  };
  const distinct = withSchema(schema);
  const { result, ms } = timed(() => analyzeManifest(distinct.text, { folder: distinct.folder }));
  assert.ok(JSON.stringify(schema).length > 1_000_000);
  assert.deepEqual(codes(result.diagnostics), []);
  assert.ok(ms < 10_000, `${ms.toFixed(0)} ms`);
  // The same object with its keys in another order is the same item: the pair ajv's own keyword reports.
  const duplicated = withSchema({ ...schema, properties: { p: { enum: [...items, { v: [3], k: 3 }] } } });
  const [invalid] = analyzeManifest(duplicated.text, { folder: duplicated.folder }).diagnostics;
  assert.equal(invalid.code, 'tools.schema-invalid');
  assert.match(
    invalid.message,
    /: its `properties\.p\.enum` must NOT have duplicate items \(items ## 3 and 60000 are identical\)\.$/,
  );
});

test('uniqueItems finds duplicates named like what every object inherits (ajv\u2019s own keyword missed "__proto__")', () => {
  const { text, folder } = withSchema({ type: 'object', required: ['__proto__', 'a', '__proto__'], properties: {} });
  const [invalid] = analyzeManifest(text, { folder }).diagnostics;
  assert.equal(invalid?.code, 'tools.schema-invalid');
  assert.match(invalid.message, /its `required` must NOT have duplicate items \(items ## 0 and 2 are identical\)/);
});

test('a $ref chain of 2,000 links named by 2,000 properties (150 KB) is resolved in seconds (about a minute before): tools.schema-ref-chain says where it stopped', () => {
  const links = 2000;
  const definitions: Record<string, unknown> = {};
  for (let i = 0; i < links; i++)
    definitions[`d${i}`] =
      i + 1 < links ? { $ref: `#/definitions/d${i + 1}` } : { type: 'string', format: 'file-path' };
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < links; i++) properties[`p${i}`] = { $ref: '#/definitions/d0' };
  const { text, folder } = withSchema({ type: 'object', definitions, properties });
  const { result, ms } = timed(() => analyzeManifest(text, { folder }));
  assert.ok(ms < 10_000, `${ms.toFixed(0)} ms`);
  const cut = result.diagnostics.filter((d) => d.code === 'tools.schema-ref-chain');
  assert.equal(cut.length, 1, codes(result.diagnostics).join(', '));
  assert.equal(
    cut[0].message,
    'Property `p0` of "./s.schema.json" is a chain of more than 32 `$ref` links. The checks follow it no further, so a `format` "file-path" behind it is not seen.',
  );
  assert.deepEqual(dataOf(cut[0], 'tools.schema-ref-chain'), {
    jsonPath: ['contributes', 'tools', 0, 'schema'],
    filePath: './s.schema.json',
    property: 'p0',
    limit: 32,
  });
});

test('a $ref chain of 30,000 links (the CLI said "Maximum call stack size exceeded" and reported nothing) is a finding, and the rest is validated', () => {
  const links = 30_000;
  const definitions: Record<string, unknown> = {};
  for (let i = 0; i < links; i++)
    definitions[`d${i}`] = i + 1 < links ? { $ref: `#/definitions/d${i + 1}` } : { type: 'string' };
  const { folder } = pluginFolder({
    's.schema.json': JSON.stringify({ $ref: '#/definitions/d0', definitions }),
    'h.js': 'module.exports = async () => "";\n',
  });
  const text = manifest(`"contributes": { "tools": [${schemaTool}] }, "autor": "x"`);
  const { diagnostics } = analyzeManifest(text, { folder });
  assert.deepEqual(codes(diagnostics), ['tools.schema-ref-chain', 'manifest.unknown-key']);
  assert.match(diagnostics[0].message, /^The root of "\.\/s\.schema\.json" is a chain of more than 32 `\$ref` links/);
});

test('tools.schema-ref-chain: a chain of 33 links is cut, one of 32 is followed to its format', () => {
  const chain = (links: number) => {
    const $defs: Record<string, unknown> = {};
    for (let i = 0; i < links; i++) $defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    $defs[`d${links}`] = { type: 'string', format: 'file-path' };
    return { type: 'object', $defs, properties: { inputPath: { $ref: '#/$defs/d0' } } };
  };
  const followed = withSchema(chain(31));
  assert.deepEqual(codes(analyzeManifest(followed.text, { folder: followed.folder }).diagnostics), []);
  const cut = withSchema(chain(32));
  assert.deepEqual(codes(analyzeManifest(cut.text, { folder: cut.folder }).diagnostics), [
    'tools.schema-ref-chain',
    'tools.path-without-format',
  ]);
  assert.equal(ruleByCode.get('tools.schema-ref-chain')?.severity, 'warning');
});

test('200,000 unknown top-level keys (3.2 MB) are validated in seconds (82 s before), the first of them listed at their keys', () => {
  const keys = Array.from({ length: 200_000 }, (_, i) => `"unknown${i}": ${i}`).join(', ');
  const text = `{ "name": "p", "displayName": "P", "version": "1.0.0", ${keys} }`;
  const { result, ms } = timed(() => analyzeManifest(text, { maxDiagnostics: 100 }));
  assert.ok(ms < 30_000, `${ms.toFixed(0)} ms`);
  const { diagnostics } = result;
  assert.equal(diagnostics.length, 100);
  assert.deepEqual(
    diagnostics.slice(0, 2).map((d) => [d.code, text.slice(d.offset, d.offset + d.length)]),
    [
      ['manifest.unknown-key', '"unknown0"'],
      ['manifest.unknown-key', '"unknown1"'],
    ],
  );
  assert.equal(
    diagnostics[99].message,
    '199,901 more problems are not shown (199,901 warnings): at most 100 are listed per manifest.',
  );
});

test('an unknown key given twice in a large object is marked at its first occurrence, as in a small one', () => {
  for (const count of [3, 100]) {
    const others = Array.from({ length: count }, (_, i) => `"x${i}": ${i}`).join(', ');
    const text = `{ "name": "p", "displayName": "P", "version": "1.0.0", "autor": 1, ${others}, "autor": 2 }`;
    const unknown = analyzeManifest(text, { maxDiagnostics: 2000 }).diagnostics.find(
      (d) => d.code === 'manifest.unknown-key' && d.message.includes('`autor`'),
    )!;
    assert.equal(unknown.offset, text.indexOf('"autor"'), String(count));
  }
});

/** A manifest on one line (as JSON.stringify writes it) with `count` legacy tools. */
function legacyManifest(count: number): string {
  const tools = Array.from({ length: count }, (_, i) => ({
    name: `tool_${i}`,
    title: 'T',
    description: 'Counts the words in a text file.',
    handler: './h.js',
    parameters: { type: 'object' },
  }));
  return JSON.stringify({ name: 'p', displayName: 'P', version: '1.0.0', contributes: { tools } });
}

test('32,000 legacy tools (3 MB on one line) are validated in seconds (20 to 48 s before)', () => {
  const text = legacyManifest(32_000);
  const { result, ms } = timed(() => analyzeManifest(text));
  assert.ok(ms < 30_000, `${ms.toFixed(0)} ms`);
  const { diagnostics } = result;
  assert.equal(diagnostics.length, 1000);
  assert.ok(diagnostics.slice(0, 999).every((d) => d.code === 'tools.legacy-shape'));
  assert.equal(
    diagnostics[999].message,
    '31,001 more problems are not shown (31,001 errors): at most 1,000 are listed per manifest.',
  );
});

test('the legacy-tool fix of every tool shown, asked for each of them (a client asks for every diagnostic of the line), is made once, in seconds', () => {
  const text = legacyManifest(32_000);
  const analysis = analyzeManifest(text);
  const shared = sharedInOneRequest();
  const legacy = analysis.diagnostics.filter((d) => d.code === 'tools.legacy-shape');
  const { result, ms } = timed(() =>
    legacy.map((diagnostic) =>
      proposeFixes(diagnostic, analysis, { creatable: () => 'free', folderName: 'p', shared }),
    ),
  );
  assert.ok(ms < 30_000, `${ms.toFixed(0)} ms`);
  const all = result.map((proposals) => proposals.find((proposal) => proposal.mends));
  assert.ok(
    all.every((proposal) => proposal === all[0]),
    'one proposal for all',
  );
  assert.equal(all[0]!.title, 'Fix all legacy tools in this file (999)');
  assert.equal(all[0]!.newFiles.length, 999);
  // The tool's parameters, moved into their file, laid out one member per line as VS Code formats JSON.
  assert.deepEqual(all[0]!.newFiles[998], {
    filePath: 'tools/tool_998.schema.json',
    text: '{\n  "type": "object"\n}\n',
  });
});

/** `depth` arrays, one in another, with `inner` in the innermost. */
const nested = (depth: number, inner = '') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

test('a manifest nested 512 deep is still a Filer manifest and validated (it was skipped whole, exit 0): json.too-deep at the value, and its other findings', () => {
  for (const depth of [511, 512, 5_000, 100_000]) {
    // The root object is a level: the array's own levels start at 2.
    const text = manifest(`"name": "Not Kebab", "contributes": {}, "x-deep": ${nested(depth, '1')}`);
    const { document, diagnostics } = analyzeManifest(text);
    assert.equal(recognizeContent(document.value).kind, 'filer', String(depth));
    const found = codes(diagnostics);
    assert.ok(
      found.includes('manifest.name') && found.includes('manifest.unknown-key'),
      `${depth}: ${found.join(', ')}`,
    );
    const tooDeep = diagnostics.filter((d) => d.code === 'json.too-deep');
    if (depth < 512) {
      assert.equal(tooDeep.length, 0);
      continue;
    }
    assert.equal(tooDeep.length, 1, String(depth));
    const deepest = text.indexOf('[') + 511;
    assert.deepEqual([tooDeep[0].offset, tooDeep[0].length, tooDeep[0].severity], [deepest, 1, 'error']);
    assert.equal(
      tooDeep[0].message,
      'This value nests deeper than 512 levels: what it holds is not validated (it is read as empty).',
    );
  }
});

test('nesting past the limit beside a syntax error and a comment: each is reported, with the line of each', () => {
  const text = `{\n  // a comment\n  "name": "p", "displayName": "P", "version": "1.0.0",\n  "deep": ${nested(600)},\n  "x": ,\n  "contributes": {}\n}`;
  const { document, diagnostics } = analyzeManifest(text);
  assert.equal(recognizeContent(document.value).kind, 'filer');
  // `"x": ,` has no value: the plain value has no `x`, so only the syntax error is said of it.
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.range.start.line]),
    [
      ['json.comment', 1],
      ['manifest.unknown-key', 3],
      ['json.too-deep', 3],
      ['json.syntax', 4],
    ],
  );
});

test('keysWrittenIn: a large object is read once, its nested values skipped whole (linear in its own members)', () => {
  const members = Array.from(
    { length: 20_000 },
    (_, i) => `"k${i}": { "deep": [${'{ "x": 1 },'.repeat(10)} {}] }`,
  ).join(',\n');
  const text = `{ "p": {\n${members}\n} }`;
  const object = valueNode(parseDocument(text).root, 'p')!;
  const started = Date.now();
  assert.equal(keysWrittenIn(text, object).size, 20_000);
  assert.ok(Date.now() - started < 10_000, `${Date.now() - started} ms`);
});

/** What a tool's schema tells, from the schema as a value. */
function schemaFacts(schema: unknown): ToolSchemaFacts {
  const result = analyzeToolSchema(JSON.stringify(schema));
  assert.equal(result.kind, 'ok');
  return (result as { facts: ToolSchemaFacts }).facts;
}

test('a definition that doubles at every level is walked within a bound, not exponentially', () => {
  const depth = 40;
  const $defs: Record<string, unknown> = {
    d40: { type: 'object', properties: { path: { type: 'string', format: 'file-path' } } },
  };
  for (let i = depth - 1; i >= 0; i--)
    $defs[`d${i}`] = {
      type: 'object',
      properties: { left: { $ref: `#/$defs/d${i + 1}` }, right: { $ref: `#/$defs/d${i + 1}` } },
    };
  const started = Date.now();
  const found = schemaFacts({ type: 'object', $defs, properties: { root: { $ref: '#/$defs/d0' } } });
  assert.ok(Date.now() - started < 5000, 'seconds, not the age of the universe');
  assert.ok(
    found.pathProperties.length > 0 && found.pathProperties.length <= 10_000,
    String(found.pathProperties.length),
  );
});

test('the tolerant parse is linear: 400 KB of "@", "#" and unterminated strings are read in seconds (80 KB took 10 to 20 s before)', () => {
  for (const unit of ['@', '#', '"\n']) {
    const text = `module.exports = async (args, ctx) => {\n${unit.repeat(400_000 / unit.length)}`;
    const started = performance.now();
    const facts = handlerFacts(text, 'h.js', 'tool');
    const ms = performance.now() - started;
    assert.ok(facts.parse === 'tolerant' || facts.notChecked, JSON.stringify(unit));
    assert.ok(ms < 20_000, `${JSON.stringify(unit)}: ${Math.round(ms)} ms`);
  }
});

test('a config file whose `suppress` lists 40,000 entries on one line (4 MB) takes and gives up an entry in seconds (2,000 took 4 s, 40,000 minutes before)', () => {
  const entries = Array.from({ length: 40_000 }, (_, i) => ({
    file: 'plugin/manifest.json',
    at: `/x${i}`,
    rule: 'manifest.unknown-key',
    reason: 'Accepted.',
  }));
  const text = JSON.stringify({ suppress: entries });
  const entry = { ...entries[0], at: '/homepage' };
  const added = timed(() => addSuppressionEdits(text, entry));
  assert.deepEqual(JSON.parse(applyEdits(text, added.result!)).suppress.at(-1), entry);
  assert.ok(added.ms < 10_000, `added in ${added.ms.toFixed(0)} ms`);
  const unused = { jsonPath: ['suppress', 20_000], file: 'plugin/manifest.json', at: '/x20000', rule: entry.rule };
  const removed = timed(() => removeSuppressionEdits(text, unused));
  assert.equal(JSON.parse(applyEdits(text, removed.result!)).suppress.length, 39_999);
  assert.ok(removed.ms < 10_000, `removed in ${removed.ms.toFixed(0)} ms`);
});
