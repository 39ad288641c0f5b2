import type { SchemaFileData } from './shared';
import { defineRule } from '../rule';
import { field, quote } from '../messages';

export const decision =
  'An error, as a rule of the tools table ("path to a JSON-Schema file"), though the reference does not say the loader parses it: the tool\u2019s arguments then have no schema.';

export const schemaNotJsonRule = defineRule({
  code: 'tools.schema-not-json',
  severity: 'error',
  description: 'A tool\u2019s schema file must parse as JSON.',
  message: ({ jsonPath, filePath, reason }: SchemaFileData & { reason: string }) =>
    `${field(jsonPath)} ${quote(filePath)} is not JSON (${reason}).`,
});
