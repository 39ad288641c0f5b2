import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeManifest, parseDocument } from '../../server/src/engine';
import { codesOf, expectNone, expectRule, manifest, areaCodes } from './helpers';

test('json.syntax: a missing comma is an error at the token that needed one', () => {
  expectRule('json.syntax', '{\n  "name": "a"\n  «"displayName"»: "A"\n}', { severity: 'error', message: 'comma' });
});

test('json.syntax: a byte-order mark is named as such, and the rest of the manifest is still checked', () => {
  const diagnostic = expectRule(
    'json.syntax',
    '«\uFEFF»{\n  "name": "a",\n  "displayName": "A",\n  "version": "1.0.0"\n}',
    { severity: 'error', message: 'byte-order mark (U+FEFF), which the JSON parser of Filer rejects' },
  );
  assert.deepEqual(diagnostic.data, { detail: 'byte-order-mark' });
  assert.deepEqual(codesOf('\uFEFF{ "name": "a" }'), ['json.syntax', 'manifest.required', 'manifest.required']);
});

test('json.syntax: an empty manifest is one error that says so', () => {
  const diagnostics = analyzeManifest('  \n').diagnostics;
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.offset]),
    [['json.syntax', 0]],
  );
  assert.match(diagnostics[0].message, /empty/);
});

test('json.comment: a line comment is an error at the comment', () => {
  expectRule('json.comment', manifest('«// a note»\n  "description": "x"'), { severity: 'error' });
});

test('json.comment: a block comment is an error at the comment', () => {
  expectRule('json.comment', manifest('"description": «/* x */» "x"'));
});

test('json.trailing-comma: in an object and in an array, each at its comma', () => {
  expectRule('json.trailing-comma', '{"name": "a", "displayName": "A", "version": "1.0.0"«,»}');
  expectRule('json.trailing-comma', manifest('"keywords": ["a"«,»]'));
});

test('json.duplicate-key: at every occurrence, as VS Code marks them, the last said to be the one the loader keeps', () => {
  const text = '{"name": "first", "displayName": "A", "version": "1.0.0", "name": "second", "name": "third"}';
  const found = analyzeManifest(text).diagnostics.filter((d) => d.code === 'json.duplicate-key');
  assert.deepEqual(
    found.map((d) => [
      text.slice(0, d.offset).length,
      text.slice(d.offset, d.offset + d.length),
      d.severity,
      d.message,
    ]),
    [
      [1, '"name"', 'warning', 'Duplicate key `name`. Filer keeps only the last one, so it ignores this one.'],
      [58, '"name"', 'warning', 'Duplicate key `name`. Filer keeps only the last one, so it ignores this one.'],
      [76, '"name"', 'warning', 'Duplicate key `name`. Filer keeps this one, the last, and ignores the others.'],
    ],
  );
  const { model } = analyzeManifest('{"name": "first", "name": "second"}');
  assert.equal(model.value.name, 'second');
  // Keys that are not given twice are not marked, in the same object or another.
  assert.deepEqual(
    analyzeManifest('{"a": {"b": 1, "c": 2}, "b": {"b": 1}, "a": 3}')
      .diagnostics.filter((d) => d.code === 'json.duplicate-key')
      .map((d) => d.offset),
    [1, 39],
  );
});

test('json.too-deep: nesting past the limit is one diagnostic, not a stack overflow', () => {
  const deep = '['.repeat(100_000) + ']'.repeat(100_000);
  // The levels past the limit are read as empty, and the root that is left, an array, is said not to be an object.
  assert.deepEqual(
    analyzeManifest(deep).diagnostics.map((d) => d.code),
    ['manifest.not-an-object', 'json.too-deep'],
  );
  expectRule('json.too-deep', '['.repeat(512) + '«[»' + ']'.repeat(513), { severity: 'error' });
});

test('strict JSON with a BOM-free CRLF text is clean, and positions count CRLF as one line end', () => {
  const text = manifest('').replace(/\n/g, '\r\n');
  expectNone(text, areaCodes('json'));
  const { document } = analyzeManifest(text);
  assert.deepEqual(document.lines.positionAt(text.indexOf('"version"')), { line: 3, character: 2 });
});

test('positions are UTF-16 code units on lines with characters outside the BMP', () => {
  const text = '{"displayName": "📁 Files", "name": "Bad Name", "version": "1.0.0"}';
  const diagnostic = analyzeManifest(text).diagnostics.find((d) => d.code === 'manifest.name')!;
  assert.equal(diagnostic.range.start.character, text.indexOf('"Bad Name"'));
  // The emoji is one code point but two UTF-16 units, and LSP counts units.
  assert.equal([...text.slice(0, text.indexOf('"Bad Name"'))].length, diagnostic.range.start.character - 1);
});

test('the parser keeps nodes for truncated text so later features still have a tree', () => {
  const document = parseDocument('{"name": "a", "contributes": {"tools": [{"id": "x"');
  assert.equal(document.root?.type, 'object');
  assert.ok(document.findings.some((f) => f.kind === 'syntax'));
});
