/**
 * Where one version of a text differs from an earlier one: `old.slice(start, oldEnd)` became
 * `new.slice(start, newEnd)`, and everything before `start` and after the region is unchanged.
 * Offsets are UTF-16 code units. Any sequence of edits folds into one region, so an incremental
 * re-parse needs only this, however many changes a client sent since the last parse.
 */
export interface EditedRegion {
  start: number;
  oldEnd: number;
  newEnd: number;
}

/**
 * The region after one more edit: `deletedLength` code units at `offset` (in the text as the earlier
 * edits left it) replaced by `insertedLength` code units. `region` undefined means no edit yet.
 */
export function extendEditedRegion(
  region: EditedRegion | undefined,
  offset: number,
  deletedLength: number,
  insertedLength: number,
): EditedRegion {
  const editEnd = offset + deletedLength;
  if (!region) return { start: offset, oldEnd: editEnd, newEnd: offset + insertedLength };
  // In the current text the changed part is [region.start, region.newEnd); the union with this edit,
  // mapped back to the old text, is the new region. Past the old region, old and current differ by a constant.
  const start = Math.min(region.start, offset);
  const end = Math.max(region.newEnd, editEnd);
  return { start, oldEnd: region.oldEnd + (end - region.newEnd), newEnd: end - deletedLength + insertedLength };
}

/** Two regions one after the other (the first from version a to b, the second from b to c) as one, from a to c. */
export function composeEditedRegions(first: EditedRegion, second: EditedRegion): EditedRegion {
  return extendEditedRegion(first, second.start, second.oldEnd - second.start, second.newEnd - second.start);
}
