import { defineRule } from '../rule';
import { otherKindKey, ignoredMessage } from './shared';

export const decision =
  'A warning: the reference does not forbid toolId on a prompt action, but the app ignores it there.';

export const toolIdIgnoredRule = defineRule({
  code: 'actions.tool-id-ignored',
  severity: 'warning',
  description: 'toolId is read for kind: "tool" only.',
  message: ignoredMessage,
  check: {
    action(action, { report }) {
      const key = otherKindKey(action, 'toolId');
      if (key) report(key, { jsonPath: [...action.jsonPath, 'toolId'] });
    },
  },
});
