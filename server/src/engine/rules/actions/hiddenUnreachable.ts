import { valueNode } from '../../model/nodes';
import { generatedActionIds, type At } from './shared';
import { defineRule } from '../rule';
import { quote } from '../messages';

export const decision =
  'A warning when no action names the hidden action in generate.actionId: nothing could ever invoke it.';

export const hiddenUnreachableRule = defineRule({
  code: 'actions.hidden-unreachable',
  severity: 'warning',
  description:
    'hidden: true keeps the action out of the context menu; it stays invocable as another action\u2019s generate.actionId.',
  message: ({ actionId }: At & { actionId: string }) =>
    `Action ${quote(actionId)} is hidden, and no action names it in \`generate.actionId\`, so nothing can invoke it. Name it in another action's \`generate\`, or remove \`hidden\`.`,
  check: {
    // The generated ids are made when a hidden action is first met: most manifests have none.
    action(action, { report, shared }) {
      if (action.value.hidden !== true || action.node.type !== 'object' || action.id === undefined) return;
      if (shared(generatedActionIds).has(action.id)) return;
      report(valueNode(action.node, 'hidden')!, { jsonPath: [...action.jsonPath, 'hidden'], actionId: action.id });
    },
  },
});
