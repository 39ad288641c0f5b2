import { reportDuplicateIds } from './duplicateIds';
import { quote } from './messages';
import { defineRules, type CodeOf, type RuleArea } from './rule';

const definitions = defineRules([
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
]);

type Code = CodeOf<typeof definitions>;

/** contributes.commands[] (slash commands) and contributes.views[] (plugin panels). */
export const commandViewRules: RuleArea<Code> = {
  rules: definitions,
  check(context) {
    reportDuplicateIds(context, context.model.commands, 'commands.duplicate-id', (id, first) => `Command id ${quote(id)} is already used by ${first}.`);
    reportDuplicateIds(context, context.model.views, 'views.duplicate-id', (id, first) => `View id ${quote(id)} is already used by ${first}.`);
  },
};
