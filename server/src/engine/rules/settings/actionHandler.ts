import { propertyNode, valueNode } from '../../model/nodes';
import type { At } from './shared';
import { addRequiredField } from '../../fixes/shared';
import { defineRule } from '../rule';
import { field } from '../messages';

export const decision =
  'A warning, not an error: the reference lists handler? as optional for every setting and names no refusal, but an action setting without one is a button that runs nothing.';

export const actionHandlerRule = defineRule({
  code: 'settings.action-handler',
  severity: 'warning',
  description: 'type: "action" renders a button that runs handler (relative path).',
  message: ({ jsonPath }: At & { missingField: 'handler' }) =>
    `${field(jsonPath)} is of type "action" but has no \`handler\`, so its button runs nothing. Add the relative path of the module it runs.`,
  fix: addRequiredField,
  check: {
    // Under runtime: "process" the setting itself is rejected (process.action-setting): no handler to ask for.
    setting(setting, { model, report }) {
      if (setting.node.type !== 'object' || setting.value.type !== 'action') return;
      if (!model.isProcess && !propertyNode(setting.node, 'handler'))
        report(valueNode(setting.node, 'type')!, { jsonPath: setting.jsonPath, missingField: 'handler' });
    },
  },
});
