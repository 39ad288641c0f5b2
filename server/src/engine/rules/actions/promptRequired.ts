import { propertyNode } from '../../model/nodes';
import { kindAnchor, type At } from './shared';
import { addRequiredField } from '../../fixes/shared';
import { defineRule } from '../rule';
import { field } from '../messages';

export const promptRequiredRule = defineRule({
  code: 'actions.prompt-required',
  severity: 'error',
  description: 'prompt (the path to the prompt template) is required for kind: "prompt".',
  message: ({ jsonPath }: At & { missingField: 'prompt' }) =>
    `${field(jsonPath)} is of kind "prompt" but has no \`prompt\`. Write the path to the prompt template, relative to the plugin root.`,
  fix: addRequiredField,
  check: {
    action(action, { report }) {
      if (action.node.type !== 'object' || action.kind !== 'prompt' || propertyNode(action.node, 'prompt')) return;
      report(kindAnchor(action), { jsonPath: action.jsonPath, missingField: 'prompt' });
    },
  },
});
