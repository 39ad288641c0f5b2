import { valueNode } from '../../model/nodes';
import type { At } from './shared';
import { defineRule } from '../rule';
import { field } from '../messages';

export const decision =
  'A warning when min > max, not an error: the reference states no order between them, so nothing says the loader refuses it, but no value could be entered.';

export const minMaxRule = defineRule({
  code: 'settings.min-max',
  severity: 'warning',
  description: 'min and max bound a number setting.',
  message: ({ jsonPath, min, max }: At & { min: number; max: number }) =>
    `${field(jsonPath)} (${min}) is more than \`max\` (${max}), so no value could be entered. Make \`min\` the smaller one.`,
  check: {
    setting(setting, { report }) {
      const { type, min, max } = setting.value;
      if (setting.node.type !== 'object' || (type !== undefined && type !== 'number')) return;
      if (typeof min === 'number' && typeof max === 'number' && min > max)
        report(valueNode(setting.node, 'min')!, { jsonPath: [...setting.jsonPath, 'min'], min, max });
    },
  },
});
