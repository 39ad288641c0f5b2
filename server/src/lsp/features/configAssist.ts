import { CompletionItemKind, type CompletionItem, type Hover } from 'vscode-languageserver';
import { configCompletions, configHoverAt, type LineIndex } from '../../engine';
import { markupContent, type Markup } from '../markdown';

/** Completion in a filer-manifest.config.json: the engine's (configAssist.ts), as LSP items. */
export function configCompletionItems(text: string, lines: LineIndex, offset: number): CompletionItem[] {
  return configCompletions(text, offset).map((completion, index) => ({
    label: completion.label,
    kind: completion.kind === 'key' ? CompletionItemKind.Property : CompletionItemKind.Value,
    detail: completion.detail,
    // The engine's order (severities from off to error, keys as the file is read), not the client's alphabet.
    sortText: String(index).padStart(4, '0'),
    textEdit: { range: lines.rangeOf(completion.offset, completion.length), newText: completion.newText },
    // The client matches what is typed in the range, its opening quote included, against this: the text written.
    filterText: completion.newText,
  }));
}

/** Hover on a rule code in a config file: what the rule checks, its default severity, and a link to its page. */
export function configHover(
  text: string,
  lines: LineIndex,
  offset: number,
  markup: Markup,
  pageOf: ((code: string) => string | undefined) | undefined,
): Hover | undefined {
  const found = configHoverAt(text, offset);
  if (!found) return undefined;
  const page = pageOf?.(found.code);
  // A link is markup only where the client reads Markdown; a plain-text client gets the address.
  const link = page ? (markup.kind === 'markdown' ? `[The rule's page](${page})` : `The rule's page: ${page}`) : '';
  return {
    contents: markupContent(
      markup,
      markup.sections([`${markup.code(found.code)}: ${markup.text(found.text)}`, link].filter(Boolean)),
    ),
    range: lines.rangeOf(found.offset, found.length),
  };
}
