import { ignoredOnOtherType, keysOnlyOf } from './shared';
import { defineRule } from '../rule';

export const decision = 'A warning: the reference lists min? and max? for every setting, and only a number has bounds.';

export const numberOnlyRule = defineRule({
  code: 'settings.number-only',
  severity: 'warning',
  description: 'min and max are read for type: "number" only.',
  message: ignoredOnOtherType('number'),
  check: {
    setting(setting, { report }) {
      const type = setting.value.type;
      if (setting.node.type !== 'object' || type === undefined || type === 'number') return;
      for (const { at, jsonPath } of keysOnlyOf('number', setting)) report(at, { jsonPath, type });
    },
  },
});
