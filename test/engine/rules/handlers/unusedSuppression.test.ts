import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeManifest, proposeFixes } from '../../../../server/src/engine';
import { applyEdits } from '../../../../server/src/engine/fixes/textEdits';
import { suppressionComments } from '../../../../server/src/engine/handlers/suppressionComments';
import { describeInput, fuzzInput, suiteSeed } from '../../../fuzz/mutations';
import { pluginFolder } from '../../helpers';
import { ruleTester } from '../../ruleTester';
import { validPlugin, validPluginWith } from '../../validPlugin';

const handlerPath = 'tools/count-words.js';

/** The valid plugin whose handler returns `block` in an envelope, with `lines` written above its return. */
const returning = (block: string, lines: string[] = []) =>
  validPluginWith({
    files: {
      [handlerPath]: [
        'module.exports = async ({ path }, ctx) => {',
        '  const count = String((await ctx.fs.read(path)).split(/\\s+/).filter(Boolean).length);',
        ...lines.map((line) => `  ${line}`),
        `  return { content: [${block}] };`,
        '};',
        '',
      ].join('\n'),
    },
  });
const malformed = "{ type: 'text', value: count }";
const wellFormed = "{ type: 'text', text: count }";

/** The codes reported in the handler. */
function handlerCodes(plugin: { manifest: string; files: Record<string, string> }, rules = {}): string[] {
  const { folder } = pluginFolder(plugin.files);
  return analyzeManifest(plugin.manifest, { folder, severityOverrides: rules })
    .diagnostics.filter((d) => d.file === handlerPath)
    .map((d) => d.code);
}

test('a comment on the line above accepts the finding it names there, and only that one', () => {
  assert.deepEqual(handlerCodes(returning(malformed)), ['handlers.malformed-envelope']);
  const accepted = returning(malformed, [
    '// filer-manifest-disable-next-line handlers.malformed-envelope -- our agent reads "value"',
  ]);
  assert.deepEqual(handlerCodes(accepted), []);
  // Two lines above, it accepts nothing, and says so.
  const tooHigh = returning(malformed, ['// filer-manifest-disable-next-line handlers.malformed-envelope', '']);
  assert.deepEqual(handlerCodes(tooHigh), ['handlers.unused-suppression', 'handlers.malformed-envelope']);
});

test('the file-level comment, and the block-comment form, accept every finding of their codes in the file', () => {
  for (const comment of [
    '// filer-manifest-disable handlers.malformed-envelope, handlers.unknown-argument -- generated code',
    '/* filer-manifest-disable handlers.malformed-envelope */',
  ]) {
    const plugin = returning(malformed);
    const files = { ...plugin.files, [handlerPath]: `${comment}\n${plugin.files[handlerPath]}` };
    const codes = handlerCodes({ ...plugin, files });
    // The second code accepts nothing in the file: it is reported, not the envelope.
    assert.deepEqual(codes, comment.includes('unknown-argument') ? ['handlers.unused-suppression'] : [], comment);
  }
});

test('a comment is one alone on its line: text in a string or after code is not a suppression', () => {
  const inString = returning(malformed, [
    'const note = "// filer-manifest-disable-next-line handlers.malformed-envelope";',
  ]);
  assert.deepEqual(handlerCodes(inString), ['handlers.malformed-envelope']);
});

test('an unused suppression of a rule that is off is not reported', () => {
  const plugin = returning(wellFormed, ['// filer-manifest-disable-next-line handlers.malformed-envelope']);
  assert.deepEqual(handlerCodes(plugin), ['handlers.unused-suppression']);
  assert.deepEqual(handlerCodes(plugin, { 'handlers.malformed-envelope': 'off' }), []);
});

ruleTester('handlers.unused-suppression', {
  valid: [
    { name: 'the valid plugin', ...validPlugin },
    {
      name: 'a comment that accepts its finding',
      ...returning(malformed, ['// filer-manifest-disable-next-line handlers.malformed-envelope -- reason']),
    },
  ],
  invalid: [
    {
      name: 'nothing on the next line to accept',
      plugin: returning(wellFormed, ['// filer-manifest-disable-next-line «handlers.malformed-envelope» -- reason']),
      inFile: handlerPath,
      severity: 'warning',
      message: /^"handlers\.malformed-envelope" reports nothing on the line below it/,
    },
    {
      name: 'not a rule code, with the closest handler rule',
      plugin: returning(malformed, [
        '// filer-manifest-disable-next-line handlers.malformed-envelope, «handlers.malformed-envelop»',
      ]),
      inFile: handlerPath,
      message:
        /^There is no rule with code "handlers\.malformed-envelop".*Did you mean "handlers\.malformed-envelope"\?$/,
    },
    {
      name: 'a rule that never reports in a handler',
      plugin: returning(malformed, [
        '// filer-manifest-disable-next-line handlers.malformed-envelope, «tools.legacy-shape»',
      ]),
      inFile: handlerPath,
      message: /never reports in a handler/,
    },
    {
      name: 'a comment that names no rule',
      plugin: returning(wellFormed, ['«// filer-manifest-disable-next-line -- just this once»']),
      inFile: handlerPath,
      message: /names no rule/,
    },
  ],
});

test('suppression comments in 300 mutated handlers: never a throw, every place inside its comment and the text', () => {
  const text = returning(malformed, [
    '// filer-manifest-disable-next-line handlers.malformed-envelope, handlers.unknown-argument -- reason',
    '/* filer-manifest-disable handlers.undeclared-permission */',
  ]).files[handlerPath];
  const samples = [{ name: 'a handler with suppression comments', fileName: 'count-words.js', text }];
  const failures: string[] = [];
  for (let i = 0; i < 300; i++) {
    const input = fuzzInput(suiteSeed, i, samples, 'suppressions');
    try {
      for (const comment of suppressionComments(input.text)) {
        const inside = (place: { offset: number; length: number }, within: { offset: number; length: number }) =>
          place.offset >= within.offset && place.offset + place.length <= within.offset + within.length;
        const whole = { offset: 0, length: input.text.length };
        if (!inside(comment, whole) || comment.codes.some((code) => !inside(code, comment)))
          failures.push(`${describeInput(input)}: a place outside its comment`);
      }
    } catch (error) {
      failures.push(`${describeInput(input)}: ${(error as Error).stack}`);
    }
  }
  assert.deepEqual(failures.slice(0, 3), []);
});

test('a handler of 10,000 suppression comments costs a read of each line once; what is reported is capped', () => {
  const line = '// filer-manifest-disable-next-line handlers.malformed-envelope, handlers.nothing -- why\n';
  const plugin = returning(wellFormed);
  const files = { ...plugin.files, [handlerPath]: line.repeat(10_000) + plugin.files[handlerPath] };
  assert.equal(suppressionComments(files[handlerPath]).length, 10_000);
  const { folder } = pluginFolder(files);
  const found = analyzeManifest(plugin.manifest, { folder, maxDiagnostics: 50 }).diagnostics;
  assert.equal(found.length, 50);
  assert.equal(found[found.length - 1].code, 'diagnostics.more');
});

/** The handler after "Remove this unused suppression" of each unused code, one at a time, from the last. */
function withUnusedRemoved(plugin: { manifest: string; files: Record<string, string> }): string {
  let handler = plugin.files[handlerPath];
  for (;;) {
    const { folder } = pluginFolder({ ...plugin.files, [handlerPath]: handler });
    const analysis = analyzeManifest(plugin.manifest, { folder });
    const unused = analysis.diagnostics.filter((d) => d.code === 'handlers.unused-suppression');
    if (unused.length === 0) return handler;
    const finding = unused.at(-1)!;
    const [proposal] = proposeFixes(finding, analysis, { creatable: () => 'outside', folderName: 'p' });
    assert.equal(proposal.title, 'Remove this unused suppression');
    assert.deepEqual(proposal.edits, [], 'the manifest is not edited');
    const [fileEdit] = proposal.fileEdits!;
    assert.equal(fileEdit.filePath, handlerPath);
    const edits = fileEdit.editsFor(handler);
    assert.ok(edits, `an edit for ${finding.message}`);
    handler = applyEdits(handler, edits);
    // Made from the text as it is: once removed, the same finding's fix finds nothing to remove.
    assert.equal(fileEdit.editsFor(handler), undefined);
  }
}

test('its fix removes the unused code from the comment, or the comment’s line when it names no other', () => {
  const cases: [string[], string[]][] = [
    [['// filer-manifest-disable-next-line handlers.unknown-argument'], []],
    [['/* filer-manifest-disable-next-line handlers.unknown-argument -- why */'], []],
    [['// filer-manifest-disable-next-line'], []],
    [
      ['// filer-manifest-disable-next-line handlers.unknown-argument, handlers.malformed-envelope -- ours'],
      ['// filer-manifest-disable-next-line handlers.malformed-envelope -- ours'],
    ],
    [
      ['// filer-manifest-disable-next-line handlers.malformed-envelope,handlers.unknown-argument -- ours'],
      ['// filer-manifest-disable-next-line handlers.malformed-envelope -- ours'],
    ],
    [
      ['// filer-manifest-disable-next-line handlers.nope, handlers.malformed-envelope, handlers.unknown-argument'],
      ['// filer-manifest-disable-next-line handlers.malformed-envelope'],
    ],
  ];
  for (const [lines, expected] of cases) {
    const accepting = lines[0].includes('handlers.malformed-envelope');
    const plugin = returning(accepting ? malformed : wellFormed, lines);
    const after = withUnusedRemoved(plugin);
    assert.equal(after, returning(accepting ? malformed : wellFormed, expected).files[handlerPath], lines[0]);
    // What the comment still accepts, it accepts: nothing else is reported.
    assert.deepEqual(handlerCodes({ ...plugin, files: { ...plugin.files, [handlerPath]: after } }), [], lines[0]);
  }
});

test('its fix keeps CRLF line breaks and removes a file-level comment on the last line, with no line break after it', () => {
  const plugin = returning(wellFormed);
  const crlf = `// filer-manifest-disable handlers.unknown-argument\r\n${plugin.files[handlerPath].replaceAll('\n', '\r\n')}`;
  assert.equal(
    withUnusedRemoved({ ...plugin, files: { ...plugin.files, [handlerPath]: crlf } }),
    plugin.files[handlerPath].replaceAll('\n', '\r\n'),
  );
  const last = `${plugin.files[handlerPath]}// filer-manifest-disable handlers.unknown-argument`;
  assert.equal(
    withUnusedRemoved({ ...plugin, files: { ...plugin.files, [handlerPath]: last } }),
    plugin.files[handlerPath],
  );
});
