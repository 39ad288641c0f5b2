import { valueNode } from '../../model/nodes';
import { kindAnchor, type At } from './shared';
import { addRequiredField } from '../../fixes/shared';
import { defineRule } from '../rule';
import { field } from '../messages';

export const toolIdRequiredRule = defineRule({
  code: 'actions.tool-id-required',
  severity: 'error',
  description: 'toolId is required for kind: "tool".',
  message: ({ jsonPath }: At & { missingField: 'toolId' }) =>
    `${field(jsonPath)} is of kind "tool" but has no \`toolId\`. Write the id of a tool in \`contributes.tools\` of this manifest.`,
  fix: addRequiredField,
  check: {
    action(action, { report }) {
      if (action.node.type !== 'object' || action.kind !== 'tool' || valueNode(action.node, 'toolId')) return;
      report(kindAnchor(action), { jsonPath: action.jsonPath, missingField: 'toolId' });
    },
  },
});
