// The schema and the rule registry meet at build time: every keyword of schemas/manifest.schema.json
// that can fail must lead to a registered rule code (its `x-code`, or the generic `<area>.required`,
// `<area>.wrong-type`, `<area>.unknown-key`), and every `x-code` must name a registered code. Run by
// scripts/build.mjs after the type-check (it reads the registry from out/); exits 1 naming each problem.
// The walk mirrors server/src/engine/shape/shapeFindings.ts: a finding's code is the `x-code` of the
// schema node holding the failing keyword, else `<area of the instance path>.<generic rule or "shape">`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Keywords that fail with an error of their own (the others only hold subschemas or annotations). */
const failingKeywords = [
  'type',
  'required',
  'additionalProperties',
  'enum',
  'const',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'contains',
  'anyOf',
  'oneOf',
  'not',
  'dependencies',
  'additionalItems',
];
/** @type {Record<string, string>} */
const genericRules = { type: 'wrong-type', required: 'required', additionalProperties: 'unknown-key' };
const areas = ['manifest', 'tools', 'actions', 'settings', 'hooks', 'commands', 'views', 'permissions'];

/**
 * A schema as this walk reads it: the keywords that hold subschemas or codes, and any other.
 * @typedef {{
 *   'x-code'?: string | Record<string, string>, 'x-code-required'?: string, $ref?: string,
 *   properties?: Record<string, Schema>, patternProperties?: Record<string, Schema>,
 *   dependencies?: Record<string, Schema | string[]>, additionalProperties?: Schema,
 *   items?: Schema | Schema[], additionalItems?: Schema, contains?: Schema, propertyNames?: Schema,
 *   anyOf?: Schema[], oneOf?: Schema[], allOf?: Schema[], not?: Schema, if?: Schema, then?: Schema, else?: Schema,
 *   [keyword: string]: unknown,
 * }} SchemaNode
 * @typedef {SchemaNode | boolean | undefined} Schema
 */

/** @param {(string | number)[]} path */
function areaOf(path) {
  if (path[0] === 'permissions') return 'permissions';
  if (path[0] === 'contributes' && typeof path[1] === 'string' && areas.includes(path[1])) return path[1];
  return 'manifest';
}

/** @param {SchemaNode} node @param {string} keyword */
function codeOn(node, keyword) {
  if (keyword === 'required') return node['x-code-required'];
  const annotation = node['x-code'];
  if (typeof annotation === 'string') return keyword === 'additionalProperties' ? undefined : annotation;
  return annotation?.[keyword];
}

/** @param {SchemaNode} schema @param {string} ref @returns {Schema} */
function resolve(schema, ref) {
  if (!ref.startsWith('#/')) throw new Error(`schema: only local $refs are followed, not ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .reduce(
      (/** @type {Schema} */ node, segment) =>
        typeof node === 'object'
          ? /** @type {Schema} */ (node[segment.replace(/~1/g, '/').replace(/~0/g, '~')])
          : undefined,
      schema,
    );
}

/**
 * Every problem between a schema and the registered codes, as "`<schema pointer>`: …" lines; none when
 * they agree. `registered` is the set of every registered rule code.
 * @param {SchemaNode} schema
 * @param {ReadonlySet<string>} registered
 * @returns {string[]}
 */
export function schemaCodeProblems(schema, registered) {
  /** @type {Set<string>} */
  const problems = new Set();
  /** @type {Set<string>} */
  const seen = new Set();
  /** @type {(node: Schema, pointer: string, path: (string | number)[]) => void} */
  const visit = (node, pointer, path) => {
    if (node === false) {
      const code = `${areaOf(path)}.shape`;
      if (!registered.has(code)) problems.add(`${pointer}: a false schema fails as ${code}, which no rule registers`);
      return;
    }
    if (!node || typeof node !== 'object') return;
    // An area is all a finding's code depends on: each node is walked once per area.
    const key = `${pointer}|${areaOf(path)}`;
    if (seen.has(key)) return;
    seen.add(key);
    const named = [
      node['x-code-required'],
      ...(typeof node['x-code'] === 'string' ? [node['x-code']] : Object.values(node['x-code'] ?? {})),
    ];
    for (const code of named) {
      if (code !== undefined && !registered.has(code))
        problems.add(`${pointer}: x-code names ${JSON.stringify(code)}, which no rule registers`);
    }
    for (const keyword of failingKeywords) {
      if (!(keyword in node)) continue;
      // additionalProperties holding a schema fails through that schema, not by itself.
      if (keyword === 'additionalProperties' && node.additionalProperties !== false) continue;
      // A code the node names is checked above, once.
      if (codeOn(node, keyword) !== undefined) continue;
      const code = `${areaOf(path)}.${genericRules[keyword] ?? 'shape'}`;
      if (!registered.has(code))
        problems.add(
          `${pointer}: "${keyword}" fails as ${code}, which no rule registers (give it an x-code, or register the rule)`,
        );
    }
    const at = (/** @type {string} */ suffix) => `${pointer}/${suffix}`;
    for (const [name, child] of Object.entries(node.properties ?? {}))
      visit(child, at(`properties/${name}`), [...path, name]);
    for (const [pattern, child] of Object.entries(node.patternProperties ?? {}))
      visit(child, at(`patternProperties/${pattern}`), [...path, '*']);
    if (typeof node.additionalProperties === 'object')
      visit(node.additionalProperties, at('additionalProperties'), [...path, '*']);
    if (Array.isArray(node.items))
      node.items.forEach((child, index) => visit(child, at(`items/${index}`), [...path, index]));
    else if (node.items !== undefined) visit(node.items, at('items'), [...path, 0]);
    if (typeof node.additionalItems === 'object') visit(node.additionalItems, at('additionalItems'), [...path, 0]);
    if (node.contains !== undefined) visit(node.contains, at('contains'), [...path, 0]);
    if (node.propertyNames !== undefined) visit(node.propertyNames, at('propertyNames'), path);
    for (const keyword of /** @type {const} */ (['anyOf', 'oneOf', 'allOf'])) {
      (node[keyword] ?? []).forEach((child, index) => visit(child, at(`${keyword}/${index}`), path));
    }
    for (const keyword of /** @type {const} */ (['not', 'if', 'then', 'else']))
      if (node[keyword] !== undefined) visit(node[keyword], at(keyword), path);
    for (const [name, dependency] of Object.entries(node.dependencies ?? {}))
      if (!Array.isArray(dependency)) visit(dependency, at(`dependencies/${name}`), path);
    if (typeof node.$ref === 'string') visit(resolve(schema, node.$ref), node.$ref, path);
  };
  visit(schema, '#', []);
  return [...problems];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  // Another schema file may be named (the tests check one with a keyword no rule registers).
  const schemaFile = process.argv[2] ?? join(root, 'schemas/manifest.schema.json');
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
  const { allRules } = createRequire(import.meta.url)(join(root, 'out/server/src/engine/index.js'));
  const problems = schemaCodeProblems(
    schema,
    new Set(allRules.map((/** @type {{ code: string }} */ rule) => rule.code)),
  );
  if (problems.length > 0) {
    console.error(
      `${schemaFile} and the rule registry disagree:\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
    process.exit(1);
  }
}
