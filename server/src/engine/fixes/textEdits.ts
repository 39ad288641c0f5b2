import { endOf, type JsonNode } from '../parse/jsonNode';
import type { LineIndex } from '../text/lineIndex';
import type { OffsetEdit } from './fix';

/**
 * The edit helpers every fix builds on: pure, by offsets, keeping the document's indentation and line breaks.
 * They read a document's text through its line index, and learn its line break and indentation unit
 * once: a fix of every tool of a manifest written on one line would otherwise scan the whole text per tool.
 */

/** What the helpers read of a document: its text and that text's line index (a ParsedDocument is one). */
export interface DocumentText {
  readonly text: string;
  readonly lines: LineIndex;
}

/** Each document's line break and indentation unit, found once. */
const layouts = new WeakMap<DocumentText, { eol: string; unit: string }>();

function layoutOf(document: DocumentText): { eol: string; unit: string } {
  let layout = layouts.get(document);
  if (!layout) {
    const { text } = document;
    const index = text.indexOf('\n');
    const match = /\n([ \t]+)\S/.exec(text);
    layout = {
      eol: index > 0 && text[index - 1] === '\r' ? '\r\n' : '\n',
      unit: !match ? '  ' : match[1].startsWith('\t') ? '\t' : match[1],
    };
    layouts.set(document, layout);
  }
  return layout;
}

/** The document's line break: a manifest edited on Windows keeps its CRLF. */
export function eolOf(document: DocumentText): string {
  return layoutOf(document).eol;
}

/** One level of the document's indentation, from its first indented line (two spaces when none is). */
export function indentUnitOf(document: DocumentText): string {
  return layoutOf(document).unit;
}

/** The whitespace that starts the line holding `offset`. */
export function lineIndentAt(document: DocumentText, offset: number): string {
  const { text } = document;
  const lineStart = offset - document.lines.positionAt(offset).character;
  let end = lineStart;
  while (end < offset && (text.charCodeAt(end) === 32 || text.charCodeAt(end) === 9)) end++;
  return text.slice(lineStart, end);
}

/** A JSON value as the document writes it: indented with its unit, continuation lines starting at `indent`. */
export function formatJson(value: unknown, document: DocumentText, indent: string): string {
  return JSON.stringify(value, null, indentUnitOf(document))
    .split('\n')
    .join(eolOf(document) + indent);
}

export function replaceNode(node: { offset: number; length: number }, newText: string): OffsetEdit {
  return { offset: node.offset, length: node.length, newText };
}

/**
 * Adds `"key": value` as the last property of an object, with a comma after the property before it,
 * on its own line at the indentation of its siblings when the object spans several lines.
 * `valueText` is JSON whose continuation lines are indented for the new property's level.
 */
export function insertProperty(
  document: DocumentText,
  object: JsonNode,
  key: string,
  valueOf: (indent: string) => string,
): OffsetEdit {
  return appendMember(document, object, (indent) => `${JSON.stringify(key)}: ${valueOf(indent)}`);
}

/**
 * Adds a last member to an object or an array (a property as insertProperty writes it, or an item), written by
 * `memberOf` for its indentation. The edit touches the container's end alone: its cost does not grow with the
 * container's size, however it is laid out.
 */
export function appendMember(
  document: DocumentText,
  container: JsonNode,
  memberOf: (indent: string) => string,
): OffsetEdit {
  const members = container.children ?? [];
  const eol = eolOf(document);
  const containerIndent = lineIndentAt(document, container.offset);
  if (members.length === 0) {
    const indent = containerIndent + indentUnitOf(document);
    const inner = { offset: container.offset + 1, length: Math.max(0, container.length - 2) };
    return { ...inner, newText: `${eol}${indent}${memberOf(indent)}${eol}${containerIndent}` };
  }
  const last = members[members.length - 1];
  const multiline = document.lines.positionAt(container.offset).line !== document.lines.positionAt(last.offset).line;
  const indent = multiline ? lineIndentAt(document, last.offset) : containerIndent + indentUnitOf(document);
  const lead = multiline ? `,${eol}${indent}` : ', ';
  return { offset: endOf(last), length: 0, newText: `${lead}${memberOf(indent)}` };
}

/** Removes a property (or an array item) with the comma that separates it from its neighbours. */
export function removeMember(text: string, member: JsonNode): OffsetEdit {
  const siblings = member.parent!.children!;
  const index = siblings.indexOf(member);
  const container = member.parent!;
  if (index < siblings.length - 1) {
    return { offset: member.offset, length: siblings[index + 1].offset - member.offset, newText: '' };
  }
  if (index > 0) {
    const previousEnd = endOf(siblings[index - 1]);
    return { offset: previousEnd, length: endOf(member) - previousEnd, newText: '' };
  }
  // The only member: the container becomes empty.
  const innerStart = container.offset + 1;
  const closing = text.lastIndexOf(container.type === 'object' ? '}' : ']', endOf(container));
  const innerEnd = closing > innerStart ? closing : endOf(member);
  return { offset: innerStart, length: innerEnd - innerStart, newText: '' };
}

/** Edits that do not overlap, applied to a text from its end, so no offset moves before it is used. */
export function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.offset - a.offset)) {
    result = result.slice(0, edit.offset) + edit.newText + result.slice(edit.offset + edit.length);
  }
  return result;
}
