import { valueNode } from '../../model/nodes';
import type { At } from './shared';
import { defineRule } from '../rule';
import { field } from '../messages';

export const decision =
  'A warning, not an error: the reference does not refuse an empty array. Not for a hidden action, which stays out of the context menu anyway.';

export const scopeEmptyRule = defineRule({
  code: 'actions.scope-empty',
  severity: 'warning',
  description:
    'scope: "single-file", "multi-file", "folder", or an array of those; an empty array names no selection to offer the action for.',
  message: ({ jsonPath }: At) =>
    `${field(jsonPath)} is an empty list, so Filer offers the action for no selection. Name "single-file", "multi-file" or "folder" in it.`,
  check: {
    action(action, { report }) {
      const { scope, hidden } = action.value;
      if (action.node.type === 'object' && Array.isArray(scope) && scope.length === 0 && hidden !== true)
        report(valueNode(action.node, 'scope')!, { jsonPath: [...action.jsonPath, 'scope'] });
    },
  },
});
