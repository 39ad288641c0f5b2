import { formatPath, type JsonPath } from '../model/nodes';
import { detachedCopy } from '../text/detachedCopy';

/**
 * `contributes.tools[2].id` in backticks: how every message names a field (CONTRIBUTING.md, "Message style": names in
 * backticks, values in double quotes).
 */
export function field(path: JsonPath): string {
  return '`' + formatPath(path) + '`';
}

/**
 * A value from a plugin's files in a message (an id, a path, a host name, an enum value): in double quotes as JSON
 * writes it, and with what JSON leaves as it is but a reader would not see for what it is escaped too (C1 controls,
 * line and paragraph separators, bidirectional and zero-width marks): a name cannot end a line, reorder what follows
 * it, or hide, in an editor, a terminal or a CI log.
 */
export function quote(value: unknown): string {
  const json = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value));
  // A loop, not a regular expression: V8 keeps the last string a regular expression matched in, and a message's
  // value may be a view of a whole manifest's text.
  let quoted = '';
  let from = 0;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    if (!isUnseen(code)) continue;
    quoted += `${json.slice(from, i)}\\u${code.toString(16).padStart(4, '0')}`;
    from = i + 1;
  }
  return from === 0 ? json : quoted + json.slice(from);
}

/** Characters JSON.stringify keeps that change how text around them is read, or are not seen at all. */
function isUnseen(code: number): boolean {
  if (code < 0x7f) return false;
  return (
    code <= 0x9f ||
    code === 0xad ||
    code === 0x61c ||
    code === 0x180e ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x206f) ||
    code === 0xfeff ||
    (code >= 0xfff9 && code <= 0xfffb)
  );
}

/**
 * A name from a plugin's files (an argument, a schema property) in a message: in backticks when it is a plain word, as
 * code is named; quoted and escaped as any value otherwise, so that no character of it can break out of the message.
 */
export function nameOf(name: string): string {
  return isPlainName(name) ? `\`${name}\`` : quote(name);
}

/** Letters, digits and `_$@./-`, up to 200 of them (a loop: see quote). */
function isPlainName(name: string): boolean {
  if (name.length === 0 || name.length > 200) return false;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    const letterOrDigit = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
    if (!letterOrDigit && !'_$@./-'.includes(name[i])) return false;
  }
  return true;
}

export function listOf(values: readonly unknown[]): string {
  return values.map(quote).join(', ');
}

/** A value at fault as a message says it: a string, a number, true, false or null as JSON writes it; else its type. */
export function valueWords(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  return quote(value);
}

/** The text with its first letter in upper case, to begin a sentence. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Words already marked, as a sentence lists them: "`a`, `b` and `c`". */
export function namesInWords(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The closest candidate by edit distance, when it is close enough to be what the author meant. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  const allowed = Math.max(1, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const candidate of candidates) {
    const other = candidate.toLowerCase();
    // A prefix or part of the name ("single" for "single-file") is as good as a one-letter typo.
    const distance =
      lower.length >= 3 && other.includes(lower) ? 1 : boundedEditDistance(lower, other, bestDistance - 1);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      if (distance === 0) break;
    }
  }
  return best;
}

/** Finds "did you mean" answers among a fixed list of ids, remembering them across validations. */
export interface Suggester {
  suggest(word: string): string | undefined;
}

/**
 * A 5,000-tool manifest has 5,000 candidates for every unknown toolId: searching them all again on
 * every keystroke would dominate validation. Answers are remembered per list of candidates (the same
 * list for as long as the author does not add or rename an id) and per word. What is remembered is
 * copied: ids and words are cut from a manifest's text, and would keep that text alive.
 */
const rememberedAnswers = new Map<string, Map<string, string | undefined>>();
const rememberedListsLimit = 8;

export function suggester(candidates: () => Iterable<string>): Suggester {
  // Made on the first unknown word: most validations of a large manifest have none.
  let list: string[] | undefined;
  let known: Map<string, string | undefined> | undefined;
  return {
    suggest(word) {
      if (!list || !known) {
        list = [...candidates()];
        const signature = list.join('\u0000');
        known = rememberedAnswers.get(signature);
        if (!known) {
          known = new Map();
          if (rememberedAnswers.size >= rememberedListsLimit)
            rememberedAnswers.delete(rememberedAnswers.keys().next().value!);
          rememberedAnswers.set(detachedCopy(signature), known);
        }
      }
      if (known.has(word)) return known.get(word);
      const answer = closest(word, list);
      known.set(detachedCopy(word), answer === undefined ? undefined : detachedCopy(answer));
      return answer;
    },
  };
}

/**
 * "Did you mean …?", a message's last sentence: the suggestion in the marks of what it replaces, `nameOf` for a key or
 * a name (in backticks), `quote` for a value (in double quotes).
 */
export function didYouMean(suggestion: string | undefined, marked: (text: string) => string): string {
  return suggestion ? ` Did you mean ${marked(suggestion)}?` : '';
}

/**
 * The message of an enum rule: the allowed values, the value written, what the values mean (a sentence, optional) and
 * the closest one.
 */
export function enumMessage(allowedInWords: string, allowed: string[], meaning?: string) {
  return (_finding: unknown, name: string, value: unknown): string =>
    `${name} must be ${allowedInWords}, not ${valueWords(value)}.${meaning ? ` ${meaning}` : ''}` +
    (typeof value === 'string' ? didYouMean(closest(value, allowed), quote) : '');
}

/**
 * Levenshtein distance, or `max + 1` as soon as it is known to exceed `max`: suggestions compare against thousands of
 * ids.
 */
function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (current[j] < rowMinimum) rowMinimum = current[j];
    }
    if (rowMinimum > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}

/** kebab-case in words, as messages say it: the reference writes it as a regular expression, a message does not. */
export const kebabCaseWords = 'kebab-case (lowercase letters and digits, with single hyphens between words)';

/** The runtime of a process plugin, as messages name it. */
export const processRuntime = '"process" runtime';

/** kebab-case as the reference defines it: ^[a-z0-9]+(-[a-z0-9]+)*$. */
export const kebabCase = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The kebab-case spelling of an identifier, for quick fixes: "My Plugin_v2" → "my-plugin-v2". */
export function toKebabCase(value: string): string {
  return trimDashes(
    value
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-'),
  );
}

/** Without leading and trailing dashes, in one pass (a regex like /-+$/ is quadratic on a long run of dashes). */
export function trimDashes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '-') start++;
  while (end > start && text[end - 1] === '-') end--;
  return text.slice(start, end);
}

const mebibyte = 1024 * 1024;

/**
 * A file's size as messages write it: in MiB (1,048,576 bytes) with one decimal, rounded down so that no size is
 * said to be past a limit it is not; in bytes where one decimal would not tell it from `limit` (16.0 MiB past 16 MiB).
 */
export function sizeWords(bytes: number, limit?: number): string {
  const tenths = Math.floor((bytes / mebibyte) * 10);
  if (limit !== undefined && tenths <= (limit / mebibyte) * 10) return `${bytes.toLocaleString('en-US')} bytes`;
  return `${(tenths / 10).toFixed(1)} MiB`;
}

/** A limit as messages write it: 2 MiB, 16 MiB. */
export function limitWords(bytes: number): string {
  return `${Number((bytes / mebibyte).toFixed(1))} MiB`;
}
