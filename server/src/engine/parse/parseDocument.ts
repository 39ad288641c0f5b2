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
  /** For 'duplicate-key': this occurrence is the last of its object, the one JSON.parse keeps. */
  kept?: true;
}

export interface ParsedDocument {
  text: string;
  lines: LineIndex;
  /** The root value node; undefined for empty or unparseable text, and for a text only checked for its syntax. */
  root: JsonNode | undefined;
  /** The plain JSON value of the root (what JSON.parse would give where the text is valid). */
  value: unknown;
  /** The first findings of each kind, at most as many as the parse was asked to keep, in the order found. */
  findings: SyntaxFinding[];
  /** How many more findings of each kind there were. */
  findingsNotKept: Readonly<Partial<Record<SyntaxFindingKind, number>>>;
  /** How many values (containers and leaves) the tree holds: 0 without a tree. */
  values: number;
  /** Set when the text holds more values than the parse was allowed to build a tree of: the limit, then. */
  valueLimitExceeded?: number;
  /**
   * Properties being typed on a line of their own, left out of the tree so that the rest of their object is read
   * (readPastHalfTypedProperties): where completion writes the key typed there.
   */
  incompleteProperties?: readonly { offset: number; length: number }[];
}

/**
 * Deeper than this the document is not walked: the recursive parsers would exhaust the stack. A
 * container that opens past it is read as empty (json.too-deep says so), and the rest is validated.
 */
export const MAX_NESTING_DEPTH = 512;

/**
 * How many findings of each kind a parse keeps when not told: twice the default diagnostics cap, as validateModel
 * keeps.
 */
const defaultFindingsKept = 2000;

/**
 * How many values (containers and leaves) a text is parsed into a tree of, at most; past it only its syntax is
 * checked, as past the size limit. A tree takes about 120 bytes a value (a text of `[1,1,…]` ten times that of its
 * text), and a 5,000-tool manifest holds about 400,000.
 */
export const MAX_TREE_VALUES = 1_000_000;

/**
 * The findings of one parse, at most `kept` of each kind, the rest only counted: a text of `1 1 1 …`
 * has a syntax error every two characters, and its findings would otherwise take more memory than its tree.
 */
class SyntaxFindings {
  readonly kept: SyntaxFinding[] = [];
  readonly notKept: Partial<Record<SyntaxFindingKind, number>> = {};
  private readonly counts: Partial<Record<SyntaxFindingKind, number>> = {};

  constructor(private readonly limit: number) {}

  add(kind: SyntaxFindingKind, offset: number, length: number, detail: string, kept?: true): void {
    const count = (this.counts[kind] ?? 0) + 1;
    this.counts[kind] = count;
    if (count <= this.limit)
      this.kept.push(kept ? { kind, offset, length, detail, kept } : { kind, offset, length, detail });
    else this.notKept[kind] = count - this.limit;
  }
}

/**
 * Parses the manifest once, building position-carrying nodes and the plain value together.
 * Comments and trailing commas are accepted by the parser (so the tree stays whole while the
 * author types) and reported as findings, because the loader reads strict JSON. `lines`, when the
 * caller has the text's line index already (an editor document's), is the parse's own.
 * `findingsKept`: how many findings of each kind to keep (validateModel keeps twice its cap); `maxValues`: how many
 * values a tree may hold (past it the text is only checked for its syntax, as parseSyntaxOnly does).
 */
export function parseDocument(
  text: string,
  lines = new LineIndex(text),
  findingsKept = defaultFindingsKept,
  maxValues = MAX_TREE_VALUES,
): ParsedDocument {
  const findings = new SyntaxFindings(findingsKept);
  let parsed = text;
  let strict = parseStrictJson(text, MAX_NESTING_DEPTH, 0, undefined, !lines.hasStarts, maxValues);
  if (strict === 'not-strict') {
    // Past the limit a container is read as empty: the text with those emptied has the same offsets and line breaks.
    const shallow = emptiedBeyond(text, MAX_NESTING_DEPTH, findings);
    if (shallow !== undefined)
      strict = parseStrictJson((parsed = shallow), MAX_NESTING_DEPTH, 0, undefined, !lines.hasStarts, maxValues);
  }
  if (strict === 'too-many-values')
    return { ...parseSyntaxOnly(text, lines, findingsKept), valueLimitExceeded: maxValues };
  if (strict !== 'not-strict') {
    if (strict.lineStarts) lines.adoptStarts(strict.lineStarts);
    for (const object of strict.objectsWithDuplicateKeys) reportDuplicateKeys(object, findings);
    return {
      text,
      lines,
      root: strict.root,
      value: strict.value,
      findings: findings.kept,
      findingsNotKept: findings.notKept,
      values: strict.values,
    };
  }
  const keyOffsets: number[] = [];
  const tolerant = buildTolerantly(parsed, lines, findings, maxValues, keyOffsets);
  if (tolerant === 'too-many-values')
    return { ...parseSyntaxOnly(text, lines, findingsKept), valueLimitExceeded: maxValues };
  return { ...(readPastHalfTypedProperties(parsed, lines, tolerant, keyOffsets, findingsKept) ?? tolerant), text };
}

/** How many syntax findings are looked at for a half-typed property: the first ones, where typing is. */
const halfTypedLooked = 20;

/**
 * A property being typed on a line of its own (`"st`, `"st"`, `"st":`, `"st": t`) leaves the parser unable to read
 * the members after it: it skips to the next `}` (the end of the next member's object) and closes the object there,
 * so every permission, tool or setting declared below the cursor would be lost while one key is typed. Such a line,
 * from the key to its end, is blanked (spaces: the same offsets and line breaks) and the text parsed once more, so that
 * the rest of the object is read; the half-typed property is one syntax finding of its own. Taken only where it leaves
 * fewer findings than the first parse: a whole member that lacks only its comma is read as it was. One more parse, and
 * only of a text with such a line.
 */
function readPastHalfTypedProperties(
  text: string,
  lines: LineIndex,
  first: ParsedDocument,
  keyOffsets: readonly number[],
  findingsKept: number,
): ParsedDocument | undefined {
  const blanked = halfTypedLines(text, first.findings, keyOffsets);
  if (blanked.length === 0) return undefined;
  let repaired = '';
  let from = 0;
  for (const { offset, length } of blanked) {
    repaired += text.slice(from, offset) + ' '.repeat(length);
    from = offset + length;
  }
  repaired += text.slice(from);
  const findings = new SyntaxFindings(findingsKept);
  for (const { offset, length } of blanked) findings.add('syntax', offset, length, 'IncompleteProperty');
  const second = buildTolerantly(repaired, lines, findings, Infinity, []);
  if (second === 'too-many-values') return undefined;
  const count = (document: ParsedDocument) =>
    document.findings.length + Object.values(document.findingsNotKept).reduce((sum, more) => sum + (more ?? 0), 0);
  return count(second) < count(first)
    ? { ...second, findings: sortedByOffset(second.findings), incompleteProperties: blanked }
    : undefined;
}

/**
 * The lines that hold a half-typed property: a key after which the parser found an error on a later line (its colon,
 * value or comma never came), with nothing from the key to the line's end that opens, closes or separates a member.
 */
function halfTypedLines(
  text: string,
  findings: readonly SyntaxFinding[],
  keyOffsets: readonly number[],
): { offset: number; length: number }[] {
  const blanked: { offset: number; length: number }[] = [];
  for (const finding of findings.filter(({ kind }) => kind === 'syntax').slice(0, halfTypedLooked)) {
    const key = keyOffsets[lastAtOrBefore(keyOffsets, finding.offset)];
    if (key === undefined || key === finding.offset || blanked.some(({ offset }) => offset === key)) continue;
    let end = key;
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
    if (finding.offset < end) continue;
    const rest = text.slice(key, end).trimEnd();
    if (isHalfTypedProperty(rest)) blanked.push({ offset: key, length: rest.length });
  }
  return blanked.sort((a, b) => a.offset - b.offset);
}

/**
 * `"`, `"st`, `"st"`, `"st":`, `"st": t`, `"st": "val`: a key and at most the start of its value. Not a whole member
 * (`"st": true`, `"st": "value"`), which lacks only its comma, nor one that opens a container.
 */
function isHalfTypedProperty(line: string): boolean {
  if (line[0] !== '"') return false;
  const keyEnd = closingQuote(line, 1);
  if (keyEnd === undefined) return true;
  const rest = line.slice(keyEnd + 1).trim();
  if (rest === '') return true;
  if (rest[0] !== ':') return false;
  const value = rest.slice(1).trim();
  if (value === '') return true;
  if (value[0] === '"') return closingQuote(value, 1) === undefined;
  return /^[A-Za-z0-9.+-]+$/.test(value) && !/^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)$/.test(value);
}

/** Where the string that starts before `from` closes (escapes skipped), or undefined when it does not. */
export function closingQuote(text: string, from: number): number | undefined {
  for (let i = from; i < text.length; i += text[i] === '\\' ? 2 : 1) if (text[i] === '"') return i;
  return undefined;
}

/** The index of the last offset at or before `offset` (-1 when none is): a binary search of sorted offsets. */
function lastAtOrBefore(offsets: readonly number[], offset: number): number {
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (offsets[middle] <= offset) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

function sortedByOffset(findings: readonly SyntaxFinding[]): SyntaxFinding[] {
  return [...findings].sort((a, b) => a.offset - b.offset);
}

/**
 * Only the syntax of a text past the size limit: no tree (root undefined), and the findings a parse
 * makes but duplicate keys (which would hold every key of the text). The value is the text's value
 * cut short (at most two levels deep, and at most maxOutlineMembers members in each container):
 * enough to tell whether it is a Filer manifest, and what it is named.
 */
export function parseSyntaxOnly(
  text: string,
  lines = new LineIndex(text),
  findingsKept = defaultFindingsKept,
): ParsedDocument {
  const findings = new SyntaxFindings(findingsKept);
  const shallow = emptiedBeyond(text, MAX_NESTING_DEPTH, findings) ?? text;
  // A frame per open container: its value, undefined when what is in it is not kept.
  const stack: { value: Record<string, unknown> | unknown[] | undefined; members: number; key?: string }[] = [];
  let rootValue: unknown;
  const attach = (value: unknown): void => {
    const top = stack[stack.length - 1];
    if (!top) {
      rootValue ??= value;
      return;
    }
    const key = top.key;
    top.key = undefined;
    if (!top.value || top.members >= maxOutlineMembers) return;
    if (Array.isArray(top.value)) top.value.push(value);
    else if (key !== undefined) assignProperty(top.value, key, value);
    else return;
    top.members++;
  };
  const open = (value: Record<string, unknown> | unknown[]): void => {
    const kept = stack.length < outlineDepth && (stack.length === 0 || stack[stack.length - 1].value !== undefined);
    attach(value);
    stack.push({ value: kept ? value : undefined, members: 0 });
  };
  visitSyntax(shallow, findings, {
    onObjectBegin: () => open({}),
    onArrayBegin: () => open([]),
    onObjectProperty: (name) => {
      const top = stack[stack.length - 1];
      if (top) top.key = name;
    },
    onObjectEnd: () => void stack.pop(),
    onArrayEnd: () => void stack.pop(),
    onLiteralValue: (value) => attach(value),
  });
  return {
    text,
    lines,
    root: undefined,
    value: rootValue,
    findings: findings.kept,
    findingsNotKept: findings.notKept,
    values: 0,
  };
}

/** How deep and how wide the value of a text checked only for its syntax is kept. */
const outlineDepth = 2;
const maxOutlineMembers = 10_000;

/**
 * jsonc-parser's visit of a text nested no deeper than MAX_NESTING_DEPTH, reporting its comments,
 * trailing commas and syntax errors; `visitor` is told of the values.
 */
function visitSyntax(text: string, findings: SyntaxFindings, visitor: ValueVisitor): void {
  let lastTokenWasComma = false;
  let lastCommaOffset = -1;
  const noteTrailingComma = (): void => {
    if (lastTokenWasComma) findings.add('trailing-comma', lastCommaOffset, 1, ',');
    lastTokenWasComma = false;
  };
  visit(
    text,
    {
      onObjectBegin: (offset) => {
        lastTokenWasComma = false;
        visitor.onObjectBegin(offset);
      },
      onObjectProperty: (name, offset, length) => {
        lastTokenWasComma = false;
        visitor.onObjectProperty(name, offset, length);
      },
      onObjectEnd: (offset, length) => {
        noteTrailingComma();
        visitor.onObjectEnd(offset, length);
      },
      onArrayBegin: (offset) => {
        lastTokenWasComma = false;
        visitor.onArrayBegin(offset);
      },
      onArrayEnd: (offset, length) => {
        noteTrailingComma();
        visitor.onArrayEnd(offset, length);
      },
      onLiteralValue: (value, offset, length) => {
        lastTokenWasComma = false;
        visitor.onLiteralValue(value, offset, length);
      },
      onSeparator: (character, offset) => {
        lastTokenWasComma = character === ',';
        if (lastTokenWasComma) lastCommaOffset = offset;
        visitor.onSeparator?.(character, offset);
      },
      onComment: (offset, length) => findings.add('comment', offset, length, ''),
      onError: (error: ParseErrorCode, offset, length) => {
        findings.add('syntax', offset, length, printParseErrorCode(error));
        lastTokenWasComma = false;
      },
    },
    { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false },
  );
}

/** What a visit of the values is told (visitSyntax tells the findings apart). */
interface ValueVisitor {
  onObjectBegin(offset: number): void;
  onObjectProperty(name: string, offset: number, length: number): void;
  onObjectEnd(offset: number, length: number): void;
  onArrayBegin(offset: number): void;
  onArrayEnd(offset: number, length: number): void;
  onLiteralValue(value: unknown, offset: number, length: number): void;
  onSeparator?(character: string, offset: number): void;
}

/**
 * The jsonc-parser path: any text nested no deeper than MAX_NESTING_DEPTH, with comments, trailing commas and syntax
 * errors reported.
 */
export function parseTolerantly(text: string, lines: LineIndex, findingsKept = defaultFindingsKept): ParsedDocument {
  const parsed = buildTolerantly(text, lines, new SyntaxFindings(findingsKept), Infinity);
  if (parsed === 'too-many-values') throw new Error('unreachable: no limit on values');
  return parsed;
}

/** Thrown from the visit of a text that holds more values than its tree may. */
const tooManyValues = new Error('too many values');

function buildTolerantly(
  text: string,
  lines: LineIndex,
  findings: SyntaxFindings,
  maxValues: number,
  keyOffsets?: number[],
): ParsedDocument | 'too-many-values' {
  const stack: { node: JsonNode; value: unknown }[] = [];
  let root: JsonNode | undefined;
  let rootValue: unknown;
  let values = 0;

  const closeProperty = (end: number): void => {
    const top = stack[stack.length - 1];
    if (top && isProperty(top.node)) {
      top.node.endsAt(end);
      stack.pop();
    }
  };

  try {
    build();
  } catch (error) {
    if (error === tooManyValues) return 'too-many-values';
    throw error;
  }

  // Containers left open by truncated text end where the text ends.
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (isProperty(frame.node)) frame.node.endsAt(text.length);
    else frame.node.length = text.length - frame.node.offset;
  }

  return { text, lines, root, value: rootValue, findings: findings.kept, findingsNotKept: findings.notKept, values };

  function build(): void {
    visitSyntax(text, findings, {
      onObjectBegin: (offset) => {
        const node = new ContainerNode('object', offset, -1, undefined, []);
        const value: Record<string, unknown> = {};
        attachContainer(node, value);
      },
      onObjectProperty: (name, offset, length) => {
        keyOffsets?.push(offset);
        const top = stack[stack.length - 1];
        const property = new PropertyNode(offset, top.node, name, length);
        (top.node as ContainerNode).children.push(property);
        stack.push({ node: property, value: undefined });
      },
      onObjectEnd: (offset, length) => {
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
      },
      onArrayEnd: (offset, length) => {
        const frame = stack.pop();
        if (!frame) return;
        frame.node.length = offset + length - frame.node.offset;
        closeProperty(offset + length);
      },
      onLiteralValue: (value, offset, length) => {
        const node = new LeafNode(leafTypeOf(value), value, offset, length, undefined);
        attachValue(node, value);
        closeProperty(offset + length);
      },
      onSeparator: (character, offset) => {
        if (character === ':') {
          const top = stack[stack.length - 1];
          if (top && isProperty(top.node)) top.node.colonOffset = offset;
        } else if (character === ',') {
          closeProperty(offset); // `"a": ,` leaves a property without a value
        }
      },
    });
  }

  function attachContainer(node: JsonNode, value: unknown): void {
    attachValue(node, value);
    stack.push({ node, value });
  }

  function attachValue(node: JsonNode, value: unknown): void {
    if (++values > maxValues) throw tooManyValues;
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

/**
 * Every occurrence of a key given more than once in an object, as VS Code's JSON validation marks them: JSON.parse
 * keeps the last one (`kept`) and ignores the others.
 */
function reportDuplicateKeys(object: JsonNode, findings: SyntaxFindings): void {
  const properties = object.children!;
  if (properties.length < 2) return;
  const lastIndexOf = new Map<string, number>();
  const count = new Map<string, number>();
  properties.forEach((property, index) => {
    const key = keyOf(property);
    lastIndexOf.set(key, index);
    count.set(key, (count.get(key) ?? 0) + 1);
  });
  if (lastIndexOf.size === properties.length) return;
  properties.forEach((property, index) => {
    const { key, offset, keyLength } = property as PropertyNode;
    if (count.get(key)! > 1)
      findings.add('duplicate-key', offset, keyLength, key, lastIndexOf.get(key) === index ? true : undefined);
  });
}

/**
 * The text with every container that opens past `limit` levels of nesting emptied (its brackets kept,
 * everything between them blank but its line breaks, so that every offset and line stays where it
 * was), each of them a too-deep finding; undefined when nothing nests that deep. Strings are skipped,
 * and an unclosed container is emptied to the end of the text.
 */
function emptiedBeyond(text: string, limit: number, findings: SyntaxFindings): string | undefined {
  const parts: string[] = [];
  let emptied = 0;
  let kept = 0;
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
      if (++depth === limit + 1) {
        findings.add('too-deep', i, 1, String(limit));
        emptied++;
        parts.push(text.slice(kept, i + 1));
        kept = i + 1;
      }
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) {
      if (depth-- === limit + 1) {
        parts.push(blank(text.slice(kept, i)));
        kept = i;
      }
    }
  }
  if (emptied === 0) return undefined;
  parts.push(depth > limit ? blank(text.slice(kept)) : text.slice(kept));
  return parts.join('');
}

/** Spaces for every character but line breaks. */
function blank(text: string): string {
  return text.replace(/[^\r\n]/g, ' ');
}
