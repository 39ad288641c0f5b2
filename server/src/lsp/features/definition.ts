import type { LocationLink } from 'vscode-languageserver';
import { keyNode, normalizeRelativePath, type ManifestModel, type ParsedDocument } from '../../engine';
import { endOf } from '../jsonLocation';
import { symbolAt } from '../symbolIndex';
import { linkableReferences } from './documentLinks';

/**
 * Go to definition: from `toolId` to its tool, from `generate.actionId` to its action, from a
 * `fetch.settings` entry to its setting, from `populateParamId` / `forwardParamIds` to the param;
 * from a file path (schema, handler, prompt, command) to the file, unless `fileUri` has none for it
 * (a path that leads out of the plugin folder).
 */
export function definitionAt(
  uri: string,
  document: ParsedDocument,
  model: ManifestModel,
  offset: number,
  fileUri: ((relativePath: string) => string | undefined) | undefined,
): LocationLink[] {
  const lines = document.lines;
  const found = symbolAt(model, offset);
  if (found) {
    const origin = lines.rangeOf(found.node.offset, found.node.length);
    return found.symbol.declarations
      .filter((declaration) => declaration !== found.node)
      .map((declaration) => {
        // The target is the whole entry (tool, action, param or setting); the id is what gets selected.
        const entry =
          declaration.parent?.type === 'property'
            ? keyNode(declaration.parent) === declaration
              ? declaration.parent
              : declaration.parent.parent!
            : declaration;
        return {
          originSelectionRange: origin,
          targetUri: uri,
          targetRange: lines.rangeOf(entry.offset, entry.length),
          targetSelectionRange: lines.rangeOf(declaration.offset, declaration.length),
        };
      });
  }
  if (!fileUri) return [];
  const reference = linkableReferences(model).find(
    (candidate) => offset >= candidate.node.offset && offset <= endOf(candidate.node),
  );
  const targetUri = reference && fileUri(normalizeRelativePath(reference.filePath));
  if (!reference || targetUri === undefined) return [];
  const start = { line: 0, character: 0 };
  return [
    {
      originSelectionRange: lines.rangeOf(reference.node.offset, reference.node.length),
      targetUri,
      targetRange: { start, end: start },
      targetSelectionRange: { start, end: start },
    },
  ];
}
