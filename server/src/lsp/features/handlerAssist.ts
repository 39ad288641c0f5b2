import { CompletionItemKind, MarkupKind, type CompletionItem, type Hover } from 'vscode-languageserver';
import { argumentHoverAt, handlerCompletionsAt, type HandlerCompletion, type NamedHandler } from '../../engine';
import { markupContent, type Markup } from '../markdown';

/** A hover on an argument a tool handler reads: its schema property's type, format and description. */
export function handlerHover(handler: NamedHandler, offset: number, markup: Markup): Hover | undefined {
  const found = argumentHoverAt(handler, offset);
  if (!found) return undefined;
  const { name, type, format, description } = found.property;
  const shape = [type, format && `format ${format}`].filter(Boolean).join(', ');
  const lines = [
    `${markup.strong(name)}${markup.text(`: an argument of the tool's schema${shape ? ` (${shape})` : ''}.`)}`,
  ];
  if (description) lines.push(markup.text(description));
  return { contents: markupContent(markup, lines.join('\n\n')), range: found.span.range };
}

/** A name that can follow a dot: a schema property named otherwise is read as `args['a-b']`, and not offered. */
const identifier = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;

/** Completion after `ctx.` and `args.` in a handler (and on their aliases); undefined anywhere else. */
export function handlerCompletions(handler: NamedHandler, text: string, offset: number): CompletionItem[] | undefined {
  const completions = handlerCompletionsAt(handler, text, offset);
  return completions?.flatMap((completion, index) => {
    const item = completionItem(completion);
    return identifier.test(item.label) ? [{ ...item, sortText: String(index).padStart(4, '0') }] : [];
  });
}

function completionItem(completion: HandlerCompletion): CompletionItem {
  if (completion.kind === 'argument') {
    const { name, type, format, description } = completion.property;
    return {
      label: name,
      kind: CompletionItemKind.Property,
      detail: [type, format && `format ${format}`].filter(Boolean).join(', ') || 'tool argument',
      // The schema's words, not markup: plain text for every client.
      ...(description ? { documentation: { kind: MarkupKind.PlainText, value: description } } : {}),
    };
  }
  const needs = completion.members.map(({ gated, declared }) =>
    declared
      ? `\`${gated.member}\` needs \`permissions.${gated.permission.join('.')}\`, which the manifest declares.`
      : `\`${gated.member}\` needs \`permissions.${gated.permission.join('.')}\`, which the manifest does not declare, so ${gated.without(gated.member)}.`,
  );
  const permissions = [...new Set(completion.members.map(({ gated }) => `permissions.${gated.permission.join('.')}`))];
  const undeclared = completion.members.some(({ declared }) => !declared);
  return {
    label: completion.name,
    kind: CompletionItemKind.Property,
    detail: `needs ${permissions.join(', ')}${undeclared ? ' (not declared)' : ''}`,
    documentation: { kind: MarkupKind.PlainText, value: needs.join('\n') },
  };
}
