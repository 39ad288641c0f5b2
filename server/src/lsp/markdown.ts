import { MarkupKind, type MarkupContent } from 'vscode-languageserver';

/** Every ASCII punctuation character: CommonMark lets a backslash escape any of them. */
const asciiPunctuation = /[!-/:-@[-`{-~]/g;
const lineBreaks = /[\r\n\u2028\u2029]+/g;

/**
 * Text as written, never as markup: every ASCII punctuation character is backslash-escaped (so no
 * emphasis, code span, link, image, autolink, HTML tag or entity can start), and line breaks are
 * folded into spaces (so no heading, list, quote or table can start a new line).
 */
export function escapeMarkdown(text: string): string {
  return text.replace(lineBreaks, ' ').replace(asciiPunctuation, '\\$&');
}

/**
 * A code span that shows `text` as written: backslashes do not escape inside a code span, so the
 * fence is one backtick longer than the longest run in the text, and a space pads a text that starts
 * or ends with a backtick or a space (CommonMark strips one from each side). Line breaks are folded.
 */
export function codeSpan(text: string): string {
  const flat = text.replace(lineBreaks, ' ');
  if (flat === '') return '` `';
  let longest = 0;
  let run = 0;
  for (const character of flat) {
    run = character === '`' ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(flat) ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/**
 * How hover text is written for one client: markdown (our words and the manifest's text escaped,
 * emphasis and code as markup) or plain text (as written, for clients that declare only plaintext).
 */
export interface Markup {
  readonly kind: MarkupKind;
  text(text: string): string;
  strong(text: string): string;
  code(text: string): string;
  /** Sections one after the other. */
  sections(sections: string[]): string;
}

export const markdownMarkup: Markup = {
  kind: MarkupKind.Markdown,
  text: escapeMarkdown,
  strong: (text) => `**${escapeMarkdown(text)}**`,
  code: codeSpan,
  sections: (sections) => sections.join('\n\n---\n\n'),
};

const plainTextMarkup: Markup = {
  kind: MarkupKind.PlainText,
  text: (text) => text,
  strong: (text) => text,
  code: (text) => text,
  sections: (sections) => sections.join('\n\n'),
};

/** The client's first supported format (LSP orders `contentFormat` by preference); markdown when it declares none. */
export function markupFor(contentFormat: MarkupKind[] | undefined): Markup {
  const preferred = contentFormat?.find((kind) => kind === MarkupKind.Markdown || kind === MarkupKind.PlainText);
  return preferred === MarkupKind.PlainText ? plainTextMarkup : markdownMarkup;
}

export function markupContent(markup: Markup, value: string): MarkupContent {
  return { kind: markup.kind, value };
}
