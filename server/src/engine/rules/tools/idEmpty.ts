import { defineRule } from '../rule';

export const decision =
  'An error: the reference requires an id and makes it the MCP tool name, and an empty one names no tool an agent could call. Rename refuses an empty id for the same reason.';

export const idEmptyRule = defineRule({
  code: 'tools.id-empty',
  severity: 'error',
  description: 'A tool id is the MCP tool name the agent calls the tool by.',
  shapeMessage: (_finding, name) =>
    `${name} is empty. The id is the MCP tool name the agent calls the tool by: write one.`,
});
