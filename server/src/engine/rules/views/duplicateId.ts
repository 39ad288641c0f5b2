import { duplicateIds, undocumentedDuplicateMessage } from '../duplicateIds';
import { defineRule } from '../rule';

export const decision =
  'A warning, like duplicate action ids: the reference states no rule against it, but an id names one panel, and the reference does not say which of the two the app would keep.';

export const duplicateIdRule = defineRule({
  code: 'views.duplicate-id',
  severity: 'warning',
  description: 'Two views of the manifest share an id.',
  message: undocumentedDuplicateMessage('View'),
  check: {
    manifest({ model, report }) {
      for (const { at, data } of duplicateIds(model.views)) report(at, data);
    },
  },
});
