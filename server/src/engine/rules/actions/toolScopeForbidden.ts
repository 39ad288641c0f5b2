import { otherKindKey, type At } from './shared';
import { defineRule } from '../rule';
import { field } from '../messages';
import { removeField } from '../../fixes/shared';

export const toolScopeForbiddenRule = defineRule({
  code: 'actions.tool-scope-forbidden',
  severity: 'error',
  description: 'toolScope is forbidden for kind: "tool" (it runs no agent turn).',
  message: ({ jsonPath }: At) =>
    `${field(jsonPath)} is forbidden in an action of kind "tool", which runs no agent turn to give tools to.`,
  fix: removeField,
  check: {
    action(action, { report }) {
      const key = otherKindKey(action, 'toolScope');
      if (key) report(key, { jsonPath: [...action.jsonPath, 'toolScope'] });
    },
  },
});
