import { defineRule } from '../rule';
import { otherKindKey, ignoredMessage } from './shared';

export const decision =
  'A warning: the reference marks it "tool kind" without forbidding it elsewhere; a prompt action ignores it.';

export const multiFileModeIgnoredRule = defineRule({
  code: 'actions.multi-file-mode-ignored',
  severity: 'warning',
  description: 'multiFileMode is read for kind: "tool" only.',
  message: ignoredMessage,
  check: {
    action(action, { report }) {
      const key = otherKindKey(action, 'multiFileMode');
      if (key) report(key, { jsonPath: [...action.jsonPath, 'multiFileMode'] });
    },
  },
});
