/**
 * The glob patterns of `filerManifest.files.include` / `exclude`: `**` any number of folders, `*` and
 * `?` within one path segment, `{a,b}` alternatives, `[...]` character classes. A pattern without a
 * `/` matches a file name at any depth (`manifest.json`); one with a `/` matches the path relative to
 * a workspace folder, or the absolute path. Paths use `/` on every OS.
 */
export function globMatcher(patterns: string[]): (absolutePath: string, relativePaths: () => string[]) => boolean {
  const compiled = patterns.map((pattern) => ({ regex: globToRegExp(pattern.replace(/^\.\//, '')), byName: !pattern.includes('/') }));
  // No pattern (the usual case): nothing to compute for the many files a workspace scan meets.
  if (compiled.length === 0) return () => false;
  return (absolutePath, relativePaths) => {
    const absolute = toSlashes(absolutePath);
    const name = absolute.slice(absolute.lastIndexOf('/') + 1);
    return compiled.some(({ regex, byName }) =>
      byName ? regex.test(name) : regex.test(absolute) || relativePaths().some((relative) => regex.test(toSlashes(relative))),
    );
  };
}

function toSlashes(path: string): string {
  return path.replace(/\\/g, '/');
}

export function globToRegExp(pattern: string): RegExp {
  let source = '';
  let braceDepth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '*') {
      if (pattern[i + 1] === '*') {
        const slashAfter = pattern[i + 2] === '/';
        source += slashAfter ? '(?:.*/)?' : '.*';
        i += slashAfter ? 2 : 1;
      } else {
        source += '[^/]*';
      }
    } else if (ch === '?') {
      source += '[^/]';
    } else if (ch === '{') {
      braceDepth++;
      source += '(?:';
    } else if (ch === '}' && braceDepth > 0) {
      braceDepth--;
      source += ')';
    } else if (ch === ',' && braceDepth > 0) {
      source += '|';
    } else if (ch === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) {
        source += '\\[';
      } else {
        const body = pattern.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\');
        source += `[${body}]`;
        i = end;
      }
    } else {
      source += ch.replace(/[.+^$()|\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}
