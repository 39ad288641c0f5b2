import { ContainerNode, LeafNode, PropertyNode, type JsonNode, type LeafType } from './jsonNode';
import { assignProperty } from './plainValue';

/** What the fast path produces: the tree, the value, and the objects with a key given twice (valid JSON, still reported). */
interface StrictParse {
  root: JsonNode;
  value: unknown;
  objectsWithDuplicateKeys: JsonNode[];
}

/** Thrown inside the fast path to give up; never escapes this module. */
class NotStrictJson extends Error {}
const notStrict = new NotStrictJson();

/**
 * A fast parser for the common case: text that is strict JSON. It builds the same nodes as the
 * tolerant jsonc-parser path in one tight pass over char codes, and the value JSON.parse would give. On anything
 * that is not strict JSON (a syntax error, a comment, a trailing comma, a BOM, nesting past
 * `maxDepth`) it returns undefined and the tolerant path parses the text and reports why.
 *
 * `text` may be one value cut out of a larger document (an incremental re-parse): its nodes then
 * start at `base` and the root's parent is `parent`.
 */
export function parseStrictJson(text: string, maxDepth: number, base = 0, parent?: JsonNode): StrictParse | undefined {
  let pos = 0;
  let depth = 0;
  const length = text.length;
  const objectsWithDuplicateKeys: JsonNode[] = [];
  // The children of the containers being parsed, innermost last: each container takes an exact-size copy of its own.
  const pending: JsonNode[] = [];
  // A manifest repeats a few hundred keys tens of thousands of times: every node shares one string per key.
  const keys = new Map<string, string>();
  const noChildren: JsonNode[] = [];
  // The plain value of the node parseValue returned last: built in the same pass, so that it shares the tree's strings.
  let lastValue: unknown;

  const skipWhitespace = (): void => {
    while (pos < length) {
      const ch = text.charCodeAt(pos);
      if (ch === 32 || ch === 10 || ch === 13 || ch === 9) pos++;
      else break;
    }
  };

  const parseString = (): string => {
    const start = pos; // at the opening quote
    pos++;
    let escaped = false;
    while (true) {
      if (pos >= length) throw notStrict;
      const ch = text.charCodeAt(pos);
      if (ch === 34 /* " */) break;
      if (ch === 92 /* \ */) {
        escaped = true;
        pos += 2;
        continue;
      }
      if (ch < 32) throw notStrict;
      pos++;
    }
    pos++;
    if (!escaped) return text.slice(start + 1, pos - 1);
    try {
      return JSON.parse(text.slice(start, pos)) as string;
    } catch {
      throw notStrict;
    }
  };

  const parseNumber = (): number => {
    const start = pos;
    if (text.charCodeAt(pos) === 45 /* - */) pos++;
    const firstDigit = text.charCodeAt(pos);
    if (firstDigit === 48 /* 0 */) pos++;
    else if (firstDigit >= 49 && firstDigit <= 57) while (isDigit(text.charCodeAt(pos))) pos++;
    else throw notStrict;
    if (text.charCodeAt(pos) === 46 /* . */) {
      pos++;
      if (!isDigit(text.charCodeAt(pos))) throw notStrict;
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    const e = text.charCodeAt(pos);
    if (e === 101 || e === 69 /* e E */) {
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === 43 || sign === 45) pos++;
      if (!isDigit(text.charCodeAt(pos))) throw notStrict;
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    return Number(text.slice(start, pos));
  };

  const parseLiteral = (word: string, value: unknown): unknown => {
    if (!text.startsWith(word, pos)) throw notStrict;
    pos += word.length;
    return value;
  };

  const parseValue = (parent: JsonNode | undefined): JsonNode => {
    const start = pos;
    const ch = text.charCodeAt(pos);
    if (ch === 123 /* { */) return parseObject(parent);
    if (ch === 91 /* [ */) return parseArray(parent);
    let value: unknown;
    let type: LeafType;
    if (ch === 34) {
      value = parseString();
      type = 'string';
    } else if (ch === 116 /* t */) {
      value = parseLiteral('true', true);
      type = 'boolean';
    } else if (ch === 102 /* f */) {
      value = parseLiteral('false', false);
      type = 'boolean';
    } else if (ch === 110 /* n */) {
      value = parseLiteral('null', null);
      type = 'null';
    } else {
      value = parseNumber();
      type = 'number';
    }
    lastValue = value;
    return new LeafNode(type, value, base + start, pos - start, parent);
  };

  const parseObject = (parent: JsonNode | undefined): JsonNode => {
    if (++depth > maxDepth) throw notStrict;
    const node = new ContainerNode('object', base + pos, 0, parent, noChildren);
    const object: Record<string, unknown> = {};
    const first = pending.length;
    let hasDuplicate = false;
    let seen: Set<string> | undefined;
    pos++;
    skipWhitespace();
    if (text.charCodeAt(pos) !== 125 /* } */) {
      do {
        if (text.charCodeAt(pos) !== 34) throw notStrict;
        const keyStart = pos;
        const parsedKey = parseString();
        let key = keys.get(parsedKey);
        if (key === undefined) keys.set(parsedKey, (key = parsedKey));
        const property = new PropertyNode(base + keyStart, 0, node, key, pos - keyStart);
        skipWhitespace();
        if (text.charCodeAt(pos) !== 58 /* : */) throw notStrict;
        property.colonOffset = base + pos;
        pos++;
        skipWhitespace();
        property.valueNode = parseValue(property);
        assignProperty(object, key, lastValue);
        property.length = pos - keyStart;
        // Objects in a manifest are small: a linear scan beats a set, until one is large.
        const count = pending.length - first;
        if (count >= 32) {
          if (!seen) {
            seen = new Set();
            for (let i = first; i < pending.length; i++) seen.add((pending[i] as PropertyNode).key);
          }
          if (seen.has(key)) hasDuplicate = true;
          seen.add(key);
        } else if (!hasDuplicate && hasKey(pending, first, key)) {
          hasDuplicate = true;
        }
        pending.push(property);
      } while (anotherMember(125 /* } */));
    }
    close(node, first);
    lastValue = object;
    if (hasDuplicate) objectsWithDuplicateKeys.push(node);
    return node;
  };

  const parseArray = (parent: JsonNode | undefined): JsonNode => {
    if (++depth > maxDepth) throw notStrict;
    const node = new ContainerNode('array', base + pos, 0, parent, noChildren);
    const array: unknown[] = [];
    const first = pending.length;
    pos++;
    skipWhitespace();
    if (text.charCodeAt(pos) !== 93 /* ] */) {
      do {
        pending.push(parseValue(node));
        array.push(lastValue);
      } while (anotherMember(93 /* ] */));
    }
    close(node, first);
    lastValue = array;
    return node;
  };

  /** After a member: true past a comma (another member follows), false at the container's closing `close`. */
  const anotherMember = (close: number): boolean => {
    skipWhitespace();
    const next = text.charCodeAt(pos);
    if (next === 44 /* , */) {
      pos++;
      skipWhitespace();
      return true;
    }
    if (next === close) return false;
    throw notStrict;
  };

  /** At the closing bracket: the container ends after it and takes its children, an exact-size copy. */
  const close = (node: ContainerNode, first: number): void => {
    pos++;
    depth--;
    node.length = base + pos - node.offset;
    node.children = pending.slice(first);
    pending.length = first;
  };

  try {
    skipWhitespace();
    if (pos >= length) return undefined;
    const root = parseValue(parent);
    skipWhitespace();
    if (pos !== length) return undefined;
    return { root, value: lastValue, objectsWithDuplicateKeys };
  } catch (error) {
    if (error === notStrict) return undefined;
    throw error;
  }
}

function hasKey(properties: JsonNode[], first: number, key: string): boolean {
  for (let i = first; i < properties.length; i++) if ((properties[i] as PropertyNode).key === key) return true;
  return false;
}

function isDigit(ch: number): boolean {
  return ch >= 48 && ch <= 57;
}
