import { validateJsonSchema } from '../shape/generated/jsonSchemaDraft07';

/** What the rules need to know about one tool's argument schema file. */
export interface ToolSchemaFacts {
  /** Properties carrying "format": "file-path" or "directory-path" (or arrays whose items do). */
  pathProperties: string[];
  /** Array properties whose items carry a path format: what a "batch" action passes every path in. */
  pathArrayProperties: string[];
  /** Properties whose name says they hold a path but that carry no path format. */
  unformattedPathLikeProperties: string[];
}

export type ToolSchemaResult =
  | { kind: 'ok'; facts: ToolSchemaFacts }
  | { kind: 'not-json'; reason: string }
  | { kind: 'invalid'; reason: string };

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
  const validate = validateJsonSchema as ((value: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] };
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return { kind: 'invalid', reason: 'it is not a JSON Schema object' };
  }
  let valid: boolean;
  try {
    valid = validate(schema);
  } catch (error) {
    // The draft-07 check recurses once per level: a schema nested a thousand deep overflows the stack.
    if (error instanceof RangeError) return { kind: 'invalid', reason: 'it is nested too deeply to check' };
    throw error;
  }
  if (!valid) {
    const error = validate.errors?.[0];
    return { kind: 'invalid', reason: `${error?.instancePath || 'the schema'} ${error?.message ?? 'is not valid'}` };
  }
  const facts: ToolSchemaFacts = { pathProperties: [], pathArrayProperties: [], unformattedPathLikeProperties: [] };
  collect(schema as SchemaLike, '', facts, new Set());
  return { kind: 'ok', facts };
}

interface SchemaLike {
  type?: unknown;
  format?: unknown;
  properties?: Record<string, SchemaLike>;
  items?: SchemaLike | SchemaLike[];
}

/** Walks nested objects; `seen` guards against the same object reached twice (JSON has no cycles, but be safe). */
function collect(schema: SchemaLike, prefix: string, facts: ToolSchemaFacts, seen: Set<object>): void {
  if (seen.has(schema) || !schema.properties || typeof schema.properties !== 'object') return;
  seen.add(schema);
  for (const [name, property] of Object.entries(schema.properties)) {
    if (!property || typeof property !== 'object') continue;
    const qualified = prefix + name;
    const items = Array.isArray(property.items) ? property.items[0] : property.items;
    const direct = pathFormats.has(String(property.format));
    const viaItems = !!items && pathFormats.has(String(items.format));
    if (direct || viaItems) facts.pathProperties.push(qualified);
    if (viaItems) facts.pathArrayProperties.push(qualified);
    if (!direct && !viaItems && pathLikeName.test(name) && holdsStrings(property, items)) facts.unformattedPathLikeProperties.push(qualified);
    if (property.properties) collect(property, `${qualified}.`, facts, seen);
  }
}

function holdsStrings(property: SchemaLike, items: SchemaLike | undefined): boolean {
  const isString = (s: SchemaLike | undefined) => s?.type === undefined || s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
  return property.type === 'array' ? isString(items) : isString(property);
}
