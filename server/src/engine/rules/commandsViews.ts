import { reportDuplicateIds, type DuplicateIdData } from './duplicateIds';
import { quote } from './messages';
import { defineRule, defineRules, type RuleArea } from './rule';

const definitions = defineRules([
  defineRule({
    code: 'commands.duplicate-id',
    severity: 'warning',
    description: 'Two slash commands of the manifest share an id.',
    decision: 'A warning, like duplicate action ids: the reference states no rule against it, but an id names one slash command, and the reference does not say which of the two the app would keep.',
    message: ({ id, firstPlace }: DuplicateIdData) => `Command id ${quote(id)} is already used by ${firstPlace}.`,
  }),
  defineRule({
    code: 'views.duplicate-id',
    severity: 'warning',
    description: 'Two views of the manifest share an id.',
    decision: 'A warning, like duplicate action ids: the reference states no rule against it, but an id names one panel, and the reference does not say which of the two the app would keep.',
    message: ({ id, firstPlace }: DuplicateIdData) => `View id ${quote(id)} is already used by ${firstPlace}.`,
  }),
]);

/** contributes.commands[] (slash commands) and contributes.views[] (plugin panels). */
export const commandViewRules: RuleArea<typeof definitions> = {
  rules: definitions,
  check(context) {
    reportDuplicateIds(context, context.model.commands, 'commands.duplicate-id');
    reportDuplicateIds(context, context.model.views, 'views.duplicate-id');
  },
};
