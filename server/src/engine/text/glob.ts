/**
 * The glob patterns of `filerManifest.files.include` / `exclude`: `**` as a whole path segment any
 * number of folders, `*` and `?` within one segment, `{a,b}` alternatives, `[...]` character classes
 * (`[!...]` or `[^...]` negated, `a-z` ranges). A pattern without a `/` matches a file name at any
 * depth (`manifest.json`); one with a `/` matches the path relative to a workspace folder, or the
 * absolute path. Paths use `/` on every OS.
 *
 * Patterns come from a workspace's settings, so they are matched without regular expressions: a
 * glob compiled to a regex backtracks (`*a*a*a*a*a*a*b` against a long file name took minutes, and
 * so it does in minimatch and picomatch). Here a `*` (or a `**` segment) only ever resumes from the
 * last one met, so a match costs at most pattern length × path length steps.
 */

/** A pattern that cannot be used; the message says why, for the setting's diagnostic. */
export class GlobError extends Error {}

/** How many patterns `{a,b}` alternatives may expand one setting entry to. */
const alternativeLimit = 64;
const patternLengthLimit = 1000;

type Token =
  | { kind: 'star' }
  | { kind: 'any' }
  | { kind: 'char'; char: string }
  | { kind: 'class'; negated: boolean; chars: Set<string>; ranges: [string, string][] };
type Segment = { kind: 'globstar' } | { kind: 'segment'; tokens: Token[] };

/**
 * A matcher of plugin-relative or absolute paths (`/`-separated) for one pattern; throws a GlobError for one it cannot
 * use.
 */
export function compileGlob(pattern: string): (filePath: string) => boolean {
  if (pattern.length > patternLengthLimit) throw new GlobError(`longer than ${patternLengthLimit} characters`);
  const alternatives = expandBraces(pattern).map((alternative) => alternative.split('/').map(compileSegment));
  return (filePath) => {
    const parts = filePath.split('/');
    return alternatives.some((segments) =>
      matchSequence(
        segments,
        parts,
        (segment) => segment.kind === 'globstar',
        (segment, part) => matchSegment((segment as Extract<Segment, { kind: 'segment' }>).tokens, part),
      ),
    );
  };
}

/**
 * One matcher for a list of patterns, each given as compileGlob takes it (a leading `./` ignored).
 * Patterns that cannot be used are left out: the settings report them (see settings.ts).
 */
export function globMatcher(patterns: string[]): (absolutePath: string, relativePaths: () => string[]) => boolean {
  const compiled = patterns.flatMap((pattern) => {
    const trimmed = pattern.startsWith('./') ? pattern.slice(2) : pattern;
    try {
      return [{ match: compileGlob(trimmed), byName: !trimmed.includes('/') }];
    } catch (error) {
      if (error instanceof GlobError) return [];
      throw error;
    }
  });
  // No pattern (the usual case): nothing to compute for the many files a workspace scan meets.
  if (compiled.length === 0) return () => false;
  return (absolutePath, relativePaths) => {
    const absolute = toSlashes(absolutePath);
    const name = absolute.slice(absolute.lastIndexOf('/') + 1);
    return compiled.some(({ match, byName }) =>
      byName ? match(name) : match(absolute) || relativePaths().some((relative) => match(toSlashes(relative))),
    );
  };
}

function toSlashes(filePath: string): string {
  return filePath.split('\\').join('/');
}

/**
 * Wildcard matching where `isStar(p)` items match any run of items of `text` and every other item
 * matches exactly one (when `matchOne` says so). On a mismatch only the last star takes one more
 * item, which is enough (the classic greedy algorithm) and keeps it within |pattern| × |text| steps.
 */
function matchSequence<P, T>(
  pattern: P[],
  text: T[],
  isStar: (item: P) => boolean,
  matchOne: (item: P, value: T) => boolean,
): boolean {
  let p = 0;
  let t = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (t < text.length) {
    if (p < pattern.length && isStar(pattern[p])) {
      starAt = p++;
      resumeAt = t;
    } else if (p < pattern.length && matchOne(pattern[p], text[t])) {
      p++;
      t++;
    } else if (starAt >= 0) {
      p = starAt + 1;
      t = ++resumeAt;
    } else {
      return false;
    }
  }
  while (p < pattern.length && isStar(pattern[p])) p++;
  return p === pattern.length;
}

function matchSegment(tokens: Token[], part: string): boolean {
  return matchSequence(tokens, Array.from(part), (token) => token.kind === 'star', matchChar);
}

function matchChar(token: Token, char: string): boolean {
  switch (token.kind) {
    case 'any':
      return true;
    case 'char':
      return token.char === char;
    case 'class': {
      const inClass = token.chars.has(char) || token.ranges.some(([from, to]) => from <= char && char <= to);
      return inClass !== token.negated;
    }
    case 'star':
      return false;
  }
}

function compileSegment(segment: string): Segment {
  if (segment === '**') return { kind: 'globstar' };
  const chars = Array.from(segment);
  const tokens: Token[] = [];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    if (char === '*') {
      // `**` inside a segment is a `*`; runs of stars are one.
      if (tokens[tokens.length - 1]?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (char === '?') {
      tokens.push({ kind: 'any' });
    } else if (char === '[') {
      const end = chars.indexOf(']', i + 2);
      if (end < 0) {
        tokens.push({ kind: 'char', char });
        continue;
      }
      let body = chars.slice(i + 1, end);
      const negated = body[0] === '!' || body[0] === '^';
      if (negated) body = body.slice(1);
      const set = new Set<string>();
      const ranges: [string, string][] = [];
      for (let j = 0; j < body.length; j++) {
        if (body[j + 1] === '-' && j + 2 < body.length) {
          ranges.push([body[j], body[j + 2]]);
          j += 2;
        } else {
          set.add(body[j]);
        }
      }
      tokens.push({ kind: 'class', negated, chars: set, ranges });
      i = end;
    } else {
      tokens.push({ kind: 'char', char });
    }
  }
  return { kind: 'segment', tokens };
}

/** `a{b,c{d,e}}` → `ab`, `acd`, `ace`; a `{` without its `}` is a plain character. */
function expandBraces(pattern: string): string[] {
  const open = pattern.indexOf('{');
  if (open < 0) return [pattern];
  let depth = 0;
  const commas: number[] = [];
  let close = -1;
  for (let i = open; i < pattern.length && close < 0; i++) {
    if (pattern[i] === '{') depth++;
    else if (pattern[i] === '}' && --depth === 0) close = i;
    else if (pattern[i] === ',' && depth === 1) commas.push(i);
  }
  const head = pattern.slice(0, open);
  if (close < 0) return expandBraces(pattern.slice(open + 1)).map((rest) => `${head}{${rest}`);
  const bounds = [open, ...commas, close];
  const options = bounds
    .slice(0, -1)
    .flatMap((start, index) => expandBraces(pattern.slice(start + 1, bounds[index + 1])));
  const tails = expandBraces(pattern.slice(close + 1));
  if (options.length * tails.length > alternativeLimit)
    throw new GlobError(`its {…} alternatives make more than ${alternativeLimit} patterns`);
  return options.flatMap((option) => tails.map((tail) => head + option + tail));
}
