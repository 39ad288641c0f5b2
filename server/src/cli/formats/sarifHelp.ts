/**
 * A rule's page (docs/rules/<code>.md, ours, generated from the rule's definition) as SARIF's `help` of the rule
 * (a multiformatMessageString, SARIF 2.1.0 §3.12), which code scanning shows with each alert of the rule.
 *
 * - `markdown` is the page's own text. Its links are relative (to the rules index): a link is kept where it
 *   resolves against the page's web address (the package names a repository), and is left out with its text
 *   otherwise, since from an alert it would lead nowhere (the text of such a link in our pages names only where
 *   it leads). Nothing else is changed, so nothing is markup that the page does not make.
 * - `text` is a plain-text form of the same: no heading marks, emphasis or code fences (a block is indented
 *   instead), a link as its text and its address, Markdown's backslash escapes undone; then, as in every plain
 *   text of the SARIF log, a square bracket is escaped (`[text](target)` is a link there).
 */
export function ruleHelp(page: string, pageAddress: string | undefined): { text: string; markdown: string } {
  const markdown: string[] = [];
  const text: string[] = [];
  let fence: string | undefined;
  for (const line of page.replace(/\r\n?/g, '\n').split('\n')) {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && opening !== undefined) {
      fence = opening;
      markdown.push(line);
      continue;
    }
    if (fence !== undefined) {
      markdown.push(line);
      const closing = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line)?.[1];
      if (closing !== undefined && closing[0] === fence[0] && closing.length >= fence.length) fence = undefined;
      else text.push(line === '' ? '' : `    ${line}`);
      continue;
    }
    markdown.push(mapText(line, (segment) => withLinks(segment, pageAddress, 'markdown')).trimEnd());
    text.push(plainLine(line, pageAddress));
  }
  return { markdown: markdown.join('\n'), text: sarifPlainText(text.join('\n')) };
}

/**
 * A line of prose in plain text: its heading mark, strong emphasis (`**Error**`; a `**` of a glob stays), links and
 * escapes undone (code spans as written).
 */
function plainLine(line: string, pageAddress: string | undefined): string {
  const unmarked = line.replace(/^ {0,3}#{1,6}\s+/, '');
  return mapText(unmarked, (segment) =>
    withLinks(segment, pageAddress, 'text')
      .replace(/\*\*(?=[^\s*])([^*\n]*[^\s*])\*\*/g, '$1')
      .replace(/\\([!-/:-@[-`{-~])/g, '$1'),
  ).trimEnd();
}

/** `line` with `transform` applied to what is outside its code spans (a run of backticks to the next as long). */
function mapText(line: string, transform: (segment: string) => string): string {
  let out = '';
  let index = 0;
  while (index < line.length) {
    const open = line.indexOf('`', index);
    if (open < 0) break;
    const run = /^`+/.exec(line.slice(open))![0];
    let close = -1;
    for (let from = open + run.length; ;) {
      const next = line.indexOf(run, from);
      if (next < 0) break;
      const after = /^`+/.exec(line.slice(next))![0];
      if (after.length === run.length) {
        close = next;
        break;
      }
      from = next + after.length;
    }
    if (close < 0) {
      out += transform(line.slice(index, open + run.length));
      index = open + run.length;
      continue;
    }
    out += transform(line.slice(index, open)) + line.slice(open, close + run.length);
    index = close + run.length;
  }
  return out + transform(line.slice(index));
}

/** The inline links of a piece of prose (not an escaped `\[`), resolved against the page's address or left out. */
function withLinks(segment: string, pageAddress: string | undefined, form: 'markdown' | 'text'): string {
  const link = / ?(?<!\\)\[([^[\]\n]*)\]\(((?:[^()\s]|\([^()\s]*\))*)\)/g;
  return segment.replace(link, (whole, label: string, target: string) => {
    const address = webAddress(target, pageAddress);
    const space = whole.startsWith(' ') ? ' ' : '';
    if (address === undefined) return '';
    return form === 'markdown' ? `${space}[${label}](${address})` : `${space}${label} (${address})`;
  });
}

/** An http(s) address a reader can open: `target` itself, or resolved against the page's address. */
export function webAddress(target: string | undefined, base?: string): string | undefined {
  if (target === undefined) return undefined;
  let url: URL;
  try {
    url = base === undefined ? new URL(target) : new URL(target, base);
  } catch {
    return undefined;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
}

/**
 * A text as SARIF's plain text (2.1.0, 3.11.6): `[text](target)` there is an embedded link, so every square
 * bracket (and a backslash before one) is escaped, and a name a plugin wrote cannot become a link in a code
 * scanning alert.
 */
export function sarifPlainText(text: string): string {
  return text.replace(/\\(?=[[\]])|[[\]]/g, '\\$&');
}
