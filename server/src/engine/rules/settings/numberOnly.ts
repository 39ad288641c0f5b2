import { settingTypeOnlyKeys } from '../../model/keysThatApply';
import { keyNode } from '../../model/nodes';
import type { At } from './shared';
import { defineRule } from '../rule';
import { field, quote } from '../messages';

export const numberOnlyRule = defineRule({
  code: 'settings.number-only',
  severity: 'warning',
  description: 'min and max are read for type: "number" only.',
  decision: 'A warning: the reference lists min? and max? for every setting, and only a number has bounds.',
  message: ({ jsonPath, type }: At & { type: unknown }) =>
    `${field(jsonPath)} is read only in a setting of type "number", and this one is of type ${quote(type)}, so Filer ignores it.`,
  check: {
    setting(setting, { report }) {
      const type = setting.value.type;
      if (setting.node.type !== 'object' || type === undefined || type === 'number') return;
      for (const key of settingTypeOnlyKeys.number) {
        const at = keyNode(setting.node, key);
        if (at) report(at, { jsonPath: [...setting.jsonPath, key], type });
      }
    },
  },
});
