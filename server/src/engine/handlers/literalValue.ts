import type { AnyNode } from 'acorn';

/**
 * What a JavaScript expression is known to become once JSON.stringify'd, from its syntax alone: a value written
 * out as a literal, the type of one that is computed (a template with expressions is a string), or nothing known.
 * Each part keeps its node, so that a finding can point at it.
 */
export type LiteralValue =
  | { kind: 'unknown'; node: AnyNode }
  /** `undefined` or a function: JSON leaves the field out. */
  | { kind: 'absent'; node: AnyNode }
  | { kind: 'string'; value: string | undefined; node: AnyNode }
  | { kind: 'number'; value: number | undefined; node: AnyNode }
  | { kind: 'boolean'; node: AnyNode }
  | { kind: 'null'; node: AnyNode }
  /** `open`: a spread or a computed key may bring or replace any field. */
  | { kind: 'object'; fields: ReadonlyMap<string, LiteralValue>; open: boolean; node: AnyNode }
  /** `open`: a spread may add items; the ones written out are there all the same. */
  | { kind: 'array'; items: readonly LiteralValue[]; open: boolean; node: AnyNode };

/** Operators whose result is a boolean, whatever their operands. */
const booleanOperators = new Set(['==', '!=', '===', '!==', '<', '<=', '>', '>=', 'instanceof', 'in']);

/**
 * The value an expression is known to be. Linear in the expression's size: each node is looked at once.
 */
export function literalValue(node: AnyNode): LiteralValue {
  switch (node.type) {
    case 'Literal':
      if (typeof node.value === 'string') return { kind: 'string', value: node.value, node };
      if (typeof node.value === 'number') return { kind: 'number', value: node.value, node };
      if (typeof node.value === 'boolean') return { kind: 'boolean', node };
      if (node.value === null && !('regex' in node && node.regex)) return { kind: 'null', node };
      return { kind: 'unknown', node };
    case 'TemplateLiteral':
      return {
        kind: 'string',
        value: node.expressions.length === 0 ? (node.quasis[0].value.cooked ?? undefined) : undefined,
        node,
      };
    case 'Identifier':
      return node.name === 'undefined' ? { kind: 'absent', node } : { kind: 'unknown', node };
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return { kind: 'absent', node };
    case 'UnaryExpression':
      if (node.operator === '!') return { kind: 'boolean', node };
      if (node.operator === 'typeof') return { kind: 'string', value: undefined, node };
      if (node.operator === 'void') return { kind: 'absent', node };
      if (node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number')
        return { kind: 'number', value: -node.argument.value, node };
      return { kind: 'unknown', node };
    case 'BinaryExpression':
      return booleanOperators.has(node.operator) ? { kind: 'boolean', node } : { kind: 'unknown', node };
    case 'ObjectExpression': {
      const fields = new Map<string, LiteralValue>();
      let open = false;
      for (const property of node.properties) {
        if (property.type === 'SpreadElement' || property.computed || property.kind !== 'init') {
          open = true;
          continue;
        }
        const key = property.key;
        const name = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? String(key.value) : undefined;
        if (name === undefined) open = true;
        // The last of a repeated name is the one there at run time.
        else fields.set(name, literalValue(property.value));
      }
      return { kind: 'object', fields, open, node };
    }
    case 'ArrayExpression': {
      const items: LiteralValue[] = [];
      let open = false;
      for (const element of node.elements) {
        if (!element || element.type === 'SpreadElement') open = true;
        else items.push(literalValue(element));
      }
      return { kind: 'array', items, open, node };
    }
    default:
      return { kind: 'unknown', node };
  }
}
