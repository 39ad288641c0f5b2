import { addRequiredField } from '../fixes/shared';
import { keyNode, propertyNode, valueNode, type JsonPath } from '../model/nodes';
import { own } from '../own';
import { enumMessage, field, quote } from './messages';
import { settingTypeOnlyKeys } from '../model/keysThatApply';
import { settingTypes } from '../shape/schema';
import { plugin } from './examples';
import { defineRule, defineRules, type RuleArea } from './rule';
import { manifestReference, notInTheReference } from './reference';

interface At {
  jsonPath: JsonPath;
}

const definitions = defineRules([
  defineRule({
    code: 'settings.type',
    severity: 'error',
    description: 'A setting\u2019s type is "string", "boolean", "number", "action" or "info".',
    quotes: [
      manifestReference(
        'settings{} \u2014 the plugin\u2019s settings card',
        'Each value: { type: "string" | "boolean" | "number" | "action" | "info", title,',
      ),
    ],
    shapeMessage: enumMessage('"string", "boolean", "number", "action" or "info"', settingTypes),
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "language": { "type": «"text"», "title": "Language", "default": "en" }
              }
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "language": { "type": "string", "title": "Language", "default": "en" }
              }
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'settings.variant',
    severity: 'error',
    description: 'variant is "primary", "secondary" or "danger".',
    quotes: [
      manifestReference(
        'settings{} \u2014 the plugin\u2019s settings card',
        'variant is "primary" | "secondary" | "danger".',
      ),
    ],
    shapeMessage: enumMessage(
      '"primary", "secondary" or "danger"',
      ['primary', 'secondary', 'danger'],
      "It is the style of the setting's button.",
    ),
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "reset": { "type": "action", "title": "Reset", "handler": "./reset.js", "variant": «"warning"» }
              }
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "reset": { "type": "action", "title": "Reset", "handler": "./reset.js", "variant": "danger" }
              }
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'settings.action-handler',
    severity: 'warning',
    description: 'type: "action" renders a button that runs handler (relative path).',
    decision:
      'A warning, not an error: the reference lists handler? as optional for every setting and names no refusal, but an action setting without one is a button that runs nothing.',
    quotes: [
      manifestReference(
        'settings{} \u2014 the plugin\u2019s settings card',
        'type: "action" renders a button that runs handler (relative path)',
      ),
    ],
    message: ({ jsonPath }: At & { missingField: 'handler' }) =>
      `${field(jsonPath)} is of type "action" but has no \`handler\`, so its button runs nothing. Add the relative path of the module it runs.`,
    fix: addRequiredField,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "reset": { "type": «"action"», "title": "Reset" }
              }
            }`),
          fixed: {
            title: 'Add missing "handler"',
            manifest: plugin(`
              "contributes": {
                "settings": {
                  "reset": { "type": "action", "title": "Reset", "handler": "./settings/reset.js" }
                }
              }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "reset": { "type": "action", "title": "Reset", "handler": "./settings/reset.js" }
              }
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'settings.action-only',
    severity: 'warning',
    description: 'handler and variant belong to type: "action" settings.',
    decision: 'A warning: on other types the app ignores them.',
    quotes: [
      manifestReference(
        'settings{} \u2014 the plugin\u2019s settings card',
        'type: "action" renders a button that runs handler (relative path); variant is "primary" | "secondary" | "danger".',
      ),
    ],
    message: ({ jsonPath, type }: At & { type: string }) =>
      `${field(jsonPath)} is read only in a setting of type "action", and this one is of type ${quote(type)}, so Filer ignores it.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "language": { "type": "string", "title": "Language", «"variant"»: "primary" }
              }
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "reset": { "type": "action", "title": "Reset", "handler": "./settings/reset.js", "variant": "primary" }
              }
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'settings.min-max',
    severity: 'warning',
    description: 'min and max bound a number setting.',
    decision:
      'A warning when min > max, not an error: the reference states no order between them, so nothing says the loader refuses it, but no value could be entered.',
    quotes: notInTheReference,
    message: ({ jsonPath, min, max }: At & { min: number; max: number }) =>
      `${field(jsonPath)} (${min}) is more than \`max\` (${max}), so no value could be entered. Make \`min\` the smaller one.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "minLength": { "type": "number", "title": "Shortest word counted", "min": «20», "max": 1 }
              }
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "minLength": { "type": "number", "title": "Shortest word counted", "min": 1, "max": 20 }
              }
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'settings.number-only',
    severity: 'warning',
    description: 'min and max are read for type: "number" only.',
    decision: 'A warning: the reference lists min? and max? for every setting, and only a number has bounds.',
    quotes: notInTheReference,
    message: ({ jsonPath, type }: At & { type: unknown }) =>
      `${field(jsonPath)} is read only in a setting of type "number", and this one is of type ${quote(type)}, so Filer ignores it.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "language": { "type": "string", "title": "Language", «"max"»: 5 }
              }
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "minLength": { "type": "number", "title": "Shortest word counted", "max": 5 }
              }
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'settings.default',
    severity: 'warning',
    description: 'default matches the setting: of its type, within enum, within min and max.',
    decision:
      'A warning: the reference does not say the loader checks defaults, but a default the card cannot show is a mistake.',
    quotes: notInTheReference,
    message: ({ jsonPath, problem }: At & { problem: string }) => `${field(jsonPath)} ${problem}.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "minLength": { "type": "number", "title": "Shortest word counted", "default": «"3"» }
              }
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "minLength": { "type": "number", "title": "Shortest word counted", "default": 3 }
              }
            }`),
        },
      ],
    },
  }),
]);

/** contributes.settings{}: the plugin's settings card, keyed by setting id. */
export const settingRules: RuleArea<typeof definitions> = {
  rules: definitions,
  check({ model, report }) {
    for (const setting of model.settings) {
      if (setting.node.type !== 'object') continue;
      const { value } = setting;
      const type = value.type;
      if (type === 'action') {
        // Under runtime: "process" the setting itself is rejected (process.action-setting): no handler to ask for.
        if (!model.isProcess && !propertyNode(setting.node, 'handler')) {
          report('settings.action-handler', valueNode(setting.node, 'type')!, {
            jsonPath: setting.jsonPath,
            missingField: 'handler',
          });
        }
      } else if (typeof type === 'string') {
        for (const key of settingTypeOnlyKeys.action) {
          const at = keyNode(setting.node, key);
          if (at) report('settings.action-only', at, { jsonPath: [...setting.jsonPath, key], type });
        }
      }
      const min = typeof value.min === 'number' ? value.min : undefined;
      const max = typeof value.max === 'number' ? value.max : undefined;
      if (type !== undefined && type !== 'number') {
        for (const key of settingTypeOnlyKeys.number) {
          const at = keyNode(setting.node, key);
          if (at) report('settings.number-only', at, { jsonPath: [...setting.jsonPath, key], type });
        }
      } else if (min !== undefined && max !== undefined && min > max) {
        report('settings.min-max', valueNode(setting.node, 'min')!, {
          jsonPath: [...setting.jsonPath, 'min'],
          min,
          max,
        });
      }
      const defaultNode = valueNode(setting.node, 'default');
      if (defaultNode) {
        const problem = defaultProblem(value.default, type, value.enum, min, max);
        if (problem) report('settings.default', defaultNode, { jsonPath: [...setting.jsonPath, 'default'], problem });
      }
    }
  },
};

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
