import type { Entry } from '../model/manifestModel';
import { valueNode } from '../model/nodes';
import { formatPath } from '../model/nodes';
import type { RuleContext } from './rule';

/** Reports every entry whose `id` an earlier entry of the same list already has, at its id. */
export function reportDuplicateIds<C extends string>(
  { report }: RuleContext<C>,
  entries: Entry[],
  code: NoInfer<C>,
  message: (id: string, firstPath: string) => string,
  /** Tools: the fix data carries the tool's index. */
  withToolIndex = false,
): void {
  const first = new Map<string, Entry>();
  for (const entry of entries) {
    const id = valueNode(entry.node, 'id');
    if (typeof id?.value !== 'string') continue;
    const earlier = first.get(id.value);
    if (!earlier) first.set(id.value, entry);
    else report(code, id, message(id.value, formatPath(earlier.path)), { path: [...entry.path, 'id'], ...(withToolIndex && typeof entry.key === 'number' ? { toolIndex: entry.key } : {}) });
  }
}
