import type { Range } from '../diagnostics';
import type { Entry, ManifestModel } from './manifestModel';
import { valueNode } from './nodes';

/** Where an entry is written in the manifest, so the client can jump to it. */
export interface SourceSpan {
  /** The entry's object. */
  offset: number;
  length: number;
  range: Range;
  /** The entry's `id` value when it has one (what a jump selects), else the object's start. */
  focus: Range;
}

/** Where an entry is written in the manifest: its object, and its `id` value (what a jump selects). */
export function spanOf(model: ManifestModel, entry: Entry): SourceSpan {
  const lines = model.document.lines;
  const idNode = valueNode(entry.node, 'id');
  return {
    offset: entry.node.offset,
    length: entry.node.length,
    range: lines.rangeOf(entry.node.offset, entry.node.length),
    focus: idNode ? lines.rangeOf(idNode.offset, idNode.length) : lines.rangeOf(entry.node.offset, 0),
  };
}
