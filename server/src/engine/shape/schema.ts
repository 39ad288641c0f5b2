import manifestSchema from '../../../../schemas/manifest.schema.json';
import type { JsonPath } from '../model/nodes';
import { own } from '../own';

/** A node of our JSON Schema, with the annotation keywords we read. */
export interface SchemaNode {
  type?: string | string[];
  description?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  enum?: unknown[];
  enumDescriptions?: string[];
  required?: string[];
  default?: unknown;
  $ref?: string;
  if?: SchemaNode;
  then?: SchemaNode;
  'x-code'?: string | Record<string, string>;
  'x-code-required'?: string;
  [keyword: string]: unknown;
}

const schema = manifestSchema as unknown as SchemaNode;

/** Follows `$ref`s within our schema (only local `#/definitions/...` references are used). */
export function resolveRef(node: SchemaNode | undefined): SchemaNode | undefined {
  let current = node;
  for (let hops = 0; current?.$ref && hops < 16; hops++) {
    const target = schemaAtPointer(current.$ref);
    // A `$ref` beside annotations (description, x-code): the annotations of the referring node win.
    current = target ? { ...target, ...current, $ref: undefined } : undefined;
  }
  return current;
}

/** The schema node a JSON pointer such as `#/definitions/tool/properties/id` names. */
function schemaAtPointer(pointer: string): SchemaNode | undefined {
  const segments = pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter((s) => s.length > 0);
  let node: unknown = schema;
  for (const raw of segments) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node as SchemaNode | undefined;
}

/**
 * The schema that describes the value at an instance path (["contributes", "tools", 0, "id"]),
 * for completion and hover. Undefined where the schema says nothing.
 */
export function schemaForPath(path: JsonPath): SchemaNode | undefined {
  let node = resolveRef(schema);
  for (const segment of path) {
    if (!node) return undefined;
    if (typeof segment === 'number') {
      node = resolveRef(node.items);
    } else {
      const viaIf = own(node.then?.properties, segment);
      const property = own(node.properties, segment) ?? viaIf;
      node = resolveRef(
        property ?? (typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined),
      );
    }
  }
  return node;
}

/** The values of an enum the schema declares: the one list the rules' messages and completion's snippets read. */
function enumValues(node: SchemaNode | undefined): string[] {
  return ((node?.enum ?? []) as unknown[]).map(String);
}

/** An action's scope values: "single-file", "multi-file", "folder". */
export const scopeValues = enumValues(schemaAtPointer('#/definitions/scopeValue'));
/** A setting's types: "string", "boolean", "number", "action", "info". */
export const settingTypes = enumValues(schemaForPath(['contributes', 'settings', 'setting', 'type']));
