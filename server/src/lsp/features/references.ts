import { ResponseError, ErrorCodes, type Location, type Range, type WorkspaceEdit } from 'vscode-languageserver';
import { renameRefusal, type ManifestModel, type ParsedDocument } from '../../engine';
import { stringContent, symbolAt } from '../symbolIndex';

/**
 * Find references of a tool, action, setting or param id: its declarations (when asked) and every place that names it.
 */
export function referencesAt(
  uri: string,
  document: ParsedDocument,
  model: ManifestModel,
  offset: number,
  includeDeclaration: boolean,
): Location[] {
  const found = symbolAt(model, offset);
  if (!found) return [];
  const nodes = [...(includeDeclaration ? found.symbol.declarations : []), ...found.symbol.references].sort(
    (a, b) => a.offset - b.offset,
  );
  return nodes.map((node) => ({ uri, range: document.lines.rangeOf(node.offset, node.length) }));
}

/** The id under the cursor, without its quotes, when it can be renamed. */
export function prepareRenameAt(
  document: ParsedDocument,
  model: ManifestModel,
  offset: number,
): { range: Range; placeholder: string } | undefined {
  const found = symbolAt(model, offset);
  if (!found) return undefined;
  const content = stringContent(found.node, document.text);
  return { range: document.lines.rangeOf(content.offset, content.length), placeholder: found.symbol.name };
}

/**
 * Rename an id everywhere this manifest names it: a tool id and every `toolId`, an action id and every
 * `generate.actionId`, a setting and its `fetch.settings` entries, a param and the generate fields that
 * name it. A new name the validator would report, or one another entry already has, is refused, and
 * the engine (renameRefusal) says why.
 */
export function renameAt(
  uri: string,
  version: number,
  document: ParsedDocument,
  model: ManifestModel,
  offset: number,
  newName: string,
  documentChanges: boolean,
): WorkspaceEdit | ResponseError<never> | null {
  const found = symbolAt(model, offset);
  if (!found) return null;
  const replacement = JSON.stringify(newName).slice(1, -1);
  const offsetEdits = [...found.symbol.declarations, ...found.symbol.references]
    .sort((a, b) => a.offset - b.offset)
    .map((node) => ({ ...stringContent(node, document.text), newText: replacement }));
  const refusal = renameRefusal(model, found.symbol, newName, offsetEdits);
  if (refusal) {
    return new ResponseError<never>(
      ErrorCodes.InvalidParams,
      `Cannot rename ${JSON.stringify(found.symbol.name)} to ${JSON.stringify(newName)}: ${refusal}`,
    );
  }
  const edits = offsetEdits.map((edit) => ({
    range: document.lines.rangeOf(edit.offset, edit.length),
    newText: edit.newText,
  }));
  return documentChanges
    ? { documentChanges: [{ textDocument: { uri, version }, edits }] }
    : { changes: { [uri]: edits } };
}
