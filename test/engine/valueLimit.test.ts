/**
 * A text of millions of values is not parsed into a tree (about ten times its size in memory): past MAX_TREE_VALUES
 * only its syntax is checked, and a diagnostic at its start says so.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeManifest, parseDocument } from '../../server/src/engine';
import { MAX_TREE_VALUES } from '../../server/src/engine/parse/parseDocument';

const manifest = (extra: string) =>
  `{ "name": "big", "displayName": "Big", "version": "1.0.0", "contributes": {}, "x": [${extra}] }`;

test('a text of exactly the limit of values gets its tree; one value more gets none, on either parser path', () => {
  // The root and its five properties' values (the array one of them): 6 values besides the array's items.
  const strict = manifest('1, 2, 3');
  const commented = manifest('1, 2, 3 /* a comment: the tolerant path */');
  for (const text of [strict, commented]) {
    const within = parseDocument(text, undefined, undefined, 9);
    assert.equal(within.values, 9);
    assert.ok(within.root);
    assert.equal(within.valueLimitExceeded, undefined);
    const past = parseDocument(text, undefined, undefined, 8);
    assert.equal(past.root, undefined);
    assert.equal(past.valueLimitExceeded, 8);
    // What tells a Filer manifest and names it is still read.
    assert.deepEqual((past.value as { name: string }).name, 'big');
  }
  assert.deepEqual(
    parseDocument(commented, undefined, undefined, 8).findings.map((finding) => finding.kind),
    ['comment'],
  );
});

test('past the limit a manifest is checked for its syntax only, and told so at its start', () => {
  const text = manifest('1, 2, 3, 4,, 5');
  const { diagnostics } = analyzeManifest(text, { maxTreeValues: 9 });
  assert.deepEqual(
    diagnostics.map(({ code, offset, length }) => [code, offset, length]),
    [
      ['diagnostics.too-many-values', 0, 0],
      ['json.syntax', text.indexOf(',,') + 1, 1],
    ],
  );
  assert.equal(diagnostics[0].severity, 'error');
  assert.equal(
    diagnostics[0].message,
    'This manifest holds more than 9 JSON values, so only its JSON syntax is checked.',
  );
  assert.equal(
    analyzeManifest(text).diagnostics.some((d) => d.code === 'diagnostics.too-many-values'),
    false,
    'the default limit is far above a manifest of this size',
  );
});

test('a 15 MB manifest of numbers, valid or not, is parsed in bounded memory', () => {
  const count = 7_500_000;
  for (const separator of [',', ' ']) {
    const text = manifest(Array(count).fill('1').join(separator));
    const before = process.memoryUsage().heapUsed;
    const document = parseDocument(text);
    const heldMiB = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
    assert.equal(document.root, undefined);
    assert.equal(document.valueLimitExceeded, MAX_TREE_VALUES);
    // A tree of these values took 900 MB; without it what is held is the text's shallow value and the findings kept.
    assert.ok(heldMiB < 150, `${heldMiB.toFixed(0)} MiB held after the parse of a separator "${separator}"`);
  }
});
