import { validateDraft04, validateDraft06, validateDraft07, validateDraft2019, validateDraft2020 } from '../shape/generated/jsonSchemaDrafts';

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
}

/** The JSON Schema drafts a tool schema is checked against. */
export type SchemaDraft = 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12';

/** The draft a schema was checked against; `unknownDraft` is its `$schema` when no known draft matched (then draft-07). */
interface CheckedDraft {
  draft: SchemaDraft;
  unknownDraft?: string;
}

export type ToolSchemaResult =
  | ({ kind: 'ok'; facts: ToolSchemaFacts } & CheckedDraft)
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

/** Each draft's meta-schema URI, without scheme and trailing "#" (http and https, with or without "#", name the same draft). */
const draftsByUri = new Map<string, SchemaDraft>([
  ['json-schema.org/draft-04/schema', 'draft-04'],
  ['json-schema.org/draft-06/schema', 'draft-06'],
  ['json-schema.org/draft-07/schema', 'draft-07'],
  ['json-schema.org/draft/2019-09/schema', '2019-09'],
  ['json-schema.org/draft/2020-12/schema', '2020-12'],
]);

/** The draft a schema declares by `$schema`; none declared (or not a string: the meta-schema reports that) is draft-07. */
function declaredDraft(schema: Record<string, unknown>): CheckedDraft {
  const declared = schema.$schema;
  if (typeof declared !== 'string') return { draft: 'draft-07' };
  const draft = draftsByUri.get(declared.trim().replace(/^https?:\/\//i, '').replace(/#$/, ''));
  return draft ? { draft } : { draft: 'draft-07', unknownDraft: declared };
}

const pathFormats = new Set(['file-path', 'directory-path']);
const pathLikeName = /^(path|paths|file|files|filename|dir|directory|folder)$|(Path|Paths|File|Files|Dir|Directory|Folder)$/;

/** What a schema file's text says, for the rules. Not memoized here: a long-lived host remembers it per file (PluginFolder.rememberUntilChanged). */
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
  const validate = validators[checked.draft];
  let valid: boolean;
  try {
    valid = validate(schema);
  } catch (error) {
    // The meta-schema check recurses once per level: a schema nested a thousand deep overflows the stack.
    if (error instanceof RangeError) return { kind: 'invalid', reason: 'it is nested too deeply to check', ...checked };
    throw error;
  }
  if (!valid) {
    const error = validate.errors?.[0];
    return { kind: 'invalid', reason: `${error?.instancePath || 'the schema'} ${error?.message ?? 'is not valid'}`, ...checked };
  }
  const facts: ToolSchemaFacts = {
    argumentNames: [],
    pathProperties: [],
    pathArrayProperties: [],
    unformattedPathLikeProperties: [],
  };
  const walk: Walk = { root: schema as SchemaLike, facts, budget: maxPropertiesWalked };
  collect(walk, resolved(walk, schema as SchemaLike, new Set()), '', new Set());
  return { kind: 'ok', facts, ...checked };
}

interface SchemaLike {
  type?: unknown;
  format?: unknown;
  properties?: Record<string, SchemaLike>;
  items?: SchemaLike | SchemaLike[];
  $ref?: unknown;
}

interface Walk {
  root: SchemaLike;
  facts: ToolSchemaFacts;
  /** Properties still to visit: a definition used twice at every level would double the walk per level. */
  budget: number;
  /** The schemas named by plain-name anchors ("#file"), found on the first `$ref` to one. */
  anchors?: Map<string, SchemaLike>;
}

const maxPropertiesWalked = 10_000;

/**
 * A schema seen through its `$ref`s inside the same file ("#", "#/$defs/x", "#/definitions/x", "#anchor"): the
 * referring schema's own keywords win over its target's, as in 2019-09 and later. A `$ref` to another
 * file or a URL is never followed; a loop of `$ref`s ends where it comes back.
 */
function resolved(walk: Walk, schema: SchemaLike, refs: Set<string>): SchemaLike {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#') || refs.has(ref)) return schema;
  const target = atPointer(walk, ref);
  if (!target) return schema;
  refs.add(ref);
  const { $ref: _followed, ...own } = schema;
  return { ...resolved(walk, target, refs), ...own };
}

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

/** Plain-name anchors: `$anchor` (2019-09 and later), or an `$id` (draft-06, -07) or `id` (draft-04) of the form "#name" (a name given twice is not valid JSON Schema: one of them is kept). */
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
    const names = [record.$anchor, ...[record.$id, record.id].map((id) => (typeof id === 'string' && id.startsWith('#') ? id.slice(1) : undefined))];
    for (const name of names) if (typeof name === 'string' && name !== '' && !anchors.has(name)) anchors.set(name, record as SchemaLike);
  }
  return anchors;
}

/** Walks nested objects, through local `$ref`s; `active` holds the schemas being walked, so a recursive definition ends. */
function collect(walk: Walk, schema: SchemaLike, prefix: string, active: Set<SchemaLike | Record<string, SchemaLike>>): void {
  const { properties } = schema;
  if (!properties || typeof properties !== 'object' || active.has(properties)) return;
  active.add(properties);
  for (const [name, raw] of Object.entries(properties)) {
    if (prefix === '' && walk.facts.argumentNames.length < maxPropertiesWalked) walk.facts.argumentNames.push(name);
    if (!raw || typeof raw !== 'object' || walk.budget-- <= 0) continue;
    const property = resolved(walk, raw, new Set());
    const qualified = prefix + name;
    const rawItems = Array.isArray(property.items) ? property.items[0] : property.items;
    const items = rawItems && typeof rawItems === 'object' ? resolved(walk, rawItems, new Set()) : undefined;
    const direct = pathFormats.has(String(property.format));
    const viaItems = !!items && pathFormats.has(String(items.format));
    if (direct || viaItems) walk.facts.pathProperties.push(qualified);
    if (viaItems) walk.facts.pathArrayProperties.push(qualified);
    if (!direct && !viaItems && pathLikeName.test(name) && holdsStrings(property, items)) walk.facts.unformattedPathLikeProperties.push(qualified);
    if (property.properties) collect(walk, property, `${qualified}.`, active);
  }
  active.delete(properties);
}
function holdsStrings(property: SchemaLike, items: SchemaLike | undefined): boolean {
  const isString = (s: SchemaLike | undefined) => s?.type === undefined || s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
  return property.type === 'array' ? isString(items) : isString(property);
}
