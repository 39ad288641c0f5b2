import { defineRule } from '../rule';
import { enumMessage } from '../messages';

export const multiFileModeRule = defineRule({
  code: 'actions.multi-file-mode',
  severity: 'error',
  description:
    'multiFileMode: "independent" (default, one tool call per selected file) or "batch" (exactly one call with every selected path).',
  shapeMessage: enumMessage(
    '"independent" or "batch"',
    ['independent', 'batch'],
    '"independent", the default, makes one tool call per selected file, and "batch" exactly one call with every selected path.',
  ),
});
