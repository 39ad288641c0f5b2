import { keyOf, type JsonNode, type PropertyNode } from '../parse/jsonNode';

export type JsonPath = (string | number)[];

/**
 * An object with more properties than this is searched through an index of its keys, made on its
 * first search: a scan per key would make a lookup of each of n keys cost n² (200,000 unknown keys
 * took 82 s). An object's properties are never replaced in place (an edit re-parses the object whole,
 * a new node), so an index stays right for as long as its object lives.
 */
const indexedFrom = 32;
const keyIndexes = new WeakMap<JsonNode, Map<string, { first: PropertyNode; last: PropertyNode }>>();

/** The first and the last property of each key of a large object. */
function keyIndexOf(object: JsonNode): Map<string, { first: PropertyNode; last: PropertyNode }> {
  let index = keyIndexes.get(object);
  if (!index) {
    index = new Map();
    for (const property of object.children as PropertyNode[]) {
      const known = index.get(property.key);
      if (known) known.last = property;
      else index.set(property.key, { first: property, last: property });
    }
    keyIndexes.set(object, index);
  }
  return index;
}

/** The property node for `key` in an object node; the last one where a key is duplicated, as JSON.parse keeps. */
export function propertyNode(object: JsonNode | undefined, key: string): PropertyNode | undefined {
  if (!object || object.type !== 'object') return undefined;
  const properties = object.children!;
  if (properties.length > indexedFrom) return keyIndexOf(object).get(key)?.last;
  for (let i = properties.length - 1; i >= 0; i--) {
    if (keyOf(properties[i]) === key) return properties[i] as PropertyNode;
  }
  return undefined;
}

/** The first property node for `key` in an object node (where a key is duplicated, the first of them). */
export function firstPropertyNode(object: JsonNode | undefined, key: string): PropertyNode | undefined {
  if (!object || object.type !== 'object') return undefined;
  const properties = object.children!;
  if (properties.length > indexedFrom) return keyIndexOf(object).get(key)?.first;
  return properties.find((property) => keyOf(property) === key) as PropertyNode | undefined;
}

/**
 * The value node of a property node (none while it is being typed), or of `key` in an object node.
 * The one accessor for values: a property's is read without the array `children` makes on each read.
 * Where a key is duplicated, the last one that has a value: the one the plain value holds (in
 * `{"type": "action" "type"}` the second `type` has none, and the plain value's type is "action").
 */
export function valueNode(property: JsonNode): JsonNode | undefined;
export function valueNode(object: JsonNode | undefined, key: string): JsonNode | undefined;
export function valueNode(node: JsonNode | undefined, key?: string): JsonNode | undefined {
  return key === undefined ? (node as PropertyNode).valueNode : propertyWithValue(node, key)?.valueNode;
}

/**
 * `valueNode(object, key)?.value` (a string, number, boolean or null; undefined for a container or
 * none) without making the leaf's node, which the parse leaves to whatever asks for it: for rules that
 * read a value on every entry and need its node only to report it.
 */
export function leafValue(object: JsonNode | undefined, key: string): unknown {
  return propertyWithValue(object, key)?.leafValue;
}

/** The last property for `key` that has a value (the one the plain value holds: see valueNode). */
function propertyWithValue(object: JsonNode | undefined, key: string): PropertyNode | undefined {
  if (!object || object.type !== 'object') return undefined;
  const properties = object.children as PropertyNode[];
  if (properties.length > indexedFrom) {
    const last = keyIndexOf(object).get(key)?.last;
    // Only while the author types (`"key":` with nothing after it) is the last one without a value.
    if (!last || last.hasValue) return last;
  }
  for (let i = properties.length - 1; i >= 0; i--) {
    if (properties[i].hasValue && keyOf(properties[i]) === key) return properties[i];
  }
  return undefined;
}

/** The key node of a property node, or of `key` in an object node (the last one where a key is duplicated). */
export function keyNode(property: JsonNode): JsonNode;
export function keyNode(object: JsonNode | undefined, key: string): JsonNode | undefined;
export function keyNode(node: JsonNode | undefined, key?: string): JsonNode | undefined {
  return key === undefined ? (node as PropertyNode).keyNode : propertyNode(node, key)?.keyNode;
}

/** Follows a JSON path from `root`; undefined where the path leaves the tree. */
export function nodeAtPath(root: JsonNode | undefined, path: JsonPath): JsonNode | undefined {
  let node = root;
  for (const segment of path) {
    if (!node) return undefined;
    if (typeof segment === 'number') {
      node = node.type === 'array' ? node.children![segment] : undefined;
    } else {
      node = valueNode(node, segment);
    }
  }
  return node;
}

/** The JSON path of a node (value or key) from the root. */
export function pathOfNode(node: JsonNode): JsonPath {
  const path: JsonPath = [];
  let current: JsonNode | undefined = node;
  while (current?.parent) {
    const parent: JsonNode = current.parent;
    if (parent.type === 'property') {
      path.unshift(keyOf(parent));
      current = parent.parent;
    } else if (parent.type === 'array') {
      path.unshift(parent.children!.indexOf(current));
      current = parent;
    } else {
      current = parent;
    }
  }
  return path;
}

/** `contributes.tools[2].id`: how messages name a field. */
export function formatPath(path: JsonPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out || '(root)';
}

export function objectProperties(object: JsonNode | undefined): JsonNode[] {
  return object?.type === 'object' ? object.children! : [];
}

export function arrayItems(array: JsonNode | undefined): JsonNode[] {
  return array?.type === 'array' ? array.children! : [];
}
