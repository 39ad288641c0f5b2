import { defineRule } from '../rule';

export const annotationsRule = defineRule({
  code: 'tools.annotations',
  severity: 'error',
  description:
    'annotations: { readOnlyHint?, destructiveHint?, idempotentHint?, openWorldHint? }, booleans only; any other key is rejected.',
  shapeMessage: (finding, name) =>
    finding.keyword === 'additionalProperties'
      ? `\`${String(finding.params.additionalProperty)}\` is not an MCP tool annotation: ${name} allows only readOnlyHint, destructiveHint, idempotentHint and openWorldHint; any other key is rejected.`
      : finding.keyword === 'type' && finding.jsonPath[finding.jsonPath.length - 1] === 'annotations'
        ? `${name} must be an object { readOnlyHint?, destructiveHint?, idempotentHint?, openWorldHint? }.`
        : `${name} must be a boolean: MCP tool annotations are booleans only.`,
});
