import type { FileReference } from '../../model/references';
import type { SchemaFileData } from './shared';
import type { ToolSchemaResult } from '../../model/toolSchema';
import { annotationsRule } from './annotations';
import { defineRules, type RuleArea, type RuleContext } from '../rule';
import { descriptionTooShortRule } from './descriptionTooShort';
import { visitRules } from '../visit';
import { duplicateIdRule } from './duplicateId';
import { handlerRequiredRule } from './handlerRequired';
import { idDotRule } from './idDot';
import { idEmptyRule } from './idEmpty';
import { isLegacy } from '../../model/manifestModel';
import { legacyShapeRule } from './legacyShape';
import { pathWithoutFormatRule } from './pathWithoutFormat';
import { schemaInvalidRule } from './schemaInvalid';
import { schemaNotJsonRule } from './schemaNotJson';
import { schemaRefChainRule } from './schemaRefChain';
import { schemaUnknownDraftRule } from './schemaUnknownDraft';
import { timeoutRule } from './timeout';
import { undeclaredAnnotationsRule } from './undeclaredAnnotations';
import { undeclaredAnnotationsWriteRule } from './undeclaredAnnotationsWrite';

const definitions = defineRules([
  idDotRule,
  idEmptyRule,
  legacyShapeRule,
  handlerRequiredRule,
  annotationsRule,
  timeoutRule,
  duplicateIdRule,
  undeclaredAnnotationsRule,
  undeclaredAnnotationsWriteRule,
  schemaNotJsonRule,
  schemaInvalidRule,
  schemaUnknownDraftRule,
  pathWithoutFormatRule,
  schemaRefChainRule,
  descriptionTooShortRule,
]);

/** contributes.tools[]: MCP tools the agent can call. */
export const toolRules: RuleArea<typeof definitions> = {
  rules: definitions,
  explainsShapeFinding(finding, model) {
    // A legacy tool is reported once, as legacy, not as a missing id and schema plus two unknown keys.
    if (finding.jsonPath.length !== 3 || finding.jsonPath[1] !== 'tools' || finding.jsonPath[0] !== 'contributes')
      return false;
    const tool = model.tools[finding.jsonPath[2] as number];
    if (!tool || !isLegacy(tool.value)) return false;
    if (finding.keyword === 'required') return ['id', 'schema'].includes(String(finding.params.missingProperty));
    if (finding.keyword === 'additionalProperties')
      return ['name', 'parameters'].includes(String(finding.params.additionalProperty));
    return false;
  },
  // The schema file's rules, in the order their findings at the one path are said.
  check: visitRules(definitions, (context) => {
    for (const file of context.files().files)
      if (file.read === 'schema') checkSchema(context, file.reference, file.analysis);
  }),
};

/** A tool's schema file, read: JSON, a JSON Schema of a known draft, its path-like properties formatted. */
function checkSchema(
  { report }: RuleContext<typeof definitions>,
  reference: FileReference,
  analysis: ToolSchemaResult,
): void {
  const file: SchemaFileData = { jsonPath: reference.jsonPath, filePath: reference.filePath };
  if (analysis.kind === 'not-json') {
    report('tools.schema-not-json', reference.node, { ...file, reason: analysis.reason });
    return;
  }
  if (analysis.unknownDraft !== undefined)
    report('tools.schema-unknown-draft', reference.node, {
      ...file,
      declared: analysis.unknownDraft,
      draft: analysis.draft,
    });
  if (analysis.kind === 'invalid') {
    report('tools.schema-invalid', reference.node, { ...file, draft: analysis.draft, reason: analysis.reason });
    return;
  }
  if (analysis.cutRefChain) report('tools.schema-ref-chain', reference.node, { ...file, ...analysis.cutRefChain });
  for (const property of analysis.facts.unformattedPathLikeProperties)
    report('tools.path-without-format', reference.node, { ...file, property });
}
