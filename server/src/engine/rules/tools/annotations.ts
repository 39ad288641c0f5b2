import { defineRule } from '../rule';
import { closest, didYouMean, nameOf, valueWords } from '../messages';

/** The four MCP tool annotations, as messages name them. */
const annotationKeys = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];
const annotationNames = '`readOnlyHint`, `destructiveHint`, `idempotentHint` and `openWorldHint`';

export const annotationsRule = defineRule({
  code: 'tools.annotations',
  severity: 'error',
  description:
    'annotations: { readOnlyHint?, destructiveHint?, idempotentHint?, openWorldHint? }, booleans only; any other key is rejected.',
  shapeMessage: (finding, name, value) => {
    if (finding.keyword === 'additionalProperties') {
      const key = String(finding.params.additionalProperty);
      return (
        `${name} has ${nameOf(key)}, which is not an MCP tool annotation. Filer rejects any key but ${annotationNames}.` +
        didYouMean(closest(key, annotationKeys), nameOf)
      );
    }
    return finding.keyword === 'type' && finding.jsonPath[finding.jsonPath.length - 1] === 'annotations'
      ? `${name} must be an object. Its keys may be ${annotationNames}, each true or false.`
      : `${name} must be true or false, not ${valueWords(value)}. MCP tool annotations are true or false only.`;
  },
});
