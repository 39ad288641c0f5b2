import { own } from '../../own';
import { valueNode } from '../../model/nodes';
import type { At } from './shared';
import { defineRule } from '../rule';
import { field, quote } from '../messages';

export const decision =
  'A warning: the reference does not say the loader checks defaults, but a default the card cannot show is a mistake.';

export const defaultRule = defineRule({
  code: 'settings.default',
  severity: 'warning',
  description: 'default matches the setting: of its type, within enum, within min and max.',
  message: ({ jsonPath, problem }: At & { problem: string }) => `${field(jsonPath)} ${problem}.`,
  check: {
    setting(setting, { report }) {
      const defaultNode = setting.node.type === 'object' ? valueNode(setting.node, 'default') : undefined;
      if (!defaultNode) return;
      const { value } = setting;
      const min = typeof value.min === 'number' ? value.min : undefined;
      const max = typeof value.max === 'number' ? value.max : undefined;
      const problem = defaultProblem(value.default, value.type, value.enum, min, max);
      if (problem) report(defaultNode, { jsonPath: [...setting.jsonPath, 'default'], problem });
    },
  },
});

const jsTypeOf: Record<string, string> = { string: 'string', boolean: 'boolean', number: 'number' };

function defaultProblem(
  value: unknown,
  type: unknown,
  allowed: unknown,
  min?: number,
  max?: number,
): string | undefined {
  const expected = typeof type === 'string' ? own(jsTypeOf, type) : undefined;
  if (expected && typeof value !== expected) return `must be a ${expected}, as the setting is of type ${quote(type)}`;
  if (
    Array.isArray(allowed) &&
    allowed.length > 0 &&
    !allowed.some((option) => option === value || (option as { value?: unknown })?.value === value)
  ) {
    return `${quote(value)} is not one of the setting's \`enum\` values`;
  }
  if (typeof value === 'number' && min !== undefined && value < min) return `${value} is less than \`min\` (${min})`;
  if (typeof value === 'number' && max !== undefined && value > max) return `${value} is more than \`max\` (${max})`;
  return undefined;
}
