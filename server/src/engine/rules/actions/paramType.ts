import { defineRule } from '../rule';
import { enumMessage } from '../messages';

export const paramTypeRule = defineRule({
  code: 'actions.param-type',
  severity: 'error',
  description: 'A params[] entry has type "select", "text" or "per-file-text".',
  shapeMessage: enumMessage('"select", "text" or "per-file-text"', ['select', 'text', 'per-file-text']),
});
