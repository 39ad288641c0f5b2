import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { EditorDocument } from '../../server/src/lsp/editorDocument';
import { ManifestCache } from '../../server/src/lsp/manifestCache';
import { fileFilters } from '../../server/src/lsp/manifestRecognition';
import { PluginFolders } from '../../server/src/lsp/pluginFolders';
import { defaultSettings } from '../../server/src/lsp/settings';

const pieces = ['a', '\n', '\r\n', '\r', '😀', '{"x": 1}', '', ' '];
const text = fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((parts) => parts.join(''));
const position = fc.record({ line: fc.integer({ min: -1, max: 12 }), character: fc.integer({ min: -1, max: 12 }) });
const change: fc.Arbitrary<TextDocumentContentChangeEvent> = fc.oneof(
  { weight: 9, arbitrary: fc.record({ range: fc.record({ start: position, end: position }), text }) },
  { weight: 1, arbitrary: fc.record({ text }) },
);

test('EditorDocument answers as vscode-languageserver-textdocument does, after any sequence of changes (reversed and out-of-range positions, \\r\\n, lone \\r, surrogate pairs)', () => {
  fc.assert(
    fc.property(
      text,
      fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { maxLength: 6 }),
      fc.array(position, { maxLength: 6 }),
      (initial, didChanges, probes) => {
        const ours = EditorDocument.create('file:///m.json', 'json', 1, initial);
        let theirs = TextDocument.create('file:///m.json', 'json', 1, initial);
        // Half the documents have their line index before the first change (as after a hover), half not.
        if (initial.length % 2 === 0) ours.positionAt(0);
        didChanges.forEach((changes, index) => {
          for (const raw of changes) {
            // The library's own line offsets go wrong for a range past the last line (it splices them by the range's
            // line numbers, not clamped; its text is right): each range is given as it reads its ends, in the text as
            // it is then.
            const one =
              'range' in raw
                ? {
                    ...raw,
                    range: {
                      start: theirs.positionAt(theirs.offsetAt(raw.range.start)),
                      end: theirs.positionAt(theirs.offsetAt(raw.range.end)),
                    },
                  }
                : raw;
            ours.apply(one);
            theirs = TextDocument.update(theirs, [one], index + 2);
          }
          ours.setVersion(index + 2);
          assert.equal(ours.version, theirs.version);
          assert.equal(ours.getText(), theirs.getText());
          assert.equal(ours.lineCount, theirs.lineCount);
          for (const probe of probes) {
            assert.equal(ours.offsetAt(probe), theirs.offsetAt(probe));
            assert.equal(
              ours.getText({ start: probe, end: probes[0] }),
              theirs.getText({ start: probe, end: probes[0] }),
            );
          }
          for (let offset = -1; offset <= theirs.getText().length + 1; offset++)
            assert.deepEqual(ours.positionAt(offset), theirs.positionAt(offset));
        });
      },
    ),
    { numRuns: 400 },
  );
});

test("an edited version has one line index: the editor document's is its parse's, shifted once by the edit", () => {
  const cache = new ManifestCache({
    settings: () => defaultSettings,
    filters: () => fileFilters(defaultSettings),
    settingsGeneration: () => 0,
    workspaceFolderPaths: () => [],
    folders: new PluginFolders({ isWatched: () => true }),
  });
  const document = cache.textDocuments.create(
    'untitled:manifest.json',
    'json',
    1,
    '{\n  "name": "p",\n  "description": "abc"\n}\n',
  );
  const opened = cache.get(document);
  assert.equal(opened.document.lines, document.lines);
  cache.textDocuments.update(
    document,
    [{ range: { start: { line: 2, character: 18 }, end: { line: 2, character: 18 } }, text: 'x' }],
    2,
  );
  const edited = cache.get(document);
  assert.equal(edited.document.lines, document.lines);
  assert.equal(edited.document.text, document.getText());
  assert.deepEqual(edited.document.lines.positionAt(edited.document.text.indexOf('}')), { line: 3, character: 0 });
});
