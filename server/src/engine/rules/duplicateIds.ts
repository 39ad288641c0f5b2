import type { Entry } from '../model/manifestModel';
import { formatPath, leafValue, valueNode, type JsonPath } from '../model/nodes';
import type { JsonNode } from '../parse/jsonNode';
import { quote } from './messages';

/** What a duplicate id carries: the later id, and where the first entry with it is. */
export interface DuplicateIdData {
  jsonPath: JsonPath;
  id: string;
  /** `contributes.tools[0]`: the entry that has the id first. */
  firstPlace: string;
}

/** Every entry whose `id` an earlier entry of the same list already has: its id's node, and the finding's data. */
export function duplicateIds(entries: readonly Entry[]): { at: JsonNode; data: DuplicateIdData }[] {
  const first = new Map<string, Entry>();
  const found: { at: JsonNode; data: DuplicateIdData }[] = [];
  for (const entry of entries) {
    const id = leafValue(entry.node, 'id');
    if (typeof id !== 'string') continue;
    const earlier = first.get(id);
    if (!earlier) first.set(id, entry);
    else
      found.push({
        at: valueNode(entry.node, 'id')!,
        data: { jsonPath: [...entry.jsonPath, 'id'], id, firstPlace: formatPath(earlier.jsonPath) },
      });
  }
  return found;
}

/**
 * The message of a duplicate id in a list whose later entry the reference does not say the app drops (actions,
 * commands, views): `what` is how the message names the id ("Action").
 */
export function undocumentedDuplicateMessage(what: string): (data: DuplicateIdData) => string {
  return ({ id, firstPlace }) =>
    `${what} id ${quote(id)} is already used by \`${firstPlace}\`. Which of the two Filer keeps is not documented: give each its own id.`;
}
