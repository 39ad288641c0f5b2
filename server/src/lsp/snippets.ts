/** Snippet helpers: proposals are written as snippets and flattened for clients without snippet support. */

/** Escapes text for a snippet: `$`, `}` and `\` are syntax there. */
export function snippetText(text: string): string {
  return text.replace(/[\\$}]/g, '\\$&');
}

/** A choice placeholder: `${1|true,false|}`. */
export function choice(tabstop: number, options: string[]): string {
  return `\${${tabstop}|${options.map((option) => option.replace(/[\\,|$}]/g, '\\$&')).join(',')}|}`;
}

/**
 * The text a snippet inserts with every placeholder at its default and no tab stops, for clients
 * without snippet support. Placeholders are not nested in our snippets.
 */
export function flattenSnippet(snippet: string): string {
  // A scanner, not a regex: a snippet holds text from the manifest, and a regex for placeholders
  // rescans an unterminated one from every `$` (quadratic).
  let out = '';
  let i = 0;
  while (i < snippet.length) {
    const char = snippet[i];
    if (char === '\\' && i + 1 < snippet.length && '\\$}'.includes(snippet[i + 1])) {
      out += snippet[i + 1];
      i += 2;
      continue;
    }
    const placeholder = char === '$' ? placeholderAt(snippet, i) : undefined;
    if (placeholder) {
      out += placeholder.text;
      i = placeholder.end;
    } else {
      out += char;
      i++;
    }
  }
  return out;
}

/** `$1` (nothing), `${1:text}` (the text) or `${1|first,second|}` (the first choice) at `start`, with where it ends. */
function placeholderAt(snippet: string, start: number): { text: string; end: number } | undefined {
  let i = start + 1;
  const braced = snippet[i] === '{';
  if (braced) i++;
  const digits = i;
  while (i < snippet.length && snippet[i] >= '0' && snippet[i] <= '9') i++;
  if (i === digits) return undefined;
  if (!braced) return { text: '', end: i };
  const kind = snippet[i];
  if (kind !== ':' && kind !== '|') return undefined;
  // Up to the closing `}` (or `|}`), unescaping; a choice keeps only its first option.
  let text = '';
  let inFirstChoice = true;
  for (i++; i < snippet.length; i++) {
    const char = snippet[i];
    if (char === '\\' && i + 1 < snippet.length) {
      if (inFirstChoice) text += snippet[i + 1];
      i++;
    } else if (kind === ':' && char === '}') {
      return { text, end: i + 1 };
    } else if (kind === '|' && char === '|') {
      return snippet[i + 1] === '}' ? { text, end: i + 2 } : undefined;
    } else if (kind === '|' && char === ',') {
      inFirstChoice = false;
    } else if (kind === ':' || inFirstChoice) {
      text += char;
    }
  }
  return undefined;
}
