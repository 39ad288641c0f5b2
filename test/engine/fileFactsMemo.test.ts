import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { generatePlugin } from '../../bench/generateManifest';
import { analyzeManifest, buildModel, FileFactsMemo, parseDocument, validateModel } from '../../server/src/engine';
import { MemoryFolder } from './helpers';

const plugin = generatePlugin(6, 'valid');
const fileTexts = [
  '{ "type": "object" }',
  '{ "type": 3 }',
  'not json',
  'module.exports = async (args, ctx) => ctx.fs.read(args.path);',
  '',
];

/**
 * A step: an edit of the manifest's text (often inside a path string, where the files named change), or a change in the
 * folder.
 */
const step = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    where: fc.constantFrom('anywhere' as const, 'path' as const, 'description' as const),
    deleted: fc.integer({ min: 0, max: 3 }),
    inserted: fc.constantFrom('', 'x', '/', '.', '"', ',', 'a.schema.json', '..', '\n'),
  }),
  fc.record({ kind: fc.constant('folder' as const), file: fc.nat(), text: fc.option(fc.constantFrom(...fileTexts)) }),
);

test("validation with the previous version's file facts equals a fresh validation, over random edits of the manifest and changes in its folder", () => {
  fc.assert(
    fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
      const folder = new MemoryFolder(new Map(plugin.files));
      const memo = new FileFactsMemo();
      const paths = [...plugin.files.keys()];
      let text = plugin.manifestText;
      const check = (label: string) => {
        const model = buildModel(parseDocument(text));
        const reused = validateModel(model, { folder, fileFacts: { memo, folderGeneration: folder.generation } });
        const fresh = analyzeManifest(text, { folder: new MemoryFolder(folder.filesNow()) }).diagnostics;
        assert.deepEqual(reused, fresh, label);
      };
      check('open');
      steps.forEach((one, index) => {
        if (one.kind === 'folder') {
          folder.change(paths[one.file % paths.length], one.text ?? undefined);
        } else {
          // In a path the files named change; in a description they do not, but every finding after it moves.
          const pattern = one.where === 'path' ? /"(?:schema|handler|prompt)": "/g : /"description": "/g;
          const places = [...text.matchAll(pattern)].map((match) => match.index! + match[0].length + 2);
          const offset =
            one.where !== 'anywhere' && places.length > 0
              ? places[Math.floor(one.at * places.length)]
              : Math.floor(one.at * text.length);
          text = text.slice(0, offset) + one.inserted + text.slice(offset + one.deleted);
        }
        check(`step ${index}: ${JSON.stringify(one)}`);
      });
    }),
    { numRuns: 100 },
  );
});

test('an edit that names the same files reuses the facts: nothing of the folder is asked again', () => {
  const folder = new MemoryFolder(new Map(plugin.files));
  const memo = new FileFactsMemo();
  const validate = (text: string) =>
    validateModel(buildModel(parseDocument(text)), {
      folder,
      fileFacts: { memo, folderGeneration: folder.generation },
    });
  validate(plugin.manifestText);
  let asked = 0;
  const stat = folder.stat.bind(folder);
  folder.stat = (relativePath) => (asked++, stat(relativePath));
  const remember = folder.rememberUntilChanged.bind(folder);
  folder.rememberUntilChanged = (relativePath, purpose, derive) => (asked++, remember(relativePath, purpose, derive));
  const edited = plugin.manifestText.replace('"description": "', '"description": "x');
  validate(edited);
  assert.equal(asked, 0);
  // A changed folder is asked again.
  folder.change(plugin.files.keys().next().value!, undefined);
  validate(edited);
  assert.ok(asked > 0);
});
