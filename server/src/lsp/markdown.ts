import { MarkupKind, type MarkupContent } from 'vscode-languageserver';
import { markdownCode, markdownText, terminalText } from '../engine';

/**
 * How hover text is written for one client: markdown (our words and the manifest's text escaped,
 * emphasis and code as markup) or plain text (as written but for control and bidirectional
 * characters, for clients that declare only plaintext).
 */
export interface Markup {
  readonly kind: MarkupKind;
  text(text: string): string;
  strong(text: string): string;
  code(text: string): string;
  /** Sections one after the other. */
  sections(sections: string[]): string;
}

/** The manifest's text never as markup, with the one Markdown escaper the CLI's gating review uses too. */
export const markdownMarkup: Markup = {
  kind: MarkupKind.Markdown,
  text: markdownText,
  strong: (text) => `**${markdownText(text)}**`,
  code: markdownCode,
  sections: (sections) => sections.join('\n\n---\n\n'),
};

/** As written, but for control and bidirectional characters, shown as escapes as in a terminal. */
const plainTextMarkup: Markup = {
  kind: MarkupKind.PlainText,
  text: terminalText,
  strong: terminalText,
  code: terminalText,
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
