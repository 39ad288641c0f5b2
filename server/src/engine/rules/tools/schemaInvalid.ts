import type { SchemaDraft } from '../../model/toolSchema';
import type { SchemaFileData } from './shared';
import { defineRule } from '../rule';
import { field, quote } from '../messages';

export const decision =
  'An error, like tools.schema-not-json. The reference says only "a JSON-Schema file": checked against the meta-schema of the draft its $schema declares (draft-04, -06, -07, 2019-09, 2020-12), draft-07 when it declares none; a $ref to another file or a URL is never followed.';

export const schemaInvalidRule = defineRule({
  code: 'tools.schema-invalid',
  severity: 'error',
  description: 'A tool\u2019s schema file must be a JSON Schema.',
  message: ({ jsonPath, filePath, draft, reason }: SchemaFileData & { draft: SchemaDraft; reason: string }) =>
    `${field(jsonPath)} ${quote(filePath)} is not a valid JSON Schema (${draft}): ${reason}.`,
});
