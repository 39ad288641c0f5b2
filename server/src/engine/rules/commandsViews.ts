import { reportDuplicateIds } from './duplicateIds';
import { quote } from './messages';
import type { RuleArea } from './rule';

/** contributes.commands[] (slash commands) and contributes.views[] (plugin panels). */
export const commandViewRules: RuleArea = {
  rules: [
    {
      code: 'commands.duplicate-id',
      severity: 'warning',
      description: 'Two slash commands of the manifest share an id.',
      decision: 'A warning, like duplicate action ids: the reference states no rule against it, but an id names one slash command, and the reference does not say which of the two the app would keep.',
    },
    {
      code: 'views.duplicate-id',
      severity: 'warning',
      description: 'Two views of the manifest share an id.',
      decision: 'A warning, like duplicate action ids: the reference states no rule against it, but an id names one panel, and the reference does not say which of the two the app would keep.',
    },
  ],
  check(context) {
    reportDuplicateIds(context, context.model.commands, 'commands.duplicate-id', (id, first) => `Command id ${quote(id)} is already used by ${first}.`);
    reportDuplicateIds(context, context.model.views, 'views.duplicate-id', (id, first) => `View id ${quote(id)} is already used by ${first}.`);
  },
};
