import { settingTypeOnlyKeys } from '../../model/keysThatApply';
import { keyNode } from '../../model/nodes';
import type { At } from './shared';
import { defineRule } from '../rule';
import { field, quote } from '../messages';

export const actionOnlyRule = defineRule({
  code: 'settings.action-only',
  severity: 'warning',
  description: 'handler and variant belong to type: "action" settings.',
  decision: 'A warning: on other types the app ignores them.',
  message: ({ jsonPath, type }: At & { type: string }) =>
    `${field(jsonPath)} is read only in a setting of type "action", and this one is of type ${quote(type)}, so Filer ignores it.`,
  check: {
    setting(setting, { report }) {
      const type = setting.value.type;
      if (setting.node.type !== 'object' || type === 'action' || typeof type !== 'string') return;
      for (const key of settingTypeOnlyKeys.action) {
        const at = keyNode(setting.node, key);
        if (at) report(at, { jsonPath: [...setting.jsonPath, key], type });
      }
    },
  },
});
