import { valueNode } from '../../model/nodes';
import { defineRule } from '../rule';
import { field } from '../messages';
import { removeField } from '../../fixes/shared';
import { type At, why } from './shared';

export const actionSettingRule = defineRule({
  code: 'process.action-setting',
  severity: 'error',
  description: 'A contributes.settings[*] of type: "action" is rejected for runtime: "process".',
  message: ({ jsonPath }: At) =>
    `${field(jsonPath)} is a setting of type "action", which is not available ${why}. There is no plugin host to run its handler.`,
  fix: removeField,
  check: {
    setting(setting, { model, report }) {
      if (!model.isProcess || !model.root) return;
      const type = valueNode(setting.node, 'type');
      if (type?.value === 'action') report(type, { jsonPath: setting.jsonPath });
    },
  },
});
