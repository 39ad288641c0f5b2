import { createScanner, SyntaxKind } from 'jsonc-parser';
import {
  closingQuote,
  endOf,
  keyNode,
  keyOf,
  keysWrittenIn,
  pathOfNode,
  valueNode,
  type JsonNode,
  type JsonPath,
  type ParsedDocument,
} from '../engine';

/** A span of the text: what a completion replaces, what a hover or link covers. */
interface Span {
  offset: number;
  length: number;
}

/** Where the cursor is, for completion: typing a key of an object, or a value (of a property or an array item). */
export type CursorContext =
  | {
      kind: 'key';
      /** The object the key belongs to, and its path. */
      object: JsonNode;
      path: JsonPath;
      /** What a proposal replaces: the key being typed, or the word at the cursor. */
      span: Span;
      /** Keys the object already has, anywhere in it (engine's keysWrittenIn), except the one being typed. */
      existingKeys: Set<string>;
      /** The key being typed already has its colon: a proposal writes the key alone. */
      keyOnly: boolean;
      /** `,` when a proposal must be followed by one (another property follows). */
      separatorAfter: string;
    }
  | {
      kind: 'value';
      /** The value's path: the property's, or the array item's (with its index). */
      path: JsonPath;
      /** The value written there, if any. */
      node: JsonNode | undefined;
      span: Span;
      separatorAfter: string;
    }
  | { kind: 'none' };

export { endOf };

/** The innermost value or key node at an offset (its right edge included), as hover and navigation need. */
export function nodeAt(root: JsonNode | undefined, offset: number): JsonNode | undefined {
  if (!root || offset < root.offset || offset > endOf(root)) return undefined;
  let node = root;
  for (;;) {
    const children = node.children;
    if (!children || children.length === 0) return node;
    const child = childAt(children, offset);
    if (!child) return node;
    node = child;
  }
}

/** The child whose span holds the offset; children are in text order, so a binary search finds it. */
function childAt(children: JsonNode[], offset: number): JsonNode | undefined {
  let low = 0;
  let high = children.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const child = children[mid];
    if (offset < child.offset) high = mid - 1;
    else if (offset > endOf(child)) low = mid + 1;
    else return child;
  }
  return undefined;
}

/** For a key node, its property; for a value node, the property it is the value of. */
function propertyOf(node: JsonNode): JsonNode | undefined {
  return node.parent?.type === 'property' ? node.parent : undefined;
}

export function isKeyNode(node: JsonNode): boolean {
  const property = propertyOf(node);
  return !!property && keyNode(property) === node;
}

/** The path a key or value node stands for (a key stands for its property's value). */
export function pathAt(node: JsonNode): JsonPath {
  if (isKeyNode(node)) return [...pathOfNode(node.parent!.parent!), keyOf(node.parent!)];
  return pathOfNode(node);
}

/**
 * A property being typed on a line of its own, which the parse left out of `object` to read the rest of it: its key
 * is replaced as a key node would be, and after its colon its value is completed.
 */
function incompletePropertyAt(document: ParsedDocument, object: JsonNode, offset: number): CursorContext | undefined {
  const { text } = document;
  const typed = document.incompleteProperties?.find(
    (range) =>
      range.offset < offset && offset <= endOf(range) && object.offset < range.offset && endOf(range) < endOf(object),
  );
  if (!typed) return undefined;
  const segment = text.slice(typed.offset, endOf(typed));
  const closing = closingQuote(segment, 1);
  const key = { offset: typed.offset, length: closing === undefined ? segment.length : closing + 1 };
  const colon = closing === undefined ? -1 : segment.indexOf(':', closing + 1);
  const path = pathOfNode(object);
  if (colon >= 0 && offset > typed.offset + colon) {
    const name = plainKey(segment.slice(0, closing! + 1));
    if (name === undefined) return { kind: 'none' };
    const span = wordAt(text, offset);
    return {
      kind: 'value',
      path: [...path, name],
      node: undefined,
      span,
      separatorAfter: separatorAfter(text, endOf(span)),
    };
  }
  return {
    kind: 'key',
    object,
    path,
    span: key,
    existingKeys: keysWrittenIn(text, object),
    keyOnly: colon >= 0,
    separatorAfter: colon >= 0 ? '' : separatorAfter(text, endOf(key)),
  };
}

/** A key as JSON reads it; undefined for one with an escape JSON does not take. */
function plainKey(quoted: string): string | undefined {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return undefined;
  }
}

/** Where completion at `offset` writes. */
export function cursorContext(document: ParsedDocument, offset: number): CursorContext {
  const { text, root } = document;
  if (!root) return { kind: 'none' };
  const container = containerAt(root, offset, text);
  if (!container) return { kind: 'none' };
  const containerPath = pathOfNode(container);

  if (container.type === 'object') {
    for (const property of container.children!) {
      if (offset < property.offset) break;
      if (offset > endOf(property)) continue;
      const key = keyNode(property);
      if (offset > key.offset && (offset < endOf(key) || (offset === endOf(key) && !isClosedString(key, text)))) {
        // Wherever the parser's recovery put them (a half-typed key may take the properties after it in).
        const existingKeys = keysWrittenIn(text, container, key.offset);
        const keyOnly = property.colonOffset !== undefined;
        return {
          kind: 'key',
          object: container,
          path: containerPath,
          span: key,
          existingKeys,
          keyOnly,
          separatorAfter: keyOnly ? '' : separatorAfter(text, endOf(key)),
        };
      }
      if (property.colonOffset !== undefined && offset > property.colonOffset) {
        const value = valueNode(property);
        const inValue = value && value.offset <= offset && offset <= endOf(value);
        const span = inValue ? { offset: value.offset, length: value.length } : wordAt(text, offset);
        return {
          kind: 'value',
          path: [...containerPath, keyOf(property)],
          node: inValue ? value : undefined,
          span,
          separatorAfter: separatorAfter(text, endOf(span)),
        };
      }
      // On the key's closing quote or between the key and its colon: nothing to propose.
      if (offset > key.offset) return { kind: 'none' };
    }
    const typed = incompletePropertyAt(document, container, offset);
    if (typed) return typed;
    const span = wordAt(text, offset);
    const existingKeys = keysWrittenIn(text, container);
    return {
      kind: 'key',
      object: container,
      path: containerPath,
      span,
      existingKeys,
      keyOnly: false,
      separatorAfter: separatorAfter(text, endOf(span)),
    };
  }

  const items = container.children!;
  let index = items.length;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (offset < item.offset) {
      index = i;
      break;
    }
    if (offset <= endOf(item)) {
      return {
        kind: 'value',
        path: [...containerPath, i],
        node: item,
        span: item,
        separatorAfter: separatorAfter(text, endOf(item)),
      };
    }
  }
  const span = wordAt(text, offset);
  return {
    kind: 'value',
    path: [...containerPath, index],
    node: undefined,
    span,
    separatorAfter: separatorAfter(text, endOf(span)),
  };
}

/** The deepest object or array whose inside holds the offset. */
function containerAt(root: JsonNode, offset: number, text: string): JsonNode | undefined {
  // A root that is a string or a number (a file forced in by filerManifest.files.include) holds no keys or items.
  if ((root.type !== 'object' && root.type !== 'array') || !holdsOffset(root, offset, text)) return undefined;
  let container = root;
  for (;;) {
    let deeper: JsonNode | undefined;
    for (const child of container.children!) {
      if (child.offset >= offset) break;
      const value = child.type === 'property' ? valueNode(child) : child;
      if (value && (value.type === 'object' || value.type === 'array') && holdsOffset(value, offset, text)) {
        deeper = value;
        break;
      }
    }
    if (!deeper) return container;
    container = deeper;
  }
}

/**
 * Whether `offset` is strictly between the container's brackets; an unclosed container (the author is typing) extends
 * to its end.
 */
function holdsOffset(node: JsonNode, offset: number, text: string): boolean {
  if (offset <= node.offset) return false;
  const end = endOf(node);
  const closing = node.type === 'object' ? '}' : ']';
  return offset < end || (offset === end && text[end - 1] !== closing);
}

/** Whether a string node ends with its closing quote (a half-typed one runs to the end of its line without one). */
export function isClosedString(node: JsonNode, text: string): boolean {
  const last = endOf(node) - 1;
  if (node.length < 2 || text[last] !== '"') return false;
  let backslashes = 0;
  while (last - backslashes - 1 > node.offset && text[last - backslashes - 1] === '\\') backslashes++;
  return backslashes % 2 === 0;
}

/** The unquoted word at the cursor (`na|` typed where a key goes), or an empty span. */
function wordAt(text: string, offset: number): Span {
  const isWord = (ch: string | undefined) => ch !== undefined && /[\w$.-]/.test(ch);
  let start = offset;
  while (start > 0 && isWord(text[start - 1])) start--;
  let end = offset;
  while (end < text.length && isWord(text[end])) end++;
  return { offset: start, length: end - start };
}

/** `,` when the next token after `offset` is neither a closing bracket, a comma nor the end. */
function separatorAfter(text: string, offset: number): string {
  const scanner = createScanner(text, true);
  scanner.setPosition(offset);
  const token = scanner.scan();
  switch (token) {
    case SyntaxKind.CommaToken:
    case SyntaxKind.CloseBraceToken:
    case SyntaxKind.CloseBracketToken:
    case SyntaxKind.EOF:
      return '';
    default:
      return ',';
  }
}

/** Whether a path fits a pattern, segment by segment: `#` is any index, `*` any key. */
export function matches(path: JsonPath, pattern: (string | number)[]): boolean {
  if (path.length !== pattern.length) return false;
  return pattern.every((segment, index) => {
    const actual = path[index];
    if (segment === '#') return typeof actual === 'number';
    if (segment === '*') return typeof actual === 'string';
    return actual === segment;
  });
}
