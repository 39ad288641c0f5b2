import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { LineIndex, parseDocument, type JsonNode } from '../../server/src/engine';
import type { PropertyNode } from '../../server/src/engine/parse/jsonNode';
import { parseTolerantly } from '../../server/src/engine/parse/parseDocument';
import { valueNode } from '../../server/src/engine/model/nodes';
import { parseStrictJson } from '../../server/src/engine/parse/strictJsonParser';

/** A node tree without parent links, comparable with deepEqual. */
function plain(node: JsonNode | undefined): unknown {
  if (!node) return undefined;
  return {
    type: node.type,
    offset: node.offset,
    length: node.length,
    ...(node.colonOffset !== undefined ? { colonOffset: node.colonOffset } : {}),
    ...(node.children ? { children: node.children.map(plain) } : { value: node.value }),
  };
}

const strictSamples = [
  '{}',
  '[]',
  ' \r\n\t{ "a" : 1 , "b":[true,false,null, -0.5e+10, 0, 12.25E-3], "c": {"d": "e\\n\\u00e9\\"", "": []} } \n',
  '"just a string"',
  '-12',
  '{"a": 1, "a": 2, "b": {"a": 3}}',
  '{"__proto__": {"x": 1}}',
  '{"emoji": "📁🚀", "nested": [[[[{"deep": [1, [2, [3]]]}]]]]}',
  readFileSync(join(__dirname, '../../../schemas/manifest.schema.json'), 'utf8'),
];

test('the fast strict-JSON path builds exactly the tree, value and findings of the tolerant path', () => {
  for (const text of strictSamples) {
    const lines = new LineIndex(text);
    const strict = parseStrictJson(text, 512);
    assert.ok(typeof strict === 'object', `strict JSON takes the fast path: ${text.slice(0, 40)}`);
    const tolerant = parseTolerantly(text, lines);
    assert.deepEqual(plain(strict.root), plain(tolerant.root));
    assert.deepEqual(strict.value, tolerant.value);
    assert.deepEqual(strict.value, JSON.parse(text));
    assert.equal(JSON.stringify(strict.value), JSON.stringify(JSON.parse(text)), 'keys in the same order');
    assert.deepEqual(parseDocument(text).findings, tolerant.findings);
  }
});

test('a parse that takes the fast path notes where each line starts, as the line index would find them', () => {
  const lineBreak = fc.constantFrom('\n', '\r\n', '\r', ' ', '\t', '\n\r', '\r\r\n');
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), fc.array(lineBreak, { maxLength: 60 }), (value, breaks) => {
      // The JSON text, a line break or blank put after every token that may have one.
      let next = 0;
      const text =
        JSON.stringify(value, null, 1).replace(/\n */g, () => breaks[next++ % Math.max(1, breaks.length)] ?? '') +
        (breaks[0] ?? '');
      const document = parseDocument(text);
      assert.ok(document.lines.hasStarts, `the fast path noted the line starts of ${JSON.stringify(text)}`);
      const fresh = new LineIndex(text);
      assert.equal(document.lines.lineCount, fresh.lineCount);
      for (let offset = 0; offset <= text.length; offset++)
        assert.deepEqual(document.lines.positionAt(offset), fresh.positionAt(offset));
    }),
    { numRuns: 500 },
  );
  // A text the fast path gives up on leaves the index to find its starts when asked.
  assert.equal(parseDocument('{\n// a comment\n}').lines.hasStarts, false);
  // An index that knows its starts keeps them: the parse notes none.
  const known = new LineIndex('{\n}');
  known.positionAt(1);
  assert.equal(parseDocument('{\n}', known).lines, known);
});

test('the fast path gives the value JSON.parse gives, for any JSON text', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 5 }), fc.boolean(), (value, pretty) => {
      const text = JSON.stringify(value, null, pretty ? 2 : undefined);
      const strict = parseStrictJson(text, 512);
      assert.ok(typeof strict === 'object');
      assert.deepEqual(strict.value, JSON.parse(text));
      assert.equal(JSON.stringify(strict.value), JSON.stringify(JSON.parse(text)));
    }),
    { numRuns: 500 },
  );
});

test('anything that is not strict JSON leaves the fast path', () => {
  for (const text of [
    '',
    '   ',
    '{,}',
    '{"a": 1,}',
    '[1,]',
    '{"a": 1} // c',
    '/* c */ {}',
    '\uFEFF{}',
    '{"a": 01}',
    '{"a": .5}',
    '{"a": "x\ny"}',
    '{"a": tru}',
    '{"a" 1}',
    '{} {}',
    "{'a': 1}",
    '{"a": "\\x"}',
    '['.repeat(600) + ']'.repeat(600),
  ]) {
    assert.equal(parseStrictJson(text, 512), 'not-strict', JSON.stringify(text.slice(0, 30)));
    assert.ok(
      parseDocument(text).findings.length > 0,
      `the tolerant path reports ${JSON.stringify(text.slice(0, 30))}`,
    );
  }
});

test('property nodes span key to value, as jsonc-parser has them', () => {
  const text = '{ "name" :  "x" }';
  const property = parseDocument(text).root!.children![0];
  assert.equal(text.slice(property.offset, property.offset + property.length), '"name" :  "x"');
  assert.equal(property.colonOffset, text.indexOf(':'));
});

test("a property's string, number, boolean or null value gets its node only when asked for, then the same one on each ask", () => {
  const text = '{"s": "x", "n": -1.5, "b": false, "z": null, "o": {"k": 1}, "a": ["i"]}';
  const root = parseDocument(text).root!;
  const properties = root.children as PropertyNode[];
  const [s, n, b, z, o, a] = properties;
  for (const property of [s, n, b, z])
    assert.equal(property.madeValueNode, undefined, `${property.key} is inline after the parse`);
  assert.equal(o.madeValueNode?.type, 'object', 'a container always has its node');
  assert.equal(a.madeValueNode?.children![0].type, 'string', 'an array item is a node');
  // Looking a key up makes that property's leaf only.
  const made = valueNode(root, 'n')!;
  assert.deepEqual(
    [made.type, made.value, made.offset, made.length, made.parent],
    ['number', -1.5, text.indexOf('-1.5'), 4, n],
  );
  assert.equal(n.madeValueNode, made);
  assert.equal(valueNode(n), made, 'the same node on each ask');
  for (const property of [s, b, z]) assert.equal(property.madeValueNode, undefined, `${property.key} is still inline`);
  assert.deepEqual(
    [s, b, z].map((property) => plain(property.valueNode)),
    [
      { type: 'string', offset: text.indexOf('"x"'), length: 3, value: 'x' },
      { type: 'boolean', offset: text.indexOf('false'), length: 5, value: false },
      { type: 'null', offset: text.indexOf('null'), length: 4, value: null },
    ],
  );
});

test('a property without a value ends where the tolerant parse stops it: at the next comma or brace, or the end of the text', () => {
  for (const [text, span] of [
    ['{"a": , "b": 1}', '"a": '],
    ['{"a":}', '"a":'],
    ['{"a" "b"}', '"a" "b"'],
    ['{"a": tru}', '"a": tru'],
    ['{"a": ', '"a": '],
  ]) {
    const property = parseDocument(text).root!.children![0];
    assert.equal(valueNode(property), undefined, text);
    assert.equal(text.slice(property.offset, property.offset + property.length), span, text);
  }
});

test("a key's node spans its text, escapes included, and is the same node on each ask", () => {
  const text = '{"a\\u0062": 1, "ab": 2, "plain": 3}';
  const document = parseDocument(text);
  const [escaped, , plain] = document.root!.children as PropertyNode[];
  assert.deepEqual([escaped.key, escaped.keyLength, plain.keyLength], ['ab', 9, 7]);
  for (const property of [escaped, plain]) {
    const key = property.keyNode;
    assert.deepEqual([key.offset, key.length, key.value], [property.offset, property.keyLength, property.key]);
    assert.equal(property.keyNode, key);
  }
  assert.deepEqual(document.findings, [
    { kind: 'duplicate-key', offset: 1, length: 9, detail: 'ab' },
    { kind: 'duplicate-key', offset: 15, length: 4, detail: 'ab', kept: true },
  ]);
});

test('LineIndex reads a position as LSP does: past the end of its line is the end of that line', () => {
  const text = 'ab\r\ncd\nef';
  const lines = new LineIndex(text);
  assert.equal(lines.offsetAt({ line: 0, character: 99 }), 2, 'before the CRLF, not inside it');
  assert.equal(lines.offsetAt({ line: 1, character: 99 }), 6, 'before the LF');
  assert.equal(lines.offsetAt({ line: 2, character: 99 }), text.length);
  assert.equal(lines.offsetAt({ line: 9, character: 0 }), text.length);
  assert.equal(lines.offsetAt({ line: 1, character: -3 }), 4);
  for (let offset = 0; offset <= text.length; offset++) {
    if (text[offset - 1] === '\r' && text[offset] === '\n') continue; // inside a CRLF: no position names it
    assert.equal(lines.offsetAt(lines.positionAt(offset)), offset);
  }
});

test('a property being typed on a line of its own is left out, and the rest of its object is read', () => {
  const around = (typed: string) =>
    `{\n  "permissions": {\n    ${typed}\n    "fs": { "read": true },\n    "store": true,\n    "log": true\n  }\n}`;
  const whole = { permissions: { fs: { read: true }, store: true, log: true } };
  for (const typed of ['"', '"st', '"st"', '"st":', '"st": ', '"st": t']) {
    const text = around(typed);
    const parsed = parseDocument(text);
    assert.deepEqual(parsed.value, whole, typed);
    assert.deepEqual(
      parsed.findings.map(({ kind, detail, offset, length }) => [kind, detail, text.slice(offset, offset + length)]),
      [['syntax', 'IncompleteProperty', typed.trimEnd()]],
      typed,
    );
  }
  // A whole member that lacks only its comma is read as it is, with the parser's own finding.
  const missingComma = parseDocument(around('"st": true'));
  assert.deepEqual(missingComma.value, { permissions: { st: true, ...whole.permissions } });
  assert.deepEqual(
    missingComma.findings.map(({ detail }) => detail),
    ['CommaExpected'],
  );
  // A line that opens a container is not a key being typed: nothing is blanked.
  assert.ok(!parseDocument(around('"st": {')).findings.some(({ detail }) => detail === 'IncompleteProperty'));
});
