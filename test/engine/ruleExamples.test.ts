/**
 * Every rule's examples, run by the engine: an incorrect example is reported once by its rule, exactly
 * at the marked span, and nothing else is reported in it; a correct one has no diagnostic at all; and
 * the fix turns the first incorrect one into the text (and the files) its `fixed` says.
 */
import assert from 'node:assert/strict';
import { basename } from 'node:path';
import { test } from 'node:test';
import { allRules, analyzeManifest, proposeFixes } from '../../server/src/engine';
import { analyzeExample, applyEdits, casesOf, listed, writeExample, type ExampleCase } from './ruleExamples';

/** A span, with the text it covers (so that a failure shows both). */
function spanned(text: string, { offset, length }: { offset: number; length: number }) {
  return { offset, length, text: text.slice(offset, offset + length) };
}

function check(example: ExampleCase): void {
  const { rule, name, text, span } = example;
  analyzeExample(text, example.example, (analysis, written) => {
    const { diagnostics } = analysis;
    if (!span) {
      assert.equal(diagnostics.length, 0, `${name}: nothing is reported, got ${listed(diagnostics)}`);
      return;
    }
    // In every file: the manifest's diagnostics and its handlers' alike.
    const also = example.example.alsoReported ?? [];
    const expected = [rule.code, ...also].sort().join(', ');
    const got = diagnostics
      .map((d) => d.code)
      .sort()
      .join(', ');
    assert.equal(got, expected, `${name}: ${expected} once each and nothing else, got ${listed(diagnostics)}`);
    // The one at the marked span, where the rule says one mistake at two places (a duplicate key).
    const ofRule = diagnostics.filter((d) => d.code === rule.code);
    const diagnostic =
      ofRule.find((d) => d.file === span.file && d.offset === span.offset && d.length === span.length) ?? ofRule[0];
    assert.equal(diagnostic.file, span.file, `${name}: in ${span.file ?? 'manifest.json'}`);
    const file = example.example.files?.[span.file ?? ''];
    const spannedText = span.file === undefined ? text : typeof file === 'string' ? file : '';
    assert.deepEqual(spanned(spannedText, diagnostic), spanned(spannedText, span), `${name}: at the marked span`);
    const fixed = example.example.fixed;
    if (!fixed) return;
    assert.ok(rule.fix, `${name} says what a fix makes of it, but ${rule.code} has none`);
    const creatable = written ? (path: string) => written.folder.creatable(path) : () => 'outside' as const;
    const folderName = written ? basename(written.root) : '';
    const proposals = proposeFixes(diagnostic, analysis, { creatable, folderName });
    const proposal = proposals.find((candidate) => candidate.title === fixed.title);
    const offered = proposals.map((p) => p.title).join(' | ') || '(none)';
    assert.ok(proposal, `${name}: a fix titled ${fixed.title} among: ${offered}`);
    const after = applyEdits(text, proposal.edits);
    assert.equal(after, fixed.manifest, `${name}: the text after "${fixed.title}"`);
    const newFiles = Object.fromEntries(proposal.newFiles.map((file) => [file.filePath, file.text]));
    assert.deepEqual(newFiles, fixed.newFiles ?? {}, `${name}: the files "${fixed.title}" creates`);
    // The files it edits, each made from its text (as it is when the fix is applied: here, as the example has it).
    const editedFiles = Object.fromEntries(
      (proposal.fileEdits ?? []).map(({ filePath, editsFor }) => {
        const before = example.example.files?.[filePath];
        assert.equal(typeof before, 'string', `${name}: "${fixed.title}" edits ${filePath}, a text of the example`);
        const edits = editsFor(before as string);
        assert.ok(edits, `${name}: "${fixed.title}" has an edit of ${filePath}`);
        return [filePath, applyEdits(before as string, edits)];
      }),
    );
    assert.deepEqual(editedFiles, fixed.editedFiles ?? {}, `${name}: the files "${fixed.title}" edits`);
    if (fixed.placeholder) return;
    // What it was offered for is mended: the fixed plugin (with the files the fix made) has no finding of the rule.
    const mended = example.example.files
      ? writeExample(after, example.example.files, { ...fixed.newFiles, ...fixed.editedFiles })
      : undefined;
    try {
      const again = analyzeManifest(after, { folder: mended?.folder }).diagnostics.filter((d) => d.code === rule.code);
      assert.equal(again.length, 0, `${name}: ${rule.code} is gone after "${fixed.title}", got ${listed(again)}`);
    } finally {
      mended?.remove();
    }
  });
}

for (const rule of allRules) {
  test(`${rule.code}: its examples are reported as they say`, () => {
    for (const example of casesOf(rule)) check(example);
  });
}
