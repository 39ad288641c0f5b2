import type { EditedRegion } from '../text/editedRegion';
import type { LineIndex } from '../text/lineIndex';
import { isProperty, keyOf, type JsonNode } from './jsonNode';
import { MAX_NESTING_DEPTH, MAX_TREE_VALUES, parseDocument, type ParsedDocument } from './parseDocument';
import { assignProperty } from './plainValue';
import { parseStrictJson } from './strictJsonParser';

/**
 * A value larger than this share of the text (and than the size below which any parse is cheap) is
 * not re-parsed alone: the whole document is, which costs little more and reports whatever it finds.
 */
const largestShareReparsed = 0.25;
const alwaysReparsedLength = 64 * 1024;

/**
 * The parse of `text`, which is `previous.text` edited in `region`, with work proportional to the
 * edit: the smallest value (an array item or a property's value) that encloses the edit is parsed
 * again from its new text and spliced into the previous tree, the nodes after it are shifted, and
 * the plain value is copied along the path to it only. When that value's new text is not strict
 * JSON on its own, the enclosing value is tried, up to a size; anything else (the previous version
 * had findings, the edit is outside the root, the new text has a duplicate key) parses the whole text.
 * The result is what parseDocument(text) gives.
 *
 * It takes `previous`'s tree over: the nodes are reused and changed in place, so `previous`
 * must not be read afterwards (its plain value is left as it was). `lines`, when the caller has
 * the new text's line index already (an editor document's), is used instead of shifting previous's
 * (and by a whole parse, when it comes to one), `findingsKept` how many findings of each kind a whole parse keeps, and
 * `maxValues` how many values the tree may hold (an edit that takes it past them parses the whole text, which then
 * gives no tree).
 */
export function reparseDocument(
  previous: ParsedDocument,
  text: string,
  region: EditedRegion,
  lines?: LineIndex,
  findingsKept?: number,
  maxValues = MAX_TREE_VALUES,
): ParsedDocument {
  const delta = region.newEnd - region.oldEnd;
  const root = previous.root;
  const whole = () => parseDocument(text, lines, findingsKept, maxValues);
  if (!root || previous.findings.length > 0 || text.length !== previous.text.length + delta) return whole();

  const largest = Math.max(text.length * largestShareReparsed, alwaysReparsedLength);
  for (let target = smallestValueEnclosing(root, region); target && target !== root; target = enclosingValue(target)) {
    const newLength = target.length + delta;
    if (newLength > largest) break;
    const depth = containerDepth(target.parent);
    const parse = parseStrictJson(
      text.slice(target.offset, target.offset + newLength),
      MAX_NESTING_DEPTH - depth,
      target.offset,
      target.parent,
      false,
      maxValues,
    );
    if (parse === 'too-many-values') break;
    if (parse === 'not-strict') continue;
    if (parse.objectsWithDuplicateKeys.length > 0) break;
    const values = previous.values - valuesIn(target) + parse.values;
    if (values > maxValues) break;
    const value = replaceValue(previous.value, target, parse.value);
    replaceNode(target, parse.root, delta);
    return {
      text,
      lines: lines ?? previous.lines.afterEdit(text, region),
      root,
      value,
      findings: [],
      findingsNotKept: {},
      values,
    };
  }
  return whole();
}

/** How many values a node's tree holds (as the parse counted them), without making the leaves kept inline. */
function valuesIn(node: JsonNode): number {
  if (isProperty(node)) {
    const made = node.madeValueNode;
    return made ? valuesIn(made) : node.hasValue ? 1 : 0;
  }
  let values = 1;
  for (const child of node.children ?? []) values += valuesIn(child);
  return values;
}

/** The deepest value node whose text contains the whole edited region (its ends included). */
function smallestValueEnclosing(root: JsonNode, region: EditedRegion): JsonNode | undefined {
  if (!encloses(root, region)) return undefined;
  let node = root;
  for (;;) {
    if (isProperty(node)) {
      const value = node.valueNode;
      if (!value || !encloses(value, region)) return enclosingValue(node);
      node = value;
      continue;
    }
    const children = node.children;
    if (!children) return node;
    const child = childEnclosing(children, region);
    if (!child || !encloses(child, region)) return node;
    node = child;
  }
}

function encloses(node: JsonNode, region: EditedRegion): boolean {
  return node.offset <= region.start && region.oldEnd <= node.offset + node.length;
}

/** The child (by binary search: children are in text order) that starts at or before the region, if it reaches it. */
function childEnclosing(children: JsonNode[], region: EditedRegion): JsonNode | undefined {
  let low = 0;
  let high = children.length - 1;
  let found: JsonNode | undefined;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (children[mid].offset <= region.start) {
      found = children[mid];
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

/** The value node that contains this one: its array, or the object of its property. */
function enclosingValue(node: JsonNode): JsonNode | undefined {
  const parent = node.parent;
  return parent?.type === 'property' ? parent.parent : parent;
}

function containerDepth(node: JsonNode | undefined): number {
  let depth = 0;
  for (let current = node; current; current = current.parent) if (current.type !== 'property') depth++;
  return depth;
}

/**
 * The new plain root value: `replacement` where `target`'s value was. The containers on the path
 * are copied (the previous version's value stays intact); everything else is shared.
 */
function replaceValue(rootValue: unknown, target: JsonNode, replacement: unknown): unknown {
  const path: (string | number)[] = [];
  for (let node = target; node.parent;) {
    const parent = node.parent;
    if (isProperty(parent)) {
      path.push(keyOf(parent));
      node = parent.parent!;
    } else {
      path.push(parent.children!.indexOf(node));
      node = parent;
    }
  }
  path.reverse();
  const copy = (container: unknown, depth: number): unknown => {
    if (depth === path.length) return replacement;
    const key = path[depth];
    if (Array.isArray(container)) {
      const array = container.slice();
      array[key as number] = copy(container[key as number], depth + 1);
      return array;
    }
    const object = { ...(container as Record<string, unknown>) };
    assignProperty(object, key as string, copy((container as Record<string, unknown>)[key as string], depth + 1));
    return object;
  };
  return copy(rootValue, 0);
}

/** Puts `replacement` in `target`'s place and moves everything after it by `delta`. */
function replaceNode(target: JsonNode, replacement: JsonNode, delta: number): void {
  let parent = target.parent;
  if (parent && isProperty(parent)) parent.valueNode = replacement;
  else if (parent) parent.children![parent.children!.indexOf(target)] = replacement;
  for (let child = replacement; parent; child = parent, parent = parent.parent) {
    // A property ends where its value does (its length follows); a container at its bracket.
    if (isProperty(parent)) continue; // its key comes before its value: nothing after the value to shift
    parent.length += delta;
    if (delta === 0) continue;
    const siblings = parent.children!;
    for (let i = siblings.indexOf(child) + 1; i < siblings.length; i++) shift(siblings[i], delta);
  }
}

function shift(node: JsonNode, delta: number): void {
  if (isProperty(node)) {
    node.shiftBy(delta);
    const value = node.madeValueNode; // an inline leaf moved with its property: no node is made for it
    if (value) shift(value, delta);
    return;
  }
  node.offset += delta;
  const children = node.children;
  if (children) for (let i = 0; i < children.length; i++) shift(children[i], delta);
}
