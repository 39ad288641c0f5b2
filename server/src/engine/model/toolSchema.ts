import { schemaArguments, type SchemaArguments } from '../handlers/schemaArguments';
import {
  validateDraft04,
  validateDraft06,
  validateDraft07,
  validateDraft2019,
  validateDraft2020,
} from '../shape/generated/jsonSchemaDrafts';
import { formatPath } from './nodes';

/** What the rules need to know about one tool's argument schema file. */
export interface ToolSchemaFacts {
  /** The names of the arguments: the properties of the schema's root, in its order. */
  argumentNames: string[];
  /** Properties carrying "format": "file-path" or "directory-path" (or arrays whose items do). */
  pathProperties: string[];
  /** Array properties whose items carry a path format: what a "batch" action passes every path in. */
  pathArrayProperties: string[];
  /** Properties whose name says they hold a path but that carry no path format. */
  unformattedPathLikeProperties: string[];
  /** The top-level arguments, when `properties` alone tells them: what a tool handler may read of its args. */
  arguments: SchemaArguments | undefined;
}

/** The JSON Schema drafts a tool schema is checked against. */
export type SchemaDraft = 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12';

/**
 * The draft a schema was checked against; `unknownDraft` is its `$schema` when no known draft matched (then draft-07).
 */
interface CheckedDraft {
  draft: SchemaDraft;
  unknownDraft?: string;
}

/** Where the walk stopped following `$ref`s: a chain longer than maxRefChain, from this property ('' for the root). */
interface CutRefChain {
  property: string;
  limit: number;
}

export type ToolSchemaResult =
  | ({ kind: 'ok'; facts: ToolSchemaFacts; cutRefChain?: CutRefChain } & CheckedDraft)
  | { kind: 'not-json'; reason: string }
  | ({ kind: 'invalid'; reason: string } & CheckedDraft);

type MetaValidator = ((value: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };

const validators: Record<SchemaDraft, MetaValidator> = {
  'draft-04': validateDraft04,
  'draft-06': validateDraft06,
  'draft-07': validateDraft07,
  '2019-09': validateDraft2019,
  '2020-12': validateDraft2020,
};

/**
 * Each draft's meta-schema URI, without scheme and trailing "#" (http and https, with or without "#", name the same
 * draft).
 */
const draftsByUri = new Map<string, SchemaDraft>([
  ['json-schema.org/draft-04/schema', 'draft-04'],
  ['json-schema.org/draft-06/schema', 'draft-06'],
  ['json-schema.org/draft-07/schema', 'draft-07'],
  ['json-schema.org/draft/2019-09/schema', '2019-09'],
  ['json-schema.org/draft/2020-12/schema', '2020-12'],
]);

/**
 * The draft a schema declares by `$schema`; none declared (or not a string: the meta-schema reports that) is draft-07.
 */
function declaredDraft(schema: Record<string, unknown>): CheckedDraft {
  const declared = schema.$schema;
  if (typeof declared !== 'string') return { draft: 'draft-07' };
  const draft = draftsByUri.get(
    declared
      .trim()
      .replace(/^https?:\/\//i, '')
      .replace(/#$/, ''),
  );
  return draft ? { draft } : { draft: 'draft-07', unknownDraft: declared };
}

const pathFormats = new Set(['file-path', 'directory-path']);
const pathLikeName =
  /^(path|paths|file|files|filename|dir|directory|folder)$|(Path|Paths|File|Files|Dir|Directory|Folder)$/;

/**
 * Nesting deeper than this is not checked: the meta-schema validators call themselves once per level,
 * and would exhaust the stack (the manifest's own limit, MAX_NESTING_DEPTH).
 */
const maxSchemaDepth = 512;

/**
 * What a schema file's text says, for the rules. Not memoized here: a long-lived host remembers it per file
 * (PluginFolder.rememberUntilChanged).
 */
export function analyzeToolSchema(text: string): ToolSchemaResult {
  let schema: unknown;
  try {
    schema = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { kind: 'not-json', reason: (error as Error).message };
  }
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return { kind: 'invalid', reason: 'it is not a JSON Schema object', draft: 'draft-07' };
  }
  const checked = declaredDraft(schema as Record<string, unknown>);
  if (nestsDeeperThan(schema, maxSchemaDepth))
    return { kind: 'invalid', reason: 'it is nested too deeply to check', ...checked };
  const validate = validators[checked.draft];
  if (!validate(schema)) {
    const error = validate.errors?.[0];
    return {
      kind: 'invalid',
      reason: `${error?.instancePath ? `its \`${pointerWords(error.instancePath)}\`` : 'the schema'} ${error?.message ?? 'is not valid'}`,
      ...checked,
    };
  }
  const facts: ToolSchemaFacts = {
    argumentNames: [],
    pathProperties: [],
    pathArrayProperties: [],
    unformattedPathLikeProperties: [],
    arguments: undefined,
  };
  const walk: Walk = { root: schema as SchemaLike, facts, budget: maxPropertiesWalked, targets: new Map() };
  collect(walk, schema as SchemaLike);
  const argumentOf = (property: Record<string, unknown>) =>
    resolved(walk, property as SchemaLike, '', argumentKeywords) as Record<string, unknown>;
  facts.arguments = schemaArguments(
    resolved(walk, schema as SchemaLike, '', argumentKeywords) as Record<string, unknown>,
    argumentOf,
  );
  return { kind: 'ok', facts, ...(walk.cutRefChain ? { cutRefChain: walk.cutRefChain } : {}), ...checked };
}

/** Whether a parsed JSON value has containers nested deeper than `limit`, found without recursion. */
/** A JSON pointer of the meta-validator (`/properties/count/type`) as a message names it: `properties.count.type`. */
function pointerWords(pointer: string): string {
  const segments = pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
  return formatPath(segments);
}

function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (pending.length > 0) {
    const { value: next, depth } = pending.pop()!;
    if (next === null || typeof next !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(next) ? next : Object.values(next))
      if (child !== null && typeof child === 'object') pending.push({ value: child, depth: depth + 1 });
  }
  return false;
}

interface SchemaLike {
  type?: unknown;
  format?: unknown;
  properties?: Record<string, SchemaLike>;
  items?: SchemaLike | SchemaLike[];
  $ref?: unknown;
}

/** What the walk reads of a schema, seen through its `$ref`s. */
type SchemaView = Omit<SchemaLike, '$ref'>;

interface Walk {
  root: SchemaLike;
  facts: ToolSchemaFacts;
  /** Properties still to visit: a definition used twice at every level would double the walk per level. */
  budget: number;
  /** The schemas named by plain-name anchors ("#file"), found on the first `$ref` to one. */
  anchors?: Map<string, SchemaLike>;
  /** The schema each local `$ref` names (undefined: none), each pointer followed once. */
  targets: Map<string, SchemaLike | undefined>;
  /** The first `$ref` chain the walk did not follow to its end. */
  cutRefChain?: CutRefChain;
}

const maxPropertiesWalked = 10_000;

/** A local `$ref` chain is followed this many links at most: real schemas have one or two. */
export const maxRefChain = 32;

/**
 * A schema seen through its `$ref`s inside the same file ("#", "#/$defs/x", "#/definitions/x", "#anchor"):
 * the referring schema's own keywords win over its target's, as in 2019-09 and later. A `$ref` to another
 * file or a URL is never followed; a loop of `$ref`s ends where it comes back, and a chain ends after
 * maxRefChain links (the walk notes where). Only what the walk reads is taken, link by link, without recursion.
 */
function resolved(
  walk: Walk,
  schema: SchemaLike,
  property: string,
  keywords: readonly string[] = pathKeywords,
): SchemaView {
  const view: SchemaView = {};
  const followed = new Set<string>();
  for (let current = schema; ;) {
    // What schemaArguments reads beyond SchemaLike (allOf, if, description, ...) is copied untyped.
    for (const keyword of keywords) {
      if (Object.hasOwn(view, keyword) || !Object.hasOwn(current, keyword)) continue;
      (view as Record<string, unknown>)[keyword] = (current as Record<string, unknown>)[keyword];
    }
    const ref = current.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#') || followed.has(ref)) return view;
    if (followed.size === maxRefChain) {
      walk.cutRefChain ??= { property, limit: maxRefChain };
      return view;
    }
    let target = walk.targets.get(ref);
    if (!walk.targets.has(ref)) walk.targets.set(ref, (target = atPointer(walk, ref)));
    if (!target) return view;
    followed.add(ref);
    current = target;
  }
}

/** What the path checks read, of every property the walk visits. */
const pathKeywords = ['type', 'format', 'properties', 'items'];
/** What a handler's arguments are told from, of the root and its own properties only. */
const argumentKeywords = [
  ...pathKeywords,
  'description',
  'additionalProperties',
  'unevaluatedProperties',
  'patternProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'if',
  'then',
  'else',
  'not',
  'dependentSchemas',
  'dependencies',
];

/** The schema a local `$ref` such as "#/$defs/file%20path" or "#file" names, or undefined. */
function atPointer(walk: Walk, ref: string): SchemaLike | undefined {
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment !== '' && !fragment.startsWith('/')) return (walk.anchors ??= anchorsOf(walk.root)).get(fragment);
  let node: unknown = walk.root;
  for (const segment of fragment.split('/').slice(1)) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== null && typeof node === 'object' && !Array.isArray(node) ? (node as SchemaLike) : undefined;
}

/**
 * Plain-name anchors: `$anchor` (2019-09 and later), or an `$id` (draft-06, -07) or `id` (draft-04) of the form "#name"
 * (a name given twice is not valid JSON Schema: one of them is kept).
 */
function anchorsOf(root: SchemaLike): Map<string, SchemaLike> {
  const anchors = new Map<string, SchemaLike>();
  const pending: unknown[] = [root];
  for (let visited = 0; pending.length > 0 && visited < maxPropertiesWalked * 10; visited++) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    // One at a time: a spread of a very long array would overflow the call's arguments.
    for (const child of Array.isArray(node) ? node : Object.values(node)) pending.push(child);
    if (Array.isArray(node)) continue;
    const record = node as Record<string, unknown>;
    const names = [
      record.$anchor,
      ...[record.$id, record.id].map((id) => (typeof id === 'string' && id.startsWith('#') ? id.slice(1) : undefined)),
    ];
    for (const name of names)
      if (typeof name === 'string' && name !== '' && !anchors.has(name)) anchors.set(name, record as SchemaLike);
  }
  return anchors;
}

/**
 * Walks nested objects, through local `$ref`s, depth first from a work list (a schema nested any depth
 * costs no deeper a call stack). A `properties` object is not entered again while it is being walked,
 * so a recursive definition ends.
 */
function collect(walk: Walk, schema: SchemaLike): void {
  const frames: { properties: Record<string, SchemaLike>; names: string[]; next: number; prefix: string }[] = [];
  const active = new Set<Record<string, SchemaLike>>();
  const enter = ({ properties }: SchemaView, prefix: string): void => {
    if (!properties || typeof properties !== 'object' || active.has(properties)) return;
    active.add(properties);
    frames.push({ properties, names: Object.keys(properties), next: 0, prefix });
  };
  enter(resolved(walk, schema, ''), '');
  while (frames.length > 0) {
    const frame = frames[frames.length - 1];
    if (frame.next === frame.names.length) {
      active.delete(frame.properties);
      frames.pop();
      continue;
    }
    const name = frame.names[frame.next++];
    if (frame.prefix === '' && walk.facts.argumentNames.length < maxPropertiesWalked)
      walk.facts.argumentNames.push(name);
    const raw = frame.properties[name];
    if (!raw || typeof raw !== 'object' || walk.budget-- <= 0) continue;
    const qualified = frame.prefix + name;
    const property = resolved(walk, raw, qualified);
    const rawItems = Array.isArray(property.items) ? property.items[0] : property.items;
    const items = rawItems && typeof rawItems === 'object' ? resolved(walk, rawItems, qualified) : undefined;
    const direct = pathFormats.has(String(property.format));
    const viaItems = !!items && pathFormats.has(String(items.format));
    if (direct || viaItems) walk.facts.pathProperties.push(qualified);
    if (viaItems) walk.facts.pathArrayProperties.push(qualified);
    if (!direct && !viaItems && pathLikeName.test(name) && holdsStrings(property, items))
      walk.facts.unformattedPathLikeProperties.push(qualified);
    enter(property, `${qualified}.`);
  }
}

function holdsStrings(property: SchemaView, items: SchemaView | undefined): boolean {
  const isString = (s: SchemaView | undefined) =>
    s?.type === undefined || s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
  return property.type === 'array' ? isString(items) : isString(property);
}
