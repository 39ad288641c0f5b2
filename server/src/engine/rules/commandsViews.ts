import type { Entry } from '../model/manifestModel';
import { valueNode } from '../model/nodes';
import { quote } from './messages';
import type { RuleArea, RuleContext } from './rule';

/** contributes.commands[] (slash commands) and contributes.views[] (plugin panels). */
export const commandViewRules: RuleArea = {
  rules: [
    {
      code: 'commands.duplicate-id',
      severity: 'error',
      description: 'Two slash commands of the manifest share an id.',
      decision: 'An error, like duplicate tool and action ids: an id names one command.',
    },
    {
      code: 'views.duplicate-id',
      severity: 'error',
      description: 'Two views of the manifest share an id.',
      decision: 'An error, like duplicate tool and action ids: an id names one view.',
    },
  ],
  check(context) {
    reportDuplicateIds(context, context.model.commands, 'commands.duplicate-id', 'Command');
    reportDuplicateIds(context, context.model.views, 'views.duplicate-id', 'View');
  },
};

function reportDuplicateIds({ report }: RuleContext, entries: Entry[], code: string, noun: string): void {
  const firstIndex = new Map<unknown, number>();
  entries.forEach((entry, index) => {
    const id = valueNode(entry.node, 'id');
    if (typeof id?.value !== 'string') return;
    const first = firstIndex.get(id.value);
    if (first === undefined) firstIndex.set(id.value, index);
    else report(code, id, `${noun} id ${quote(id.value)} is already used by entry [${first}].`, { path: [...entry.path, 'id'] });
  });
}
