import { defineRule } from '../rule';

export const decision =
  'The reference describes a manifest field by field, from a top level of named fields: a manifest that is not one object has none of them.';

export const notAnObjectRule = defineRule({
  code: 'manifest.not-an-object',
  severity: 'error',
  description: 'The manifest is one JSON object.',
  shapeMessage: () =>
    'The manifest is not a JSON object. Write one object, with `name`, `displayName` and `version` among its fields.',
});
