import { defineRule } from '../rule';
import { enumMessage } from '../messages';

export const multiFileModeRule = defineRule({
  code: 'actions.multi-file-mode',
  severity: 'error',
  description:
    'multiFileMode: "independent" (default, one tool call per selected file) or "batch" (exactly one call with every selected path).',
  shapeMessage: enumMessage(
    '"independent" (one tool call per selected file) or "batch" (exactly one call with every selected path)',
    ['independent', 'batch'],
  ),
});
