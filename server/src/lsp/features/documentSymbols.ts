import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import {
  describeGating,
  entryPlace,
  keyNode,
  toolGating,
  toolLabel,
  valueNode,
  type Entry,
  type JsonNode,
  type ManifestModel,
  type ParsedDocument,
} from '../../engine';

/**
 * The outline: the plugin (its name and version) over the whole manifest, and under it tools (with their
 * approval category), actions, settings, hooks, commands and views, each under its section. The one root
 * gives an editor that shows the symbol at the cursor (VS Code's breadcrumb) one wherever the cursor is,
 * on a top-level field too.
 */
export function documentSymbols(document: ParsedDocument, model: ManifestModel): DocumentSymbol[] {
  const lines = document.lines;
  const range = (node: JsonNode) => lines.rangeOf(node.offset, node.length);
  const symbol = (
    name: string,
    kind: SymbolKind,
    node: JsonNode,
    selection: JsonNode,
    detail?: string,
    children?: DocumentSymbol[],
  ): DocumentSymbol => ({
    name: name || '(unnamed)',
    kind,
    range: range(node),
    selectionRange: range(selection),
    ...(detail ? { detail } : {}),
    ...(children ? { children } : {}),
  });
  const entryName = (entry: Entry, field: string) => {
    const value = entry.value[field];
    return typeof value === 'string' ? value : typeof entry.key === 'string' ? entry.key : entryPlace(entry);
  };
  const selectionOf = (entry: Entry) => entry.keyNode ?? valueNode(entry.node, 'id') ?? entry.node;
  const titleOf = (entry: Entry) => (typeof entry.value.title === 'string' ? entry.value.title : undefined);

  const symbols: DocumentSymbol[] = [];
  const section = <T extends Entry>(key: string, entries: T[], describe: (entry: T) => DocumentSymbol) => {
    const sectionKey = keyNode(model.contributes, key);
    if (!sectionKey) return;
    const children = entries.map(describe);
    symbols.push(symbol(key, SymbolKind.Namespace, sectionKey.parent!, sectionKey, `${children.length}`, children));
  };

  section('tools', model.tools, (tool) => {
    const selection = valueNode(tool.node, 'id') ?? valueNode(tool.node, 'name') ?? tool.node;
    return symbol(toolLabel(tool), SymbolKind.Function, tool.node, selection, describeGating(toolGating(tool, model)));
  });
  section('actions', model.actions, (entry) =>
    symbol(entryName(entry, 'id'), SymbolKind.Event, entry.node, selectionOf(entry), titleOf(entry)),
  );
  section('settings', model.settings, (entry) =>
    symbol(
      String(entry.key),
      SymbolKind.Property,
      entry.keyNode!.parent!,
      entry.keyNode!,
      typeof entry.value.type === 'string' ? entry.value.type : undefined,
    ),
  );
  section('hooks', model.hooks, (entry) =>
    symbol(String(entry.key), SymbolKind.Event, entry.keyNode!.parent!, entry.keyNode!),
  );
  section('commands', model.commands, (entry) =>
    symbol(entryName(entry, 'id'), SymbolKind.Method, entry.node, selectionOf(entry), titleOf(entry)),
  );
  section('views', model.views, (entry) =>
    symbol(entryName(entry, 'id'), SymbolKind.Interface, entry.node, selectionOf(entry), titleOf(entry)),
  );
  if (!model.root) return [];
  const { name, version } = model.value;
  const plugin = typeof name === 'string' ? name : '';
  const selection = valueNode(model.root, 'name') ?? model.root;
  return [
    symbol(
      plugin,
      SymbolKind.Package,
      model.root,
      selection,
      typeof version === 'string' ? version : undefined,
      symbols,
    ),
  ];
}
