import { visit, printParseErrorCode, type ParseErrorCode } from 'jsonc-parser';
import { LineIndex } from '../text/lineIndex';
import { ContainerNode, isProperty, keyOf, LeafNode, leafTypeOf, PropertyNode, type JsonNode } from './jsonNode';
import { assignProperty } from './plainValue';
import { parseStrictJson } from './strictJsonParser';


type SyntaxFindingKind = 'syntax' | 'comment' | 'trailing-comma' | 'duplicate-key' | 'too-deep';

interface SyntaxFinding {
  kind: SyntaxFindingKind;
  offset: number;
  length: number;
  /** For 'syntax': jsonc-parser's error name; for 'duplicate-key': the key. */
  detail: string;
}

export interface ParsedDocument {
  text: string;
  lines: LineIndex;
  /** The root value node; undefined for empty or unparseable text. */
  root: JsonNode | undefined;
  /** The plain JSON value of the root (what JSON.parse would give where the text is valid). */
  value: unknown;
  findings: SyntaxFinding[];
}

/** Deeper than this the document is not walked: the recursive parser would exhaust the stack. */
export const MAX_NESTING_DEPTH = 512;

/**
 * Parses the manifest once, building position-carrying nodes and the plain value together.
 * Comments and trailing commas are accepted by the parser (so the tree stays whole while the
 * author types) and reported as findings, because the loader reads strict JSON. `lines`, when the
 * caller has the text's line index already (an editor document's), is the parse's own.
 */
export function parseDocument(text: string, lines = new LineIndex(text)): ParsedDocument {
  const strict = parseStrictJson(text, MAX_NESTING_DEPTH, 0, undefined, !lines.hasStarts);
  if (strict) {
    if (strict.lineStarts) lines.adoptStarts(strict.lineStarts);
    const findings: SyntaxFinding[] = [];
    for (const object of strict.objectsWithDuplicateKeys) reportDuplicateKeys(object, findings);
    return { text, lines, root: strict.root, value: strict.value, findings };
  }
  return parseTolerantly(text, lines);
}

/** The jsonc-parser path: any text, with comments, trailing commas and syntax errors reported. */
export function parseTolerantly(text: string, lines: LineIndex): ParsedDocument {
  const findings: SyntaxFinding[] = [];

  const tooDeepAt = findExcessiveNesting(text, MAX_NESTING_DEPTH);
  if (tooDeepAt >= 0) {
    findings.push({ kind: 'too-deep', offset: tooDeepAt, length: 1, detail: String(MAX_NESTING_DEPTH) });
    return { text, lines, root: undefined, value: undefined, findings };
  }

  const stack: { node: JsonNode; value: unknown }[] = [];
  let root: JsonNode | undefined;
  let rootValue: unknown;
  let lastTokenWasComma = false;
  let lastCommaOffset = -1;

  const closeProperty = (end: number): void => {
    const top = stack[stack.length - 1];
    if (top && isProperty(top.node)) {
      top.node.endsAt(end);
      stack.pop();
    }
  };

  const noteTrailingComma = (): void => {
    if (lastTokenWasComma) findings.push({ kind: 'trailing-comma', offset: lastCommaOffset, length: 1, detail: ',' });
  };

  visit(
    text,
    {
      onObjectBegin: (offset) => {
        const node = new ContainerNode('object', offset, -1, undefined, []);
        const value: Record<string, unknown> = {};
        attachContainer(node, value);
        lastTokenWasComma = false;
      },
      onObjectProperty: (name, offset, length) => {
        const top = stack[stack.length - 1];
        const property = new PropertyNode(offset, top.node, name, length);
        (top.node as ContainerNode).children.push(property);
        stack.push({ node: property, value: undefined });
        lastTokenWasComma = false;
      },
      onObjectEnd: (offset, length) => {
        noteTrailingComma();
        lastTokenWasComma = false;
        closeProperty(offset); // a property whose value never came
        const frame = stack.pop();
        if (!frame) return;
        frame.node.length = offset + length - frame.node.offset;
        reportDuplicateKeys(frame.node, findings);
        closeProperty(offset + length);
      },
      onArrayBegin: (offset) => {
        const node = new ContainerNode('array', offset, -1, undefined, []);
        attachContainer(node, []);
        lastTokenWasComma = false;
      },
      onArrayEnd: (offset, length) => {
        noteTrailingComma();
        lastTokenWasComma = false;
        const frame = stack.pop();
        if (!frame) return;
        frame.node.length = offset + length - frame.node.offset;
        closeProperty(offset + length);
      },
      onLiteralValue: (value, offset, length) => {
        const node = new LeafNode(leafTypeOf(value), value, offset, length, undefined);
        attachValue(node, value);
        closeProperty(offset + length);
        lastTokenWasComma = false;
      },
      onSeparator: (character, offset) => {
        if (character === ':') {
          const top = stack[stack.length - 1];
          if (top && isProperty(top.node)) top.node.colonOffset = offset;
          lastTokenWasComma = false;
        } else if (character === ',') {
          closeProperty(offset); // `"a": ,` leaves a property without a value
          lastTokenWasComma = true;
          lastCommaOffset = offset;
        }
      },
      onComment: (offset, length) => {
        findings.push({ kind: 'comment', offset, length, detail: '' });
      },
      onError: (error: ParseErrorCode, offset, length) => {
        findings.push({ kind: 'syntax', offset, length, detail: printParseErrorCode(error) });
        lastTokenWasComma = false;
      },
    },
    { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false },
  );

  // Containers left open by truncated text end where the text ends.
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (isProperty(frame.node)) frame.node.endsAt(text.length);
    else frame.node.length = text.length - frame.node.offset;
  }

  return { text, lines, root, value: rootValue, findings };

  function attachContainer(node: JsonNode, value: unknown): void {
    attachValue(node, value);
    stack.push({ node, value });
  }

  function attachValue(node: JsonNode, value: unknown): void {
    const top = stack[stack.length - 1];
    if (!top) {
      if (!root) {
        root = node;
        rootValue = value;
      }
      return;
    }
    node.parent = top.node;
    if (isProperty(top.node)) {
      top.node.valueNode = node;
      const objectFrame = stack[stack.length - 2];
      assignProperty(objectFrame.value as Record<string, unknown>, top.node.key, value);
    } else {
      (top.node as ContainerNode).children.push(node);
      (top.value as unknown[]).push(value);
    }
  }
}

/** Every occurrence of a key but the last is ignored by JSON.parse: those are the ones reported. */
function reportDuplicateKeys(object: JsonNode, findings: SyntaxFinding[]): void {
  const properties = object.children!;
  if (properties.length < 2) return;
  const lastIndexOf = new Map<string, number>();
  properties.forEach((property, index) => lastIndexOf.set(keyOf(property), index));
  if (lastIndexOf.size === properties.length) return;
  properties.forEach((property, index) => {
    const { key, offset, keyLength } = property as PropertyNode;
    if (lastIndexOf.get(key) !== index) findings.push({ kind: 'duplicate-key', offset, length: keyLength, detail: key });
  });
}

/** Offset of the first bracket past `limit` levels of nesting, or -1. Strings are skipped. */
function findExcessiveNesting(text: string, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) {
      inString = true;
    } else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      if (++depth > limit) return i;
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) {
      depth--;
    }
  }
  return -1;
}
