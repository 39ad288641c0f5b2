import { CompletionItemKind, type CompletionItem, type Hover } from 'vscode-languageserver';
import { configCompletions, configRuleHover, pathOfNode, type ConfigPlace, type ParsedDocument } from '../../engine';
import { cursorContext, isKeyNode, nodeAt, pathAt } from '../jsonLocation';
import { markupContent, type Markup } from '../markdown';

/**
 * Completion in a filer-manifest.config.json: the engine's (configAssist.ts) at the place the file's one parse puts the
 * cursor (as a manifest's completion finds it), as LSP items replacing the key or value typed there.
 */
export function configCompletionItems(document: ParsedDocument, offset: number): CompletionItem[] {
  const context = cursorContext(document, offset);
  if (context.kind === 'none') return [];
  const place: ConfigPlace =
    context.kind === 'key' ? { kind: 'key', objectPath: context.path } : { kind: 'value', path: context.path };
  const range = document.lines.rangeOf(context.span.offset, context.span.length);
  // The client matches the text typed in the range against the filter text: with its opening quote when one is typed
  // (VS Code offered nothing for `"tools.ti` matched against `tools.timeout`).
  const quoted = document.text[context.span.offset] === '"';
  return configCompletions(place).map((completion, index) => {
    const newText = JSON.stringify(completion.label);
    return {
      label: completion.label,
      kind: completion.kind === 'key' ? CompletionItemKind.Property : CompletionItemKind.Value,
      detail: completion.detail,
      // The engine's order (severities from off to error, keys as the file is read), not the client's alphabet.
      sortText: String(index).padStart(4, '0'),
      filterText: quoted ? newText : completion.label,
      textEdit: { range, newText },
    };
  });
}

/** Hover on a rule code in a config file: what the rule checks, its default severity, and a link to its page. */
export function configHover(
  document: ParsedDocument,
  offset: number,
  markup: Markup,
  pageOf: ((code: string) => string | undefined) | undefined,
): Hover | undefined {
  const node = nodeAt(document.root, offset);
  if (node?.type !== 'string' || typeof node.value !== 'string') return undefined;
  const place: ConfigPlace = isKeyNode(node)
    ? { kind: 'key', objectPath: pathOfNode(node.parent!.parent!) }
    : { kind: 'value', path: pathAt(node) };
  const found = configRuleHover(place, node.value);
  if (!found) return undefined;
  const page = pageOf?.(found.code);
  // A link is markup only where the client reads Markdown; a plain-text client gets the address.
  const link = page ? (markup.kind === 'markdown' ? `[The rule's page](${page})` : `The rule's page: ${page}`) : '';
  return {
    contents: markupContent(
      markup,
      markup.sections([`${markup.code(found.code)}: ${markup.text(found.text)}`, link].filter(Boolean)),
    ),
    range: document.lines.rangeOf(node.offset, node.length),
  };
}
