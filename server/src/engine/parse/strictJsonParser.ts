import type { JsonNode } from './parseDocument';

/** What the fast path produces: the tree, the value, and the objects with a key given twice (valid JSON, still reported). */
export interface StrictParse {
  root: JsonNode;
  value: unknown;
  objectsWithDuplicateKeys: JsonNode[];
}

/** Thrown inside the fast path to give up; never escapes this module. */
class NotStrictJson extends Error {}
const notStrict = new NotStrictJson();

/**
 * A fast parser for the common case: text that is strict JSON. It builds the same nodes as the
 * tolerant jsonc-parser path in one tight pass over char codes, and takes the value from JSON.parse. On anything
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
    let type: JsonNode['type'];
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
    return newNode(type, value, base + start, pos - start, parent, undefined);
  };

  const parseObject = (parent: JsonNode | undefined): JsonNode => {
    if (++depth > maxDepth) throw notStrict;
    const node = newNode('object', undefined, base + pos, 0, parent, []);
    const properties = node.children!;
    let hasDuplicate = false;
    let keys: Set<unknown> | undefined;
    pos++;
    skipWhitespace();
    if (text.charCodeAt(pos) !== 125 /* } */) {
      while (true) {
        if (text.charCodeAt(pos) !== 34) throw notStrict;
        const keyStart = pos;
        const key = parseString();
        const property = newNode('property', undefined, base + keyStart, 0, node, undefined);
        const keyNode = newNode('string', key, base + keyStart, pos - keyStart, property, undefined);
        skipWhitespace();
        if (text.charCodeAt(pos) !== 58 /* : */) throw notStrict;
        property.colonOffset = base + pos;
        pos++;
        skipWhitespace();
        // An array literal of exactly two: pushing onto [] would reserve room for nineteen, in every property.
        property.children = [keyNode, parseValue(property)];
        property.length = pos - keyStart;
        // Objects in a manifest are small: a linear scan beats a set, until one is large.
        if (properties.length >= 32) {
          keys ??= new Set(properties.map((p) => p.children![0].value));
          if (keys.has(key)) hasDuplicate = true;
          keys.add(key);
        } else if (!hasDuplicate && hasKey(properties, key)) {
          hasDuplicate = true;
        }
        properties.push(property);
        skipWhitespace();
        const next = text.charCodeAt(pos);
        if (next === 44 /* , */) {
          pos++;
          skipWhitespace();
          continue;
        }
        if (next === 125) break;
        throw notStrict;
      }
    }
    pos++;
    depth--;
    node.length = base + pos - node.offset;
    if (hasDuplicate) objectsWithDuplicateKeys.push(node);
    return node;
  };

  const parseArray = (parent: JsonNode | undefined): JsonNode => {
    if (++depth > maxDepth) throw notStrict;
    const node = newNode('array', undefined, base + pos, 0, parent, []);
    pos++;
    skipWhitespace();
    if (text.charCodeAt(pos) !== 93 /* ] */) {
      while (true) {
        node.children!.push(parseValue(node));
        skipWhitespace();
        const next = text.charCodeAt(pos);
        if (next === 44) {
          pos++;
          skipWhitespace();
          continue;
        }
        if (next === 93) break;
        throw notStrict;
      }
    }
    pos++;
    depth--;
    node.length = base + pos - node.offset;
    return node;
  };

  try {
    skipWhitespace();
    if (pos >= length) return undefined;
    const root = parseValue(parent);
    skipWhitespace();
    if (pos !== length) return undefined;
    // The text is strict JSON, so the native parser gives its value, duplicates and __proto__ included.
    return { root, value: JSON.parse(text), objectsWithDuplicateKeys };
  } catch (error) {
    if (error === notStrict) return undefined;
    throw error;
  }
}

/** Every node gets every field, so that V8 gives them one shape. */
function newNode(type: JsonNode['type'], value: unknown, offset: number, length: number, parent: JsonNode | undefined, children: JsonNode[] | undefined): JsonNode {
  return { type, value, offset, length, colonOffset: undefined, parent, children };
}

function hasKey(properties: JsonNode[], key: string): boolean {
  for (let i = 0; i < properties.length; i++) if (properties[i].children![0].value === key) return true;
  return false;
}

function isDigit(ch: number): boolean {
  return ch >= 48 && ch <= 57;
}
