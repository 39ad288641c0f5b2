import { otherKindKey, type At } from './shared';
import { defineRule } from '../rule';
import { field } from '../messages';
import { removeField } from '../../fixes/shared';

export const promptForbiddenRule = defineRule({
  code: 'actions.prompt-forbidden',
  severity: 'error',
  description: 'prompt is forbidden for kind: "tool".',
  message: ({ jsonPath }: At) =>
    `${field(jsonPath)} is forbidden in an action of kind "tool". Such an action invokes the tool of its \`toolId\` directly, with no agent turn and no prompt.`,
  fix: removeField,
  check: {
    action(action, { report }) {
      const key = otherKindKey(action, 'prompt');
      if (key) report(key, { jsonPath: [...action.jsonPath, 'prompt'] });
    },
  },
});
