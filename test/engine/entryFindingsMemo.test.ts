import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { generatePlugin } from '../../bench/generateManifest';
import { analyzeManifest, buildModel, EntryFindingsMemo, extendEditedRegion, FileFactsMemo, parseDocument, reparseDocument, validateModel, type ManifestModel, type ParsedDocument } from '../../server/src/engine';
import { MemoryFolder } from './helpers';

/**
 * The bench's plugin with findings in its entries, so that there is something to report again: a tool
 * without a handler, one with a timeout that is no duration, one without annotations, an action naming
 * no tool, one hidden that nothing generates, a prompt action with a toolId, settings with a min above
 * their max, a number-only key, an action setting without a handler.
 */
const plugin = generatePlugin(6, 'valid');

function manifestWithFindings(): string {
  let text = plugin.manifestText;
  const once = (from: string | RegExp, to: string) => {
    const next = text.replace(from, to);
    assert.notEqual(next, text, `the generated plugin has ${String(from)}`);
    text = next;
  };
  once(/"handler": "[^"]*",\n\s*/, '');
  once(/"timeout": "(\d+)s"/, '"timeout": "$1 seconds"');
  once(/"annotations": \{\s*"readOnlyHint": true\s*\}/, '"title2": 1');
  once(/"toolId": "([^"]*)"/, '"toolId": "$1_9"');
  once('"kind": "prompt",', '"kind": "prompt", "toolId": "x",');
  once('"scope": "single-file"', '"scope": []');
  once(/"min": 1,/, '"min": 1000,');
  once(/"type": "boolean",/, '"type": "boolean", "max": 3,');
  once(/"handler": "[^"]*",\n\s*"variant"/, '"variant"');
  return text;
}

const base = manifestWithFindings();

/** An edit: where (somewhere in the text, or in a field's value or key of some entry), what goes. */
const edit = fc.record({
  at: fc.nat(),
  where: fc.constantFrom('anywhere', 'id', 'toolsId', 'actionsId', 'toolId', 'actionId', 'description', 'key', 'permissions', 'runtime', 'entry', 'path', 'settingType'),
  deleted: fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.integer({ min: 1, max: 4 }), weight: 1 }),
  // Mostly what keeps the JSON whole (a version with a syntax error is parsed whole, and so is the next), sometimes not.
  inserted: fc.oneof(
    { arbitrary: fc.constantFrom('x', '_1', '-1', '0', ' ', '\n', '{ "id": "x", "kind": "tool" }, ', '"hidden": true, ', '..', '/', 'process', 'node'), weight: 4 },
    { arbitrary: fc.constantFrom('', '"', ',', '{', '}'), weight: 1 },
  ),
});

const places: Record<string, RegExp> = {
  id: /"id": "/g,
  // A tool's id (snake_case in the bench's plugin), an action's (kebab-case): what other entries name.
  toolsId: /"id": "(?=[a-z]+_[a-z]+_\d)/g,
  actionsId: /"id": "(?=[a-z]+(?:-[a-z]+)+-\d+")/g,
  toolId: /"toolId": "/g,
  actionId: /"actionId": "/g,
  description: /"description": "/g,
  key: /\n\s*"/g,
  // Inside the keys that gate a tool without annotations: "xfetch" declares no fetch.
  permissions: /"(?=fetch"|write"|permissions")/g,
  runtime: /"runtime": "/g,
  // A setting's type: what its own checks read first.
  settingType: /"type": "(?=string|boolean|number|action|info)/g,
  // In a path the manifest names: the files named change.
  path: /"(?:schema|handler|prompt)": "/g,
  // Between two entries of a list: an entry added or taken away.
  entry: /\},\n\s*\{/g,
};

/** The offset of an edit in `text`. */
function offsetOf(text: string, one: { at: number; where: string }): number {
  const found = one.where === 'anywhere' ? [] : [...text.matchAll(places[one.where])].map((match) => match.index! + match[0].length);
  return found.length > 0 ? found[one.at % found.length] : one.at % (text.length + 1);
}

/**
 * Version after version as the server makes them: each re-parsed incrementally from the one before
 * (its tree taken over), its model built from the one before (the entries the edit left handed on, and
 * their file references), validated in the plugin folder with the document's memos of each entry's
 * findings and of the files' facts. Each is compared with a validation of its text from scratch.
 */
test("reporting again the findings of the entries an edit left equals a fresh validation, over random edits anywhere", () => {
  // How many versions had entries handed on (a version with a syntax error, and the next, is parsed whole): the property says nothing unless many do.
  let reused = 0;
  let versions = 0;
  fc.assert(
    fc.property(fc.array(edit, { minLength: 1, maxLength: 8 }), (edits) => {
      const memo = new EntryFindingsMemo();
      const folder = new MemoryFolder(new Map(plugin.files));
      const fileFacts = { memo: new FileFactsMemo(), folderGeneration: folder.generation };
      let text = base;
      let document: ParsedDocument = parseDocument(text);
      let model: ManifestModel = buildModel(document);
      const check = (label: string) =>
        assert.deepEqual(validateModel(model, { entryFindings: memo, folder, fileFacts }), analyzeManifest(text, { folder: new MemoryFolder(folder.filesNow()) }).diagnostics, label);
      check('open');
      edits.forEach((one, index) => {
        const offset = Math.min(offsetOf(text, one), text.length);
        // The runtime's value is replaced whole ("node" → "process" changes what many checks read).
        const deleted = one.where === 'runtime' && text.indexOf('"', offset) >= 0 ? text.indexOf('"', offset) - offset : Math.min(one.deleted, text.length - offset);
        text = text.slice(0, offset) + one.inserted + text.slice(offset + deleted);
        document = reparseDocument(document, text, extendEditedRegion(undefined, offset, deleted, one.inserted.length));
        const before = model;
        model = buildModel(document, model);
        versions++;
        if (model.tools.some((tool, i) => tool === before.tools[i]) || model.actions.some((action, i) => action === before.actions[i])) reused++;
        check(`edit ${index}: ${JSON.stringify(one)}`);
      });
    }),
    { numRuns: 300 },
  );
  assert.ok(reused > versions / 10, `entries handed on in ${reused} of ${versions} versions`);
});

test("an edit in one tool's description hands every other entry on to the next model, and the findings are the fresh ones, moved", () => {
  const memo = new EntryFindingsMemo();
  const document = parseDocument(base);
  const before = buildModel(document);
  const opened = validateModel(before, { entryFindings: memo });
  assert.ok(opened.length >= 5, 'the base text has findings in its entries');
  const at = base.indexOf('"description": "', base.indexOf('"tools"')) + '"description": "'.length;
  const text = base.slice(0, at) + 'xyz' + base.slice(at);
  const model = buildModel(reparseDocument(document, text, extendEditedRegion(undefined, at, 0, 3)), before);
  assert.equal(model.tools.filter((tool, index) => tool === before.tools[index]).length, model.tools.length - 1);
  assert.ok(model.actions.every((action, index) => action === before.actions[index]));
  const edited = validateModel(model, { entryFindings: memo });
  assert.deepEqual(edited, analyzeManifest(text).diagnostics);
  assert.deepEqual(
    edited.map((diagnostic) => diagnostic.offset),
    opened.map((diagnostic) => diagnostic.offset + (diagnostic.offset > at ? 3 : 0)),
  );
});
