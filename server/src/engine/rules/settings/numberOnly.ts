import { settingTypeOnlyKeys } from '../../model/keysThatApply';
import { keyNode } from '../../model/nodes';
import type { At } from './shared';
import { defineRule } from '../rule';
import { field } from '../messages';

export const numberOnlyRule = defineRule({
  code: 'settings.number-only',
  severity: 'warning',
  description: 'min and max are read for type: "number" only.',
  decision: 'A warning: the reference lists min? and max? for every setting, and only a number has bounds.',
  message: ({ jsonPath }: At) => `${field(jsonPath)} is read for type: "number" only.`,
  check: {
    setting(setting, { report }) {
      const type = setting.value.type;
      if (setting.node.type !== 'object' || type === undefined || type === 'number') return;
      for (const key of settingTypeOnlyKeys.number) {
        const at = keyNode(setting.node, key);
        if (at) report(at, { jsonPath: [...setting.jsonPath, key] });
      }
    },
  },
});
