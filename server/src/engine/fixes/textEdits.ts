import { endOf, type JsonNode } from '../parse/jsonNode';
import type { OffsetEdit } from './fix';

/** The edit helpers every fix builds on: pure, by offsets, keeping the document's indentation and line breaks. */

/** The document's line break: a manifest edited on Windows keeps its CRLF. */
export function eolOf(text: string): string {
  const index = text.indexOf('\n');
  return index > 0 && text[index - 1] === '\r' ? '\r\n' : '\n';
}

/** One level of the document's indentation, from its first indented line (two spaces when none is). */
export function indentUnitOf(text: string): string {
  const match = /\n([ \t]+)\S/.exec(text);
  if (!match) return '  ';
  return match[1].startsWith('\t') ? '\t' : match[1];
}

/** The whitespace that starts the line holding `offset`. */
export function lineIndentAt(text: string, offset: number): string {
  const lineStart = Math.max(text.lastIndexOf('\n', offset - 1), text.lastIndexOf('\r', offset - 1)) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

/** A JSON value as the document writes it: indented with its unit, continuation lines starting at `indent`. */
export function formatJson(value: unknown, text: string, indent: string): string {
  const unit = indentUnitOf(text);
  const eol = eolOf(text);
  return JSON.stringify(value, null, unit).split('\n').join(eol + indent);
}

export function replaceNode(node: { offset: number; length: number }, newText: string): OffsetEdit {
  return { offset: node.offset, length: node.length, newText };
}

/**
 * Adds `"key": value` as the last property of an object, with a comma after the property before it,
 * on its own line at the indentation of its siblings when the object spans several lines.
 * `valueText` is JSON whose continuation lines are indented for the new property's level.
 */
export function insertProperty(text: string, object: JsonNode, key: string, valueOf: (indent: string) => string): OffsetEdit {
  const properties = object.children ?? [];
  const eol = eolOf(text);
  const objectIndent = lineIndentAt(text, object.offset);
  if (properties.length === 0) {
    const indent = objectIndent + indentUnitOf(text);
    const inner = { offset: object.offset + 1, length: Math.max(0, object.length - 2) };
    return { ...inner, newText: `${eol}${indent}${JSON.stringify(key)}: ${valueOf(indent)}${eol}${objectIndent}` };
  }
  const last = properties[properties.length - 1];
  const multiline = /[\r\n]/.test(text.slice(object.offset, last.offset));
  const indent = multiline ? lineIndentAt(text, last.offset) : objectIndent + indentUnitOf(text);
  const at = endOf(last);
  const lead = multiline ? `,${eol}${indent}` : ', ';
  return { offset: at, length: 0, newText: `${lead}${JSON.stringify(key)}: ${valueOf(indent)}` };
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

