/**
 * Inputs of a few hundred kilobytes that cost minutes or overflowed the stack (issue 22): an `enum` of
 * distinct objects (the meta-schema's uniqueItems compared every pair), a `$ref` chain (re-merged for
 * every property, and followed by recursion), 200,000 unknown keys (one scan of the object per key),
 * 32,000 legacy tools (ajv's errors gathered by copies, a fix that scanned the text per tool), and a
 * manifest nested past the parser's limit (skipped whole). Each is generated here; the bounds are
 * generous (seconds for what took minutes).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeManifest, type ManifestDiagnostic } from '../../server/src/engine';
import { manifest, pluginFolder } from './helpers';

function timed<T>(run: () => T): { result: T; ms: number } {
  const started = performance.now();
  const result = run();
  return { result, ms: performance.now() - started };
}

const schemaTool = '{ "id": "t", "title": "T", "description": "D", "schema": "./s.schema.json", "handler": "./h.js", "annotations": { "readOnlyHint": true } }';
const withSchema = (schema: unknown) => ({ text: manifest(`"contributes": { "tools": [${schemaTool}] }`), folder: pluginFolder({ 's.schema.json': JSON.stringify(schema), 'h.js': '' }).folder });
const codes = (diagnostics: ManifestDiagnostic[]) => diagnostics.map((d) => d.code);

test('a draft-04 tool schema whose enum has 60,000 distinct objects (1 MB) is checked in seconds (about a minute before), and a duplicate among them is still found', () => {
  const items = Array.from({ length: 60_000 }, (_, i) => ({ k: i, v: [i] }));
  const schema = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { p: { enum: items } } };
  const distinct = withSchema(schema);
  const { result, ms } = timed(() => analyzeManifest(distinct.text, { folder: distinct.folder }));
  assert.ok(JSON.stringify(schema).length > 1_000_000);
  assert.deepEqual(codes(result.diagnostics), []);
  assert.ok(ms < 10_000, `${ms.toFixed(0)} ms`);
  // The same object with its keys in another order is the same item: the pair ajv's own keyword reports.
  const duplicated = withSchema({ ...schema, properties: { p: { enum: [...items, { v: [3], k: 3 }] } } });
  const [invalid] = analyzeManifest(duplicated.text, { folder: duplicated.folder }).diagnostics;
  assert.equal(invalid.code, 'tools.schema-invalid');
  assert.match(invalid.message, /: \/properties\/p\/enum must NOT have duplicate items \(items ## 3 and 60000 are identical\)\.$/);
});

test('uniqueItems finds duplicates named like what every object inherits (ajv\u2019s own keyword missed "__proto__")', () => {
  const { text, folder } = withSchema({ type: 'object', required: ['__proto__', 'a', '__proto__'], properties: {} });
  const [invalid] = analyzeManifest(text, { folder }).diagnostics;
  assert.equal(invalid?.code, 'tools.schema-invalid');
  assert.match(invalid.message, /\/required must NOT have duplicate items \(items ## 0 and 2 are identical\)/);
});
