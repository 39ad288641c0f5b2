/**
 * The shape of a request's params, declared once per route (routing.ts) and checked there before the
 * feature runs: a malformed request gets an InvalidParams answer that names the field at fault, and the
 * feature is handed the params typed by the shape, so it can read only what the shape checked.
 */

export interface Shape<T> {
  /** The shape in words for an error message: `{ textDocument: { uri }, position: { line, character } }`. */
  readonly words: string;
  /** Why `value`, found at `where` (`params.position.line`), does not fit; undefined when it does. */
  problem(value: unknown, where: string): string | undefined;
  /** The type the shape admits; only the compiler reads it. */
  readonly admits?: T;
  /** An object's field that may be absent. */
  readonly optional?: boolean;
}

/** The type a shape admits. */
type Admitted<S> = S extends Shape<infer T> ? T : never;

/** A value in words for a message, without echoing text from the client (it could be long, or hold escapes). */
function described(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return Number.isFinite(value) ? String(value) : 'a number';
    case 'boolean':
      return String(value);
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

function leaf<T>(words: string, expected: string, fits: (value: unknown) => boolean): Shape<T> {
  return {
    words,
    problem: (value, where) => (fits(value) ? undefined : `${where} must be ${expected}, not ${described(value)}`),
  };
}

export const string = leaf<string>('string', 'a string', (value) => typeof value === 'string');
export const boolean = leaf<boolean>('boolean', 'true or false', (value) => typeof value === 'boolean');
export const integer = leaf<number>('integer', 'an integer', (value) => Number.isSafeInteger(value));
const isUinteger = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
/** LSP's uinteger: a line or a character of a position. */
const uinteger = leaf<number>('uinteger', 'an integer of 0 or more', isUinteger);

/** One of a few strings or numbers. */
export function oneOf<const V extends readonly (string | number)[]>(...values: V): Shape<V[number]> {
  const written = values.map((value) => JSON.stringify(value));
  const fits = (value: unknown) => values.includes(value as V[number]);
  return leaf<V[number]>(written.join(' | '), `one of ${written.join(', ')}`, fits);
}

/** Either of two shapes (e.g. a diagnostic's code: a string or a number). */
export function either<A, B>(a: Shape<A>, b: Shape<B>, expected: string): Shape<A | B> {
  return {
    words: `${a.words} | ${b.words}`,
    problem: (value, where) =>
      a.problem(value, where) && b.problem(value, where)
        ? `${where} must be ${expected}, not ${described(value)}`
        : undefined,
  };
}

export function array<T>(item: Shape<T>): Shape<T[]> {
  return {
    words: `${item.words}[]`,
    problem(value, where) {
      if (!Array.isArray(value)) return `${where} must be an array, not ${described(value)}`;
      for (let i = 0; i < value.length; i++) {
        const problem = item.problem(value[i], `${where}[${i}]`);
        if (problem) return problem;
      }
      return undefined;
    },
  };
}

/** A field that may be absent (when present, it must fit). */
export function optional<T>(shape: Shape<T>): Shape<T | undefined> & { optional: true } {
  return { ...shape, optional: true };
}

type Fields = Record<string, Shape<unknown>>;
type OptionalKeys<F extends Fields> = { [K in keyof F]: F[K] extends { optional: true } ? K : never }[keyof F];
type ObjectOf<F extends Fields> = { [K in Exclude<keyof F, OptionalKeys<F>>]: Admitted<F[K]> } & {
  [K in OptionalKeys<F>]?: Admitted<F[K]>;
};

/** A field in words: its key, and its own fields when it is an object (`position: { line, character }`). */
function fieldWords(key: string, field: Shape<unknown>): string {
  return `${key}${field.optional ? '?' : ''}${field.words.startsWith('{') ? `: ${field.words}` : ''}`;
}

/** An object with these fields (others are let through unread); `words` replace the generated ones when long. */
export function object<F extends Fields>(
  fields: F,
  words?: string,
): Shape<{ [K in keyof ObjectOf<F>]: ObjectOf<F>[K] }> {
  const entries = Object.entries(fields);
  return {
    words: words ?? `{ ${entries.map(([key, field]) => fieldWords(key, field)).join(', ')} }`,
    problem(value, where) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        return `${where} must be an object, not ${described(value)}`;
      }
      for (const [key, field] of entries) {
        const present = Object.hasOwn(value, key) && (value as Record<string, unknown>)[key] !== undefined;
        if (!present) {
          if (field.optional) continue;
          return `${where}.${key} is missing`;
        }
        const problem = field.problem((value as Record<string, unknown>)[key], `${where}.${key}`);
        if (problem) return problem;
      }
      return undefined;
    },
  };
}

const position = object({ line: uinteger, character: uinteger });
export const range = object({ start: position, end: position });
export const textDocument = object({ uri: string });
export const textDocumentPosition = { textDocument, position };
