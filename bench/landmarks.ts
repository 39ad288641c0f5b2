import type { GeneratedPlugin } from './generateManifest';
import type { Position } from './servers';

/** 0-based line/character (UTF-16) of an offset, as LSP wants it. */
function positionAt(text: string, offset: number): Position {
  let line = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, character: offset - lineStart };
}

/**
 * Where the bench edits, completes and hovers, all in the middle tool of the list: an edit inside
 * its description, completion of a key inside its annotations (as when adding one), hover on its id.
 */
export function landmarks(plugin: GeneratedPlugin): { edit: Position; completion: Position; hover: Position } {
  const text = plugin.manifestText;
  const idAt = text.indexOf(`"id": "${plugin.middleToolId}"`);
  const descriptionAt = text.indexOf('"description": "', idAt);
  const annotationsAt = text.indexOf('"annotations": {', idAt);
  const annotationKeyAt = text.indexOf('"readOnlyHint"', annotationsAt);
  const nextToolAt = text.indexOf('"id": "', idAt + 1);
  if (
    idAt < 0 ||
    descriptionAt < 0 ||
    annotationsAt < 0 ||
    annotationKeyAt < 0 ||
    (nextToolAt >= 0 && annotationKeyAt > nextToolAt)
  ) {
    throw new Error(`The middle tool ${plugin.middleToolId} does not have the expected layout.`);
  }
  return {
    hover: positionAt(text, idAt + '"id": "'.length + 2),
    edit: positionAt(text, descriptionAt + '"description": "'.length + 5),
    completion: positionAt(text, annotationKeyAt + 1),
  };
}
