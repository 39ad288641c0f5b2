/**
 * `uniqueItems` in linear time, for the meta-schema validators generated at build time
 * (scripts/generate-shape-validator.mjs puts it in place of ajv's keyword). Ajv compares every pair
 * of items whose type it cannot tell from the schema (an `enum` of objects): 20,000 of them took
 * 25 s. Here each item is written once as canonical JSON (every object's keys sorted), and two
 * items are equal when their texts are, as they are deeply equal for JSON values.
 */

/**
 * The pair ajv's own keyword reports, or undefined when every item is distinct: `i` is the last
 * item equal to an earlier one, `j` the last of those earlier ones.
 */
export function duplicateItems(items: readonly unknown[]): [i: number, j: number] | undefined {
  const lastIndexOf = new Map<string, number>();
  let duplicate: [number, number] | undefined;
  for (let i = 0; i < items.length; i++) {
    const key = canonicalJson(items[i]);
    const earlier = lastIndexOf.get(key);
    if (earlier !== undefined) duplicate = [i, earlier];
    lastIndexOf.set(key, i);
  }
  return duplicate;
}

/** Literal text in the work list of canonicalJson, told apart from the values still to write. */
class Token {
  constructor(readonly text: string) {}
}

const comma = new Token(',');
const closeArray = new Token(']');
const closeObject = new Token('}');

/** JSON with sorted keys, written from a work list: a value nested any depth costs no deeper a call stack. */
function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next instanceof Token) {
      parts.push(next.text);
    } else if (Array.isArray(next)) {
      parts.push('[');
      pending.push(closeArray);
      for (let i = next.length - 1; i >= 0; i--) {
        pending.push(next[i]);
        if (i > 0) pending.push(comma);
      }
    } else if (next !== null && typeof next === 'object') {
      const record = next as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      parts.push('{');
      pending.push(closeObject);
      for (let i = keys.length - 1; i >= 0; i--) {
        pending.push(record[keys[i]], new Token(`${JSON.stringify(keys[i])}:`));
        if (i > 0) pending.push(comma);
      }
    } else {
      parts.push(String(JSON.stringify(next)));
    }
  }
  return parts.join('');
}
