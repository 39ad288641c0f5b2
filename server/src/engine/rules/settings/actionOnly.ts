import { ignoredOnOtherType, keysOnlyOf } from './shared';
import { defineRule } from '../rule';

export const decision = 'A warning: on other types the app ignores them.';

export const actionOnlyRule = defineRule({
  code: 'settings.action-only',
  severity: 'warning',
  description: 'handler and variant belong to type: "action" settings.',
  message: ignoredOnOtherType('action'),
  check: {
    setting(setting, { report }) {
      const type = setting.value.type;
      if (setting.node.type !== 'object' || type === 'action' || typeof type !== 'string') return;
      for (const { at, jsonPath } of keysOnlyOf('action', setting)) report(at, { jsonPath, type });
    },
  },
});
