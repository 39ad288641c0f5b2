import { defineRule } from '../rule';
import { enumMessage } from '../messages';

export const toolScopeRule = defineRule({
  code: 'actions.tool-scope',
  severity: 'error',
  description:
    'toolScope: "none" (no tools this turn) or "read-only" (only tools that read the folder and its knowledge).',
  shapeMessage: enumMessage(
    '"none" (no tools this turn) or "read-only" (only tools that read the folder and its knowledge)',
    ['none', 'read-only'],
  ),
});
