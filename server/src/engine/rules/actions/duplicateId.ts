import { duplicateIds, undocumentedDuplicateMessage } from '../duplicateIds';
import { defineRule } from '../rule';

export const decision =
  'A warning, not an error: the reference states no rule against it, but generate.actionId names an action by its id alone, and the reference does not say which of the two the app would keep.';

export const duplicateIdRule = defineRule({
  code: 'actions.duplicate-id',
  severity: 'warning',
  description: 'Two actions of the manifest share an id.',
  message: undocumentedDuplicateMessage('Action'),
  check: {
    manifest({ model, report }) {
      for (const { at, data } of duplicateIds(model.actions)) report(at, data);
    },
  },
});
