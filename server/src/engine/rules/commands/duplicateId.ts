import { duplicateIds, undocumentedDuplicateMessage } from '../duplicateIds';
import { defineRule } from '../rule';

export const decision =
  'A warning, like duplicate action ids: the reference states no rule against it, but an id names one slash command, and the reference does not say which of the two the app would keep.';

export const duplicateIdRule = defineRule({
  code: 'commands.duplicate-id',
  severity: 'warning',
  description: 'Two slash commands of the manifest share an id.',
  message: undocumentedDuplicateMessage('Command'),
  check: {
    manifest({ model, report }) {
      for (const { at, data } of duplicateIds(model.commands)) report(at, data);
    },
  },
});
