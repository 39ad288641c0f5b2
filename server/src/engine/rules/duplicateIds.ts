import type { Entry } from '../model/manifestModel';
import { formatPath, leafValue, valueNode, type JsonPath } from '../model/nodes';
import type { DataOf, ReportableCode, RuleContext, RuleList } from './rule';

/** What a duplicate id carries: the later id, and where the first entry with it is. */
export interface DuplicateIdData {
  jsonPath: JsonPath;
  id: string;
  /** `contributes.tools[0]`: the entry that has the id first. */
  firstPlace: string;
}

/** Reports every entry whose `id` an earlier entry of the same list already has, at its id. */
export function reportDuplicateIds<R extends RuleList, C extends ReportableCode<R>>(
  { report }: RuleContext<R>,
  entries: Entry[],
  code: C & (DuplicateIdData extends DataOf<R, C> ? unknown : never),
): void {
  const first = new Map<string, Entry>();
  for (const entry of entries) {
    const id = leafValue(entry.node, 'id');
    if (typeof id !== 'string') continue;
    const earlier = first.get(id);
    if (!earlier) first.set(id, entry);
    else
      report(code, valueNode(entry.node, 'id')!, {
        jsonPath: [...entry.jsonPath, 'id'],
        id,
        firstPlace: formatPath(earlier.jsonPath),
      } as DataOf<R, C>);
  }
}
