import { defineRule } from '../rule';
import { enumMessage } from '../messages';
import { settingTypes } from '../../shape/schema';

export const typeRule = defineRule({
  code: 'settings.type',
  severity: 'error',
  description: 'A setting\u2019s type is "string", "boolean", "number", "action" or "info".',
  shapeMessage: enumMessage('"string", "boolean", "number", "action" or "info"', settingTypes),
});
