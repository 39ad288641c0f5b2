import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keysWrittenIn, parseDocument, valueNode } from '../../server/src/engine';

/**
 * The keys written in the object at `key` of the root; the one typed at the `|` (its opening quote's offset) left out.
 */
function written(source: string, key: string): string[] {
  const cursor = source.indexOf('|');
  const typingAt = cursor >= 0 ? source.lastIndexOf('"', cursor - 1) : undefined;
  const text = source.replace('|', '');
  const document = parseDocument(text);
  return [...keysWrittenIn(text, valueNode(document.root, key)!, typingAt)].sort();
}

test("keysWrittenIn: the object's own keys, not those of the objects and arrays it holds", () => {
  assert.deepEqual(written('{ "p": { "a": 1, "b": { "inner": 2 }, "c": [{ "item": 3 }] } }', 'p'), ['a', 'b', 'c']);
});

test("keysWrittenIn: a key the parser read as a value below a half-typed key is the object's too; the typed one is not", () => {
  // `"|": ⏎ "store": true`: the parser makes "store" the value of the key being typed.
  assert.deepEqual(written('{ "p": {\n  "log": true,\n  "|": \n  "store": true,\n  "toast": true\n} }', 'p'), [
    'log',
    'store',
    'toast',
  ]);
  assert.deepEqual(written('{ "p": {\n  "s|": \n  "store": { "x": 1 }\n} }', 'p'), ['store']);
  // An unclosed key runs to the end of its line and may take the next properties in.
  assert.deepEqual(written('{ "p": {\n  "st|\n  "store": true\n} }', 'p'), ['store']);
});
