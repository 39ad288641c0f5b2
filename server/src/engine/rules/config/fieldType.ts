import type { JsonPath } from '../../model/nodes';
import { defineRule } from '../rule';
import { field } from '../messages';
import { config } from './shared';

export const decision =
  'Not in the reference: the config file’s JSON Schema (schemas/filer-manifest.config.schema.json) writes each type down. The value is not used, and the rest of the file applies.';

export const fieldTypeRule = defineRule({
  code: 'config.field-type',
  severity: 'error',
  description: `A field of ${config} holds a value of the wrong type: the file is an object of rules (an object), overrides (a list of objects), ignore (a list of globs) and suppress (a list of objects).`,
  message: ({ jsonPath, expected }: { jsonPath: JsonPath; expected: string }) =>
    `${field(jsonPath)} must be ${expected}, so this value is not used. The rest of ${config} applies.`,
});
