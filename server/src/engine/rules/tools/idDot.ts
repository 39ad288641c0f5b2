import { defineRule } from '../rule';
import { quote } from '../messages';

export const idDotRule = defineRule({
  code: 'tools.id-dot',
  severity: 'error',
  description: 'A tool id is the MCP tool name and must not contain . (dots are reserved for namespace prefixing).',
  shapeMessage: (_finding, name, value) =>
    `${name} ${quote(value)} contains a dot, which a tool id must not. Dots are reserved for namespace prefixes: use an underscore or a hyphen.`,
});
