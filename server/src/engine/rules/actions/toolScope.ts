import { defineRule } from '../rule';
import { enumMessage } from '../messages';

export const toolScopeRule = defineRule({
  code: 'actions.tool-scope',
  severity: 'error',
  description:
    'toolScope: "none" (no tools this turn) or "read-only" (only tools that read the folder and its knowledge).',
  shapeMessage: enumMessage(
    '"none" or "read-only"',
    ['none', 'read-only'],
    'With "none" the turn has no tools, and with "read-only" only the tools that read the folder and its knowledge.',
  ),
});
