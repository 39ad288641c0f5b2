/** One top-level property of a tool's argument schema, as a hover on `args.<name>` shows it. */
export interface SchemaArgument {
  name: string;
  type?: string;
  format?: string;
  description?: string;
}

/** The arguments a tool's schema declares at its top level. */
export interface SchemaArguments {
  properties: SchemaArgument[];
  /**
   * `additionalProperties: false` (or `unevaluatedProperties: false`) and no `patternProperties`: no
   * other argument is valid, so any other name a handler reads is a mistake. An open schema allows
   * other arguments, and a name close to a declared one is still a misspelling.
   */
  closed: boolean;
}

/**
 * Keywords under which the root may declare more properties than `properties` shows: the arguments are then not known.
 */
const combining = ['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'not', '$ref', 'dependentSchemas', 'dependencies'];

/**
 * The top-level arguments of a tool schema (its root and each property seen through their local `$ref`s), or
 * undefined when they cannot be told from `properties` alone. Kept as facts: names and the few words
 * a hover shows, never the schema.
 */
export function schemaArguments(
  root: Record<string, unknown>,
  resolve: (property: Record<string, unknown>) => Record<string, unknown>,
): SchemaArguments | undefined {
  const properties = root.properties;
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return undefined;
  if (combining.some((keyword) => Object.hasOwn(root, keyword))) return undefined;
  const closed =
    (root.additionalProperties === false || root.unevaluatedProperties === false) &&
    !(root.patternProperties && typeof root.patternProperties === 'object');
  return {
    closed,
    properties: Object.entries(properties as Record<string, unknown>).map(([name, raw]) => {
      const property = raw !== null && typeof raw === 'object' ? resolve(raw as Record<string, unknown>) : {};
      const type =
        typeof property.type === 'string'
          ? property.type
          : Array.isArray(property.type)
            ? property.type.filter((t) => typeof t === 'string').join(' | ')
            : undefined;
      return {
        name,
        ...(type ? { type } : {}),
        ...(typeof property.format === 'string' ? { format: property.format } : {}),
        ...(typeof property.description === 'string' ? { description: property.description } : {}),
      };
    }),
  };
}
