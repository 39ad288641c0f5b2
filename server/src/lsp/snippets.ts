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
  return snippet.replace(
    /\\([\\$}])|\$(\d+)|\$\{\d+:((?:\\.|[^}\\])*)\}|\$\{\d+\|((?:\\.|[^|\\])*)\|\}/g,
    (_match, escaped?: string, _tabstop?: string, placeholder?: string, choices?: string) => {
      if (escaped !== undefined) return escaped;
      if (placeholder !== undefined) return placeholder.replace(/\\(.)/g, '$1');
      if (choices !== undefined) return choices.split(/(?<!\\),/)[0].replace(/\\(.)/g, '$1');
      return '';
    },
  );
}
