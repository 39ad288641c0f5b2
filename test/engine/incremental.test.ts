import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { generatePlugin } from '../../bench/generateManifest';
import {
  extendEditedRegion,
  LineIndex,
  parseDocument,
  reparseDocument,
  type EditedRegion,
  type JsonNode,
  type ParsedDocument,
} from '../../server/src/engine';

const examples = join(__dirname, '../../../examples');
const exampleTexts = ['word-count', 'legacy-tools', 'process-runtime', 'broken-everything', 'broken-syntax'].map(
  (name) => readFileSync(join(examples, name, 'manifest.json'), 'utf8'),
);
const generated = generatePlugin(4, 'valid').manifestText;
const special =
  '{\r\n  "name": "emoji-😀-plug",\r\n  "__proto__": {"x": [1, 2.5e3, -0, "\\u00e9\\"\\\\"]},\r\n  "deep": [[[{"a": {"b": null}}]]],\r\n  "s": "😀😀"\r\n}\r\n';
const seeds = [...exampleTexts, generated, generated.replace(/\n/g, '\r\n'), special];

interface Edit {
  offset: number;
  deleted: number;
  inserted: string;
}

/**
 * What a parse gives, as jsonc-parser's Node fields without the parent links (checked on their own), so that deepEqual
 * can compare trees.
 */
function comparable(document: ParsedDocument): unknown {
  const strip = (node: JsonNode | undefined): unknown =>
    node && {
      type: node.type,
      offset: node.offset,
      length: node.length,
      value: node.value,
      colonOffset: node.colonOffset,
      children: node.children?.map(strip),
    };
  // The line index by what it answers (where each line starts), not by what it has computed so far.
  const lineStarts = Array.from({ length: document.lines.lineCount }, (_, line) =>
    document.lines.offsetAt({ line, character: 0 }),
  );
  return {
    text: document.text,
    value: document.value,
    findings: document.findings,
    root: strip(document.root),
    lineStarts,
    values: document.values,
    valueLimitExceeded: document.valueLimitExceeded,
  };
}

function assertParentLinks(node: JsonNode | undefined, parent: JsonNode | undefined = undefined): void {
  if (!node) return;
  assert.equal(node.parent, parent, `parent link of the ${node.type} at ${node.offset}`);
  for (const child of node.children ?? []) assertParentLinks(child, node);
}

function applyEdit(text: string, edit: Edit): string {
  return text.slice(0, edit.offset) + edit.inserted + text.slice(edit.offset + edit.deleted);
}

/** Every node of a tree, in text order. */
function nodesOf(root: JsonNode | undefined): JsonNode[] {
  const nodes: JsonNode[] = [];
  const walk = (node: JsonNode): void => {
    nodes.push(node);
    node.children?.forEach(walk);
  };
  if (root) walk(root);
  return nodes;
}

const insertedText = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'Z', '0', '7', ' ', '-', '.', 'e', '_', 'é'), minLength: 1, maxLength: 6 }),
  fc.constantFrom(
    '"',
    '{',
    '}',
    '[',
    ']',
    ',',
    ':',
    '\\',
    '\\"',
    '\\u00e9',
    '\n',
    '\r\n',
    '\r',
    '😀',
    '\ud83d',
    '\ude00',
    'true',
    'null',
    ', "k": 1',
    '{}',
    '[]',
    '\t',
  ),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
);

/**
 * An edit of `text` chosen by `choice` (numbers in [0, 1)): anywhere at all, or at a node (inside a
 * string or key, inside a literal, over a whole value): the edits an author makes while typing, about
 * half of which keep the document valid so that the next edit can be incremental too.
 */
function editOf(
  text: string,
  document: ParsedDocument,
  choice: { kind: number; at: number; size: number; inserted: string },
): Edit {
  const nodes = nodesOf(document.root);
  const strings = nodes.filter((node) => node.type === 'string');
  const numbers = nodes.filter((node) => node.type === 'number');
  const literals = nodes.filter((node) => !node.children);
  const values = nodes.filter((node) => node.type !== 'property');
  const pick = (list: JsonNode[]): JsonNode | undefined => list[Math.floor(choice.at * list.length)];
  const letters = choice.inserted.replace(/[^a-z0-9 é]/gi, '') || 'x';
  const kinds = [
    undefined,
    strings,
    literals,
    values,
    strings,
    strings,
    strings,
    strings,
    numbers,
    numbers,
    values,
    values,
  ];
  const kind = Math.floor(choice.kind * kinds.length);
  const target = kinds[kind];
  const node = target && pick(target);
  if (!node) {
    const offset = Math.floor(choice.at * (text.length + 1));
    return { offset, deleted: Math.floor(choice.size * 12) % (text.length - offset + 1), inserted: choice.inserted };
  }
  const inside = node.offset + Math.floor(choice.size * (node.length + 1));
  switch (kind) {
    case 1:
    case 2:
      return {
        offset: inside,
        deleted: Math.floor(choice.kind * 1000) % (node.offset + node.length - inside + 1),
        inserted: choice.inserted,
      };
    case 3:
      return { offset: node.offset, deleted: node.length, inserted: choice.inserted };
    case 4:
    case 5:
    case 6:
    case 7: {
      // Typing inside a string or a key, between its quotes.
      const offset = node.offset + 1 + Math.floor(choice.size * (node.length - 1));
      return {
        offset,
        deleted: Math.floor(choice.kind * 1000) % 3 === 0 ? Math.min(1, node.offset + node.length - 1 - offset) : 0,
        inserted: letters,
      };
    }
    case 8:
    case 9:
      return { offset: node.offset + node.length, deleted: 0, inserted: String(Math.floor(choice.size * 10)) };
    default:
      return { offset: node.offset, deleted: node.length, inserted: JSON.stringify(choice.inserted) };
  }
}

/** Without fast-check's bias towards small values, which would put every edit at offset 0. */
const fraction = fc.noBias(fc.integer({ min: 0, max: 999_999 })).map((n) => n / 1_000_000);
const choices = fc.record({ kind: fraction, at: fraction, size: fraction, inserted: insertedText });

test('an incremental re-parse gives exactly what a full parse of the new text gives', () => {
  let reused = 0;
  let validPairs = 0;
  fc.assert(
    // Comparing a version reads every node, which makes each property's value node; unread, the leaves stay inline
    // through the edits.
    fc.property(
      fc.constantFrom(...seeds),
      fc.array(fc.array(choices, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
      fc.boolean(),
      (seed, versions, readEach) => {
        let document = parseDocument(seed);
        for (const [index, batch] of versions.entries()) {
          // One version may carry several changes (as an LSP didChange does): they fold into one region.
          let text = document.text;
          let region: EditedRegion | undefined;
          for (const choice of batch) {
            const edit = editOf(text, parseDocument(text), choice);
            text = applyEdit(text, edit);
            region = extendEditedRegion(region, edit.offset, edit.deleted, edit.inserted.length);
          }
          const expected = parseDocument(text);
          const previousRoot = document.root;
          const bothValid = document.findings.length === 0 && expected.findings.length === 0;
          document = reparseDocument(document, text, region!);
          if (bothValid) {
            validPairs++;
            if (document.root === previousRoot) reused++;
          }
          if (!readEach && index < versions.length - 1) continue;
          assert.deepEqual(comparable(document), comparable(expected));
          assertParentLinks(document.root);
        }
      },
    ),
    { numRuns: 300, seed: 20261130 },
  );
  // The property means little if every edit fell back to a full parse: most edits from one valid version to another
  // must not.
  assert.ok(
    validPairs > 150 && reused > validPairs / 2,
    `only ${reused} of ${validPairs} re-parses between valid versions reused the previous tree`,
  );
});

test('under a limit on the values a tree holds, a re-parse gives what a full parse gives, on either side of it', () => {
  let past = 0;
  let within = 0;
  fc.assert(
    fc.property(
      fc.constantFrom(...seeds),
      fc.integer({ min: -3, max: 3 }),
      fc.array(choices, { minLength: 1, maxLength: 6 }),
      (seed, margin, edits) => {
        // A limit just above or below what the seed holds: edits that add or remove a value cross it.
        const maxValues = Math.max(1, parseDocument(seed).values + margin);
        let document = parseDocument(seed, undefined, undefined, maxValues);
        for (const choice of edits) {
          const edit = editOf(document.text, parseDocument(document.text), choice);
          const text = applyEdit(document.text, edit);
          const region = extendEditedRegion(undefined, edit.offset, edit.deleted, edit.inserted.length);
          const expected = parseDocument(text, undefined, undefined, maxValues);
          document = reparseDocument(document, text, region, undefined, undefined, maxValues);
          assert.deepEqual(comparable(document), comparable(expected));
          if (expected.valueLimitExceeded === undefined) within++;
          else past++;
        }
      },
    ),
    { numRuns: 200, seed: 20261202 },
  );
  assert.ok(past > 50 && within > 50, `${past} versions past the limit, ${within} within it`);
});

test('the edited region folds any sequence of edits into one', () => {
  fc.assert(
    fc.property(
      fc.string({ maxLength: 40 }),
      fc.array(fc.tuple(fc.nat(), fc.nat(), fc.string({ maxLength: 5 })), { minLength: 1, maxLength: 6 }),
      (start, rawEdits) => {
        let text = start;
        let region: EditedRegion | undefined;
        for (const [at, size, inserted] of rawEdits) {
          const offset = at % (text.length + 1);
          const deleted = size % (text.length - offset + 1);
          text = applyEdit(text, { offset, deleted, inserted });
          region = extendEditedRegion(region, offset, deleted, inserted.length);
        }
        const { start: from, oldEnd, newEnd } = region!;
        assert.equal(start.slice(0, from) + text.slice(from, newEnd) + start.slice(oldEnd), text);
        assert.equal(text.length - newEnd, start.length - oldEnd);
      },
    ),
    { numRuns: 500, seed: 7 },
  );
});

test('the line index after an edit equals a fresh one, line breaks of every kind included', () => {
  const pieces = fc.string({ unit: fc.constantFrom('a', '\r', '\n', '\r\n', '😀'), maxLength: 30 });
  fc.assert(
    fc.property(pieces, fc.nat(), fc.nat(), pieces, (text, at, size, inserted) => {
      const offset = at % (text.length + 1);
      const deleted = size % (text.length - offset + 1);
      const edited = applyEdit(text, { offset, deleted, inserted });
      const region = extendEditedRegion(undefined, offset, deleted, inserted.length);
      assert.deepEqual(new LineIndex(text).afterEdit(edited, region), new LineIndex(edited));
    }),
    { numRuns: 2000, seed: 11 },
  );
});

test('the line index after an edit answers every position as a fresh one, whether the old index was ever read or not', () => {
  const pieces = fc.string({ unit: fc.constantFrom('a', '\r', '\n', '\r\n', '😀'), maxLength: 30 });
  const positions = (lines: LineIndex, text: string) =>
    Array.from({ length: text.length + 1 }, (_, offset) => lines.positionAt(offset));
  fc.assert(
    fc.property(pieces, fc.nat(), fc.nat(), pieces, fc.boolean(), (text, at, size, inserted, readBefore) => {
      const offset = at % (text.length + 1);
      const deleted = size % (text.length - offset + 1);
      const edited = applyEdit(text, { offset, deleted, inserted });
      const region = extendEditedRegion(undefined, offset, deleted, inserted.length);
      const before = new LineIndex(text);
      // Line starts are computed when first asked for; an index that has them shifts them through the edit.
      if (readBefore) before.positionAt(0);
      const after = before.afterEdit(edited, region);
      const fresh = new LineIndex(edited);
      assert.equal(after.lineCount, fresh.lineCount);
      assert.deepEqual(positions(after, edited), positions(fresh, edited));
    }),
    { numRuns: 2000, seed: 13 },
  );
});

test('an edit inside a tool re-parses that tool only and copies the plain value along its path', () => {
  const text = generatePlugin(20, 'valid').manifestText;
  const before = parseDocument(text);
  const oldValue = before.value as { contributes: { tools: { description: string }[] } };
  const toolsNode = nodesOf(before.root).find(
    (node) => node.type === 'array' && node.parent?.children![0].value === 'tools',
  )!;
  const tool = toolsNode.children![10];
  const untouched = toolsNode.children![3];
  const description = tool.children!.find((property) => property.children![0].value === 'description')!.children![1];
  const offset = description.offset + 1;
  const after = reparseDocument(before, applyEdit(text, { offset, deleted: 0, inserted: 'New ' }), {
    start: offset,
    oldEnd: offset,
    newEnd: offset + 4,
  });
  const newValue = after.value as typeof oldValue;
  assert.equal(after.root, before.root, 'the tree is reused');
  assert.equal(toolsNode.children![3], untouched, 'a tool before the edit is the same node');
  assert.equal(toolsNode.children![10], tool, 'the edited tool is the same node');
  assert.notEqual(description.parent!.children![1], description, 'its description is a new node');
  assert.match(newValue.contributes.tools[10].description, /^New /);
  assert.doesNotMatch(oldValue.contributes.tools[10].description, /^New /, 'the previous value is left as it was');
  assert.equal(newValue.contributes.tools[3], oldValue.contributes.tools[3], 'values off the path are shared');
  assert.deepEqual(comparable(after), comparable(parseDocument(after.text)));
});

test('an edit before, inside or after a value kept inline shifts it as a full parse places it', () => {
  const text = '{"a": "xy", "b": 12, "\\u006by": 0, "c": true, "d": [1, "s"], "e": {"f" :  null, "h": 2}, "g": "last"}';
  const at = (needle: string, after = 0) => text.indexOf(needle) + after;
  const edits: Edit[] = [
    { offset: at('xy', 1), deleted: 0, inserted: 'zz' }, // before "b"'s value, in an earlier value
    { offset: at('12', 1), deleted: 0, inserted: '345' }, // inside it
    { offset: at('12'), deleted: 2, inserted: '"twelve"' }, // over it, with another type
    { offset: at('true', 2), deleted: 2, inserted: 'ue' }, // after it
    { offset: at('"f"', 2), deleted: 0, inserted: 'ff' }, // in a key: its object is parsed again
    { offset: at(':  null', 1), deleted: 1, inserted: '' }, // between a colon and its value
    { offset: at('null'), deleted: 4, inserted: '"not null"' }, // a value in a nested object, its sibling inline
    { offset: at('"s"', 1), deleted: 0, inserted: 'tt' }, // in an array item, a leaf node
    { offset: at('last', 4), deleted: 0, inserted: '!' }, // the last value
  ];
  for (const edit of edits) {
    for (const readFirst of [false, true]) {
      const before = parseDocument(text);
      // Asking for every value node first: the edit then moves made leaves instead of inline values.
      if (readFirst) nodesOf(before.root);
      const edited = applyEdit(text, edit);
      const after = reparseDocument(before, edited, {
        start: edit.offset,
        oldEnd: edit.offset + edit.deleted,
        newEnd: edit.offset + edit.inserted.length,
      });
      assert.equal(after.root, before.root, `re-parsed in place: ${edited}`);
      assert.deepEqual(comparable(after), comparable(parseDocument(edited)), edited);
      assertParentLinks(after.root);
    }
  }
});
