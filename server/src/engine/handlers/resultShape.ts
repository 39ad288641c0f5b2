import type { AnyNode, ObjectExpression } from 'acorn';
import { mcpResultDefinitions, mcpSchemaVersion } from '../shape/generated/mcpResult';
import { literalValue, type LiteralValue } from './literalValue';

/**
 * A handler's returned MCP content envelope judged by MCP's own schema (CallToolResult and what it refers to,
 * generated from docs/reference/mcp-schema-*.json by scripts/generate-mcp-result-schema.mjs): what the code
 * writes out is judged, what it computes is not. The schema is read keyword by keyword with three outcomes per
 * value — valid, invalid, or not known until run time — and only what is invalid whatever the run time brings is
 * a problem.
 */

/** The part of JSON Schema MCP's result schema uses (the generator fails on any other keyword). */
interface McpSchema {
  readonly $ref?: string;
  readonly type?: JsonType;
  readonly properties?: Readonly<Record<string, McpSchema>>;
  readonly required?: readonly string[];
  readonly items?: McpSchema;
  readonly anyOf?: readonly McpSchema[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly format?: 'byte' | 'uri';
  readonly minimum?: number;
  readonly maximum?: number;
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';

const definitions: Readonly<Record<string, McpSchema>> = mcpResultDefinitions;

/**
 * CallToolResult as a handler's envelope is judged by it. `resultType` is not required: MCP requires it of a
 * server, and Filer, the server here, sets it; the reference's own envelope has none.
 */
const envelopeSchema: McpSchema = {
  ...definitions.CallToolResult,
  required: definitions.CallToolResult.required?.filter((name) => name !== 'resultType'),
};

/** The content block types MCP defines (the `type` each kind of block holds), in its schema's order. */
export const knownBlockTypes: readonly string[] = blockSchemas().map(([type]) => type);

/** Where in the returned object a problem is: field names and item indexes from its top. */
type ResultPath = readonly (string | number)[];

/** Why a returned envelope is not one MCP accepts. `block`: the type of the content block it is in, if known. */
export type EnvelopeProblem = { path: ResultPath; block?: string } & (
  | { kind: 'wrong-type'; expected: JsonType; actual: string }
  | { kind: 'missing-field'; field: string; writtenUndefined: boolean }
  | { kind: 'missing-one-of'; fields: readonly string[] }
  | { kind: 'no-type' }
  /** `written`: the type as the code writes it (a string, or `5`, `null`), `isString` whether it is one. */
  | { kind: 'unknown-type'; written: string; isString: boolean }
  | { kind: 'not-allowed'; value: string | number; allowed: readonly string[] }
  | { kind: 'out-of-range'; value: number; minimum?: number; maximum?: number }
  | { kind: 'not-base64'; dataUrl: boolean }
  | { kind: 'not-a-uri' }
);

/** The version of MCP's schema the envelopes are judged by. */
export const envelopeSchemaVersion = mcpSchemaVersion;

/**
 * The problems of an object literal a handler returns, if it is an MCP content envelope, each with the node to
 * point at. An envelope is an object with `content`: one whose `content` is an array literal is judged whatever
 * else it holds; one whose `content` is written out as something else only when it holds nothing but
 * CallToolResult's fields (`{ path, content: text }` is a plain result, wrapped as text as its author means).
 */
export function envelopeProblems(object: ObjectExpression): { problem: EnvelopeProblem; at: AnyNode }[] {
  const value = literalValue(object);
  if (value.kind !== 'object' || value.open) return [];
  const content = value.fields.get('content');
  if (!content) return [];
  const envelopeFields = Object.keys(envelopeSchema.properties ?? {});
  if (content.kind !== 'array' && [...value.fields.keys()].some((name) => !envelopeFields.includes(name))) return [];
  const problems: { problem: EnvelopeProblem; at: AnyNode }[] = [];
  judge(envelopeSchema, value, [], undefined, problems);
  return problems;
}

type Found = { problem: EnvelopeProblem; at: AnyNode }[];

/** Adds to `found` what makes `value` invalid by `schema` whatever the run time brings. */
function judge(
  schema: McpSchema,
  value: LiteralValue,
  path: ResultPath,
  block: string | undefined,
  found: Found,
): void {
  if (value.kind === 'unknown') return;
  if (schema.$ref !== undefined) return judge(definitions[schema.$ref], value, path, block, found);
  if (schema.anyOf) return judgeAlternatives(schema.anyOf, value, path, block, found);
  const at = value.node;
  const report = (problem: EnvelopeProblem, node: AnyNode = at): void => void found.push({ problem, at: node });
  const where = { path, ...(block !== undefined ? { block } : {}) };
  if (schema.type !== undefined && !hasType(value, schema.type))
    return report({ ...where, kind: 'wrong-type', expected: schema.type, actual: typeWords(value) });
  const allowed = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (allowed && (value.kind === 'string' || value.kind === 'number') && value.value !== undefined) {
    if (!allowed.includes(value.value))
      report({ ...where, kind: 'not-allowed', value: value.value, allowed: allowed.map(String) });
  }
  if (value.kind === 'number' && value.value !== undefined) {
    const { minimum, maximum } = schema;
    if ((minimum !== undefined && value.value < minimum) || (maximum !== undefined && value.value > maximum))
      report({ ...where, kind: 'out-of-range', value: value.value, minimum, maximum });
  }
  if (value.kind === 'string' && value.value !== undefined && schema.format !== undefined) {
    if (schema.format === 'byte' && !isBase64(value.value))
      report({ ...where, kind: 'not-base64', dataUrl: /^data:[^,]*,/i.test(value.value) });
    if (schema.format === 'uri' && !isUri(value.value)) report({ ...where, kind: 'not-a-uri' });
  }
  if (value.kind === 'array' && schema.items) {
    value.items.forEach((item, index) => {
      // The items of `content` are the blocks: their type names them in messages.
      const itemBlock = path.length === 1 && path[0] === 'content' ? blockType(item) : block;
      judge(schema.items!, item, [...path, index], itemBlock, found);
    });
  }
  if (value.kind === 'object') {
    // A spread or a computed key may bring a field: nothing in the object is judged but that it is one.
    if (value.open) return;
    for (const field of schema.required ?? []) {
      const given = value.fields.get(field);
      if (!given || given.kind === 'absent')
        report(
          { ...where, kind: 'missing-field', field, writtenUndefined: given !== undefined },
          given?.node ?? typeNodeOf(value) ?? at,
        );
    }
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const given = value.fields.get(name);
      if (given && given.kind !== 'absent') judge(property, given, [...path, name], block, found);
    }
  }
}

/**
 * anyOf: valid when one alternative may be. Content blocks are told apart by their `type` (each alternative's
 * `type` const): a block is judged by the one its type names; a block whose type is computed is not judged. Other
 * alternatives (a resource's text or blob contents) are judged by the one that fits best: the fewest problems,
 * else the one whose own fields the value writes; two that lack only their own fields are one problem.
 */
function judgeAlternatives(
  alternatives: readonly McpSchema[],
  value: LiteralValue,
  path: ResultPath,
  block: string | undefined,
  found: Found,
): void {
  const resolved = alternatives.map(resolve);
  const discriminated = resolved.every((alternative) => typeof alternative.properties?.type?.const === 'string');
  const where = { path, ...(block !== undefined ? { block } : {}) };
  if (discriminated && value.kind === 'object' && !value.open) {
    const type = value.fields.get('type');
    if (!type || type.kind === 'absent') {
      found.push({ problem: { ...where, kind: 'no-type' }, at: value.node });
      return;
    }
    if (type.kind === 'unknown' || (type.kind === 'string' && type.value === undefined)) return;
    const named = resolved.find((alternative) => alternative.properties?.type?.const === blockType(value));
    if (named) return judge(named, value, path, block, found);
    const isString = type.kind === 'string';
    found.push({ problem: { ...where, kind: 'unknown-type', written: shownValue(type), isString }, at: type.node });
    return;
  }
  const outcomes = resolved.map((alternative) => {
    const problems: Found = [];
    judge(alternative, value, path, block, problems);
    return { alternative, problems };
  });
  if (outcomes.some(({ problems }) => problems.length === 0)) return;
  const fewest = Math.min(...outcomes.map(({ problems }) => problems.length));
  const best = outcomes.filter(({ problems }) => problems.length === fewest);
  const writesOwnFields = best.filter(({ alternative }) =>
    Object.keys(alternative.properties ?? {}).some(
      (name) =>
        value.kind === 'object' &&
        value.fields.has(name) &&
        best.every((other) => other.alternative === alternative || !other.alternative.properties?.[name]),
    ),
  );
  if (writesOwnFields.length === 1) {
    found.push(...writesOwnFields[0].problems);
    return;
  }
  const missing = best.map(({ problems }) =>
    problems.flatMap(({ problem }) => (problem.kind === 'missing-field' ? [problem.field] : [])),
  );
  const onlyMissing = best.every(({ problems }, index) => problems.length === missing[index].length);
  if (best.length === 1 || !onlyMissing) {
    found.push(...best[0].problems);
    return;
  }
  // Fields every alternative needs are missing fields; the ones that tell the alternatives apart, one problem.
  const inEvery = missing[0].filter((field) => missing.every((fields) => fields.includes(field)));
  found.push(
    ...best[0].problems.filter(({ problem }) => problem.kind === 'missing-field' && inEvery.includes(problem.field)),
  );
  const oneOf = [...new Set(missing.flat())].filter((field) => !inEvery.includes(field));
  if (oneOf.length > 0) found.push({ problem: { ...where, kind: 'missing-one-of', fields: oneOf }, at: value.node });
}

function resolve(schema: McpSchema): McpSchema {
  return schema.$ref !== undefined ? resolve(definitions[schema.$ref]) : schema;
}

/** The content block types, from ContentBlock's alternatives. */
function blockSchemas(): [string, McpSchema][] {
  const content = resolve(envelopeSchema.properties!.content.items!);
  return (content.anyOf ?? []).map((alternative) => {
    const schema = resolve(alternative);
    return [String(schema.properties?.type?.const), schema];
  });
}

/** A block's `type` when it is written out as a string. */
function blockType(value: LiteralValue): string | undefined {
  if (value.kind !== 'object') return undefined;
  const type = value.fields.get('type');
  return type?.kind === 'string' ? type.value : undefined;
}

function typeNodeOf(value: LiteralValue & { kind: 'object' }): AnyNode | undefined {
  return value.fields.get('type')?.node;
}

function hasType(value: LiteralValue, type: JsonType): boolean {
  switch (type) {
    case 'integer':
      return value.kind === 'number' && (value.value === undefined || Number.isInteger(value.value));
    default:
      return value.kind === type;
  }
}

/** What a value is, as a message says it: `a number`, `undefined`. */
function typeWords(value: LiteralValue): string {
  switch (value.kind) {
    case 'absent':
      return 'undefined';
    case 'null':
      return 'null';
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
    case 'number':
      return value.value !== undefined && !Number.isInteger(value.value) ? 'a fractional number' : 'a number';
    default:
      return `a ${value.kind}`;
  }
}

function shownValue(value: LiteralValue): string {
  if ((value.kind === 'string' || value.kind === 'number') && value.value !== undefined) return String(value.value);
  return typeWords(value);
}

/** Base64 as MCP's `byte` format means it (RFC 4648's alphabet, padded): `data:` URLs and spaces are not. */
function isBase64(text: string): boolean {
  return /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text);
}

/** An absolute URI as RFC 3986 writes one: a scheme, a colon, then no spaces, quotes or angle brackets. */
function isUri(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:[^\s"<>\\^`{|}]*$/.test(text);
}
