import type { SchemaDraft } from '../../model/toolSchema';
import type { SchemaFileData } from './shared';
import { defineRule } from '../rule';
import { field, quote } from '../messages';

export const decision =
  'A warning, not an error: the reference does not name a draft. The schema is checked as draft-07, and the message says so.';

export const schemaUnknownDraftRule = defineRule({
  code: 'tools.schema-unknown-draft',
  severity: 'warning',
  description:
    'A tool\u2019s schema file declares a $schema that is none of the JSON Schema drafts draft-04, -06, -07, 2019-09 and 2020-12.',
  message: ({ jsonPath, filePath, declared, draft }: SchemaFileData & { declared: string; draft: SchemaDraft }) =>
    `${field(jsonPath)} ${quote(filePath)} declares a draft the checks do not know, ${quote(declared)}. It is checked as ${draft}.`,
});
