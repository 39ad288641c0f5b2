/**
 * Whether an id may be renamed to a new name: what an id may be is the validator's to say, so the new
 * name is refused for what the validator would report at a renamed place that it does not report now
 * (a dot in a tool id, an action id that is not kebab-case, an empty tool id), in its words; and for a
 * name another entry of the same kind already has, naming that entry.
 */
import type { OffsetEdit } from './fixes/fix';
import { applyEdits } from './fixes/textEdits';
import { idSymbols, type IdSymbol } from './model/idSymbols';
import type { ManifestModel } from './model/manifestModel';
import { formatPath, keyNode, leafValue, pathOfNode, valueNode } from './model/nodes';
import type { JsonNode } from './parse/jsonNode';
import { quote } from './rules/messages';
import { analyzeManifest, validateModel } from './validate';

/** Every finding counts, however many the manifest has: the ones at the renamed places must not be cut. */
const uncapped = { maxDiagnostics: Number.MAX_SAFE_INTEGER };

/**
 * Why renaming `symbol` to `newName` with `edits` (the rename's edits of the manifest's text) is refused,
 * in words; undefined when it may be made.
 */
export function renameRefusal(
  model: ManifestModel,
  symbol: IdSymbol,
  newName: string,
  edits: OffsetEdit[],
): string | undefined {
  if (newName === symbol.name) return undefined;
  const sameKind = (other: IdSymbol) => other.kind === symbol.kind && other.scope === symbol.scope;
  const clash = idSymbols(model).find(
    (other) => sameKind(other) && other.name === newName && other.declarations.length > 0,
  );
  if (clash) {
    // The reference's words for tools: "One name, one tool".
    return `${entryWords(clash.declarations[0])} already has that id${symbol.kind === 'tool' ? ': one name, one tool' : ''}.`;
  }

  const places = [...symbol.declarations, ...symbol.references];
  const before = validateModel(model, uncapped);
  const after = analyzeManifest(applyEdits(model.document.text, edits), uncapped).diagnostics;
  for (const place of places) {
    const was = new Set(
      before.filter((diagnostic) => within(diagnostic, place.offset, place.offset + place.length)).map((d) => d.code),
    );
    const [start, end] = [moved(place.offset, edits), moved(place.offset + place.length, edits)];
    const found = after.find((diagnostic) => within(diagnostic, start, end) && !was.has(diagnostic.code));
    if (found) return found.message;
  }
  return undefined;
}

function within(diagnostic: { offset: number; length: number }, start: number, end: number): boolean {
  return diagnostic.offset >= start && diagnostic.offset + diagnostic.length <= end;
}

/** An offset of the text before the edits, in the text after them (an edit that ends at or before it moves it). */
function moved(offset: number, edits: OffsetEdit[]): number {
  let at = offset;
  for (const edit of edits) if (edit.offset + edit.length <= offset) at += edit.newText.length - edit.length;
  return at;
}

/** The entry a declaration declares, as messages name it: `contributes.tools[1] ("Publish")`. */
function entryWords(declaration: JsonNode): string {
  const property = declaration.parent;
  // A setting is declared by its key; a tool, an action or a param by its `id` value.
  const isKey = property?.type === 'property' && keyNode(property) === declaration;
  const entry = isKey ? valueNode(property) : property?.parent;
  if (!entry) return 'another entry';
  const title = leafValue(entry, 'title');
  return `${formatPath(pathOfNode(entry))}${typeof title === 'string' ? ` (${quote(title)})` : ''}`;
}
