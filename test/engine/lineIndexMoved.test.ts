import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { extendEditedRegion, LineIndex } from '../../server/src/engine';

/**
 * An edit that adds and removes no line break leaves the line starts as they were, those after it moved:
 * the index then keeps the previous array and the move instead of a copy, and a run of such edits in
 * one line (typing) adds the moves up. Every position and offset must still be a fresh index's.
 */
test('after a run of edits, most of them inside one line, the line index answers every position and offset as a fresh one', () => {
  const pieces = fc.string({ unit: fc.constantFrom('a', 'b', '\r', '\n', '\r\n', '😀'), maxLength: 40 });
  const edit = fc.record({
    at: fc.nat(),
    size: fc.nat(),
    // Mostly no line break, as when typing.
    inserted: fc.oneof(
      { arbitrary: fc.constantFrom('', 'x', 'yz'), weight: 4 },
      { arbitrary: fc.string({ unit: fc.constantFrom('a', '\r', '\n'), maxLength: 3 }), weight: 1 },
    ),
    sameLine: fc.boolean(),
    read: fc.boolean(),
  });
  fc.assert(
    fc.property(pieces, fc.array(edit, { minLength: 1, maxLength: 12 }), (start, edits) => {
      let text = start;
      let lines = new LineIndex(text);
      lines.positionAt(0);
      let last = 0;
      for (const { at, size, inserted, sameLine, read } of edits) {
        const offset = sameLine ? Math.min(last, text.length) : at % (text.length + 1);
        const deleted = sameLine ? Math.min(size % 2, text.length - offset) : size % (text.length - offset + 1);
        text = text.slice(0, offset) + inserted + text.slice(offset + deleted);
        lines = lines.afterEdit(text, extendEditedRegion(undefined, offset, deleted, inserted.length));
        last = offset + inserted.length;
        const fresh = new LineIndex(text);
        if (read || text.length < 8) {
          assert.equal(lines.lineCount, fresh.lineCount);
          for (let o = 0; o <= text.length; o++)
            assert.deepEqual(lines.positionAt(o), fresh.positionAt(o), `offset ${o} of ${JSON.stringify(text)}`);
          for (let line = -1; line <= fresh.lineCount; line++) {
            for (const character of [0, 1, 3, 100])
              assert.equal(lines.offsetAt({ line, character }), fresh.offsetAt({ line, character }));
          }
        }
      }
    }),
    { numRuns: 2000 },
  );
});

test('typing in one line of a long text makes no copy of its line starts', () => {
  const text = 'line\n'.repeat(1000);
  let lines = new LineIndex(text);
  lines.positionAt(0);
  let current = text;
  for (let i = 0; i < 5; i++) {
    const offset = 2502 + i;
    current = current.slice(0, offset) + 'x' + current.slice(offset);
    lines = lines.afterEdit(current, extendEditedRegion(undefined, offset, 0, 1));
  }
  assert.deepEqual(lines.positionAt(4000), new LineIndex(current).positionAt(4000));
  assert.equal((lines as unknown as { starts: Uint32Array }).starts.length, 1001);
  // The array made for the first text, moved: not one made by an edit.
  assert.deepEqual((lines as unknown as { moved: unknown }).moved, { from: 501, delta: 5 });
});
