import type { AnyNode, ObjectExpression } from 'acorn';

/**
 * The MCP content blocks and the fields each must have to be well-formed (MCP's TextContent,
 * ImageContent, AudioContent, EmbeddedResource and ResourceLink). The reference names text and image
 * blocks; a block of any of these types is forwarded when its fields are there.
 */
const blockFields: ReadonlyMap<string, readonly string[]> = new Map([
  ['text', ['text']],
  ['image', ['data', 'mimeType']],
  ['audio', ['data', 'mimeType']],
  ['resource', ['resource']],
  ['resource_link', ['uri', 'name']],
]);

/** The fields that hold a string in a well-formed block. */
const stringFields = new Set(['text', 'data', 'mimeType', 'uri', 'name']);

/** Why one block of a returned envelope is not well-formed. */
export type EnvelopeProblem =
  | { kind: 'not-an-object' }
  | { kind: 'no-type' }
  | { kind: 'unknown-type'; type: string }
  | { kind: 'missing-field'; type: string; field: string }
  | { kind: 'not-a-string'; type: string; field: string };

export const knownBlockTypes: readonly string[] = [...blockFields.keys()];

/**
 * The malformed blocks of an object literal shaped like an MCP content envelope (`{ content: [...] }`),
 * each with the node to point at. Only what the literal itself shows: an object with a spread (which
 * may bring any field), a `content` that is not an array literal, a block that is not written out or
 * whose `type` is computed are not judged.
 */
export function envelopeProblems(object: ObjectExpression): { problem: EnvelopeProblem; at: AnyNode }[] {
  if (object.properties.some((property) => property.type === 'SpreadElement')) return [];
  const content = fieldValue(object, 'content');
  if (content?.type !== 'ArrayExpression') return [];
  const problems: { problem: EnvelopeProblem; at: AnyNode }[] = [];
  for (const block of content.elements) {
    if (!block || block.type === 'SpreadElement') continue;
    if (isNotAnObject(block)) {
      problems.push({ problem: { kind: 'not-an-object' }, at: block });
      continue;
    }
    if (block.type !== 'ObjectExpression' || block.properties.some((property) => property.type === 'SpreadElement'))
      continue;
    const typeNode = fieldValue(block, 'type');
    if (!typeNode) {
      problems.push({ problem: { kind: 'no-type' }, at: block });
      continue;
    }
    const type = literalString(typeNode);
    if (type === undefined) continue;
    const fields = blockFields.get(type);
    if (!fields) {
      problems.push({ problem: { kind: 'unknown-type', type }, at: typeNode });
      continue;
    }
    for (const field of fields) {
      const value = fieldValue(block, field);
      if (!value) problems.push({ problem: { kind: 'missing-field', type, field }, at: typeNode });
      else if (stringFields.has(field) && isNotAString(value))
        problems.push({ problem: { kind: 'not-a-string', type, field }, at: value });
    }
  }
  return problems;
}

/** The value of a field an object literal writes out by name (the last, as at run time). */
function fieldValue(object: ObjectExpression, name: string): AnyNode | undefined {
  let value: AnyNode | undefined;
  for (const property of object.properties) {
    if (property.type !== 'Property') continue;
    const key = property.key;
    const keyName =
      !property.computed && key.type === 'Identifier'
        ? key.name
        : key.type === 'Literal'
          ? String(key.value)
          : undefined;
    if (keyName === name) value = property.value;
  }
  return value;
}

function literalString(node: AnyNode): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked ?? undefined;
  return undefined;
}

/** A value that is plainly not a string: a number, boolean, null or regex literal, an object, array or function. */
function isNotAString(node: AnyNode): boolean {
  if (node.type === 'Literal') return typeof node.value !== 'string';
  return ['ObjectExpression', 'ArrayExpression', 'FunctionExpression', 'ArrowFunctionExpression'].includes(node.type);
}

/** A block that is plainly not an object: a literal or a template. */
function isNotAnObject(node: AnyNode): boolean {
  return node.type === 'Literal' || node.type === 'TemplateLiteral' || node.type === 'ArrayExpression';
}
