import { defineRule } from '../rule';
import { messages, removeByteOrderMark, type SyntaxData } from './shared';
import { own } from '../../own';

export const decision =
  'The reference names no syntax, and shows every manifest as JSON: the manifest is read as JSON.parse reads it. A byte-order mark at the start is a syntax error too, said as such: JSON.parse rejects the U+FEFF a UTF-8 file read as text keeps.';

export const syntaxRule = defineRule({
  code: 'json.syntax',
  severity: 'error',
  description: 'The manifest must be valid JSON.',
  message: ({ detail }: SyntaxData) =>
    detail === 'empty'
      ? 'The manifest is empty. Write one JSON object, with at least `name`, `displayName` and `version`.'
      : detail === 'byte-order-mark'
        ? 'The manifest starts with a byte-order mark (U+FEFF), which the JSON parser of Filer rejects. Save it as UTF-8 without the mark.'
        : (own(messages, detail) ?? `Invalid JSON (${detail}).`),
  fix: removeByteOrderMark,
});
