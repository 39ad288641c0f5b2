import type { Range } from '../diagnostics';
import type { OffsetEdit } from '../fixes/fix';
import { LineIndex } from '../text/lineIndex';

/** Where something is in a handler's text. */
interface Place {
  offset: number;
  length: number;
  range: Range;
}

/**
 * A comment in a handler that accepts findings there, as ESLint's disable comments do:
 * `// filer-manifest-disable-next-line <code>[, <code>…] [-- <reason>]` for the line below it, and
 * `// filer-manifest-disable <code>[, <code>…] [-- <reason>]` for the whole file (either also as a block comment).
 */
export interface SuppressionComment extends Place {
  scope: 'next-line' | 'file';
  /** The line (0-based) of the comment: a next-line comment accepts the findings that start on the line after it. */
  line: number;
  /** Each code named, where it is written (an unused one is reported there). */
  codes: (Place & { code: string })[];
  reason?: string;
}

const directiveWord = 'filer-manifest-disable';

/**
 * A comment alone on its line, naming the directive: `//` to the line's end, or one `/* … *\/` that ends on it. Read
 * line by line, not parsed, so that a comment is found however broken the code around it is; a line that starts a
 * comment is one, but for one inside a template literal or a block comment, where nobody writes this.
 */
const directiveLine =
  /^([ \t]*)(\/\/[ \t]*|\/\*[ \t]*)filer-manifest-disable(-next-line)?(?=[ \t]|\*\/|$)(.*?)(\*\/)?[ \t]*$/;

/** The suppression comments of a handler's text (none, at the cost of one search, in a text without the word). */
export function suppressionComments(text: string): SuppressionComment[] {
  if (!text.includes(directiveWord)) return [];
  const lines = new LineIndex(text);
  const comments: SuppressionComment[] = [];
  let lineStart = 0;
  for (let line = 0; lineStart <= text.length; line++) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const lineText = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    const match = lineText.includes(directiveWord) ? directiveLine.exec(lineText) : null;
    // A block comment must close on its line; a line comment must not be one.
    if (match && (match[2].startsWith('//') ? match[5] === undefined : match[5] !== undefined)) {
      const [, indent, opener, nextLine, rest] = match;
      const restOffset = lineStart + indent.length + opener.length + directiveWord.length + (nextLine?.length ?? 0);
      const place = (offset: number, length: number): Place => ({
        offset,
        length,
        range: lines.rangeOf(offset, length),
      });
      // ` -- ` starts the reason, which may be empty (`-- ` at the line's end, being typed).
      const separator = rest.search(/(^|[ \t])--([ \t]|$)/);
      const codesText = separator === -1 ? rest : rest.slice(0, separator);
      const reason =
        separator === -1
          ? undefined
          : rest
              .slice(separator)
              .replace(/^[ \t]*--/, '')
              .trim();
      const codes: SuppressionComment['codes'] = [];
      for (const written of codesText.matchAll(/[^\s,]+/g))
        codes.push({ code: written[0], ...place(restOffset + written.index, written[0].length) });
      const commentLength = lineText.trimEnd().length - indent.length;
      comments.push({
        scope: nextLine ? 'next-line' : 'file',
        line,
        codes,
        ...(reason ? { reason } : {}),
        ...place(lineStart + indent.length, commentLength),
      });
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return comments;
}

/** Which of a comment's codes accepts a finding of `code` starting on `line`: its index, or -1 for none. */
export function acceptedCodeIndex(comment: SuppressionComment, code: string, line: number): number {
  if (comment.scope === 'next-line' && line !== comment.line + 1) return -1;
  return comment.codes.findIndex((named) => named.code === code);
}

/**
 * The edit that accepts a finding of `code` starting on `line` (0-based) of a handler: its code added to the
 * next-line comment above it, or a new one written there, indented as the line is.
 */
export function suppressionEdit(text: string, line: number, code: string): OffsetEdit {
  const lines = new LineIndex(text);
  const lineStart = lines.offsetAt({ line, character: 0 });
  const above = suppressionComments(text).find((comment) => comment.scope === 'next-line' && comment.line === line - 1);
  if (above) {
    const last = above.codes[above.codes.length - 1];
    if (last) return { offset: last.offset + last.length, length: 0, newText: `, ${code}` };
  }
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return { offset: lineStart, length: 0, newText: `${indent}// ${directiveWord}-next-line ${code}${eol}` };
}

/**
 * The edit that removes a code a suppression comment names (the one written at `offset`), with the comma between it and
 * its neighbour; the comment's whole line when it names no other (or, `code` undefined, the comment at `offset` that
 * names none). Undefined when the text no longer has it there.
 */
export function suppressionRemoval(text: string, offset: number, code: string | undefined): OffsetEdit | undefined {
  const comments = suppressionComments(text);
  const comment =
    code === undefined
      ? comments.find((candidate) => candidate.offset === offset && candidate.codes.length === 0)
      : comments.find((candidate) => candidate.codes.some((named) => named.offset === offset && named.code === code));
  if (!comment) return undefined;
  if (comment.codes.length <= 1) {
    const start = text.lastIndexOf('\n', comment.offset - 1) + 1;
    const newline = text.indexOf('\n', comment.offset);
    const end = newline === -1 ? text.length : newline + 1;
    return { offset: start, length: end - start, newText: '' };
  }
  const index = comment.codes.findIndex((named) => named.offset === offset);
  const named = comment.codes[index];
  const [before, after] = [comment.codes[index - 1], comment.codes[index + 1]];
  if (after) return { offset: named.offset, length: after.offset - named.offset, newText: '' };
  const from = before.offset + before.length;
  return { offset: from, length: named.offset + named.length - from, newText: '' };
}
