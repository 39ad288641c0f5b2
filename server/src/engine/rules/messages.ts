import { formatPath, type JsonPath } from '../model/nodes';

/** `contributes.tools[2].id` in backticks: how every message names a field. */
export function field(path: JsonPath): string {
  return '`' + formatPath(path) + '`';
}

export function quote(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value));
}

export function listOf(values: readonly unknown[]): string {
  return values.map(quote).join(', ');
}

/** The closest candidate by edit distance, when it is close enough to be what the author meant. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = word.toLowerCase();
  for (const candidate of candidates) {
    const other = candidate.toLowerCase();
    // A prefix or part of the name ("single" for "single-file") is as good as a one-letter typo.
    const distance = lower.length >= 3 && other.includes(lower) ? 1 : editDistance(lower, other);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const allowed = Math.max(1, Math.floor(word.length / 3));
  return best !== undefined && bestDistance <= allowed ? best : undefined;
}

export function didYouMean(suggestion: string | undefined): string {
  return suggestion ? ` Did you mean \`${suggestion}\`?` : '';
}

/** The message of an enum rule: the allowed values in the reference's words, and the closest one. */
export function enumMessage(allowedInWords: string, allowed: string[]) {
  return (_finding: unknown, name: string, value: unknown): string =>
    `${name} must be ${allowedInWords}.` + (typeof value === 'string' ? didYouMean(closest(value, allowed)) : '');
}

function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    previous = current;
  }
  return previous[b.length];
}

/** kebab-case as the reference defines it: ^[a-z0-9]+(-[a-z0-9]+)*$. */
export const kebabCase = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The kebab-case spelling of an identifier, for quick fixes: "My Plugin_v2" → "my-plugin-v2". */
export function toKebabCase(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
