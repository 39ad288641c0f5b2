import { defineRule } from '../rule';

export const decision =
  'The reference names no syntax, and shows every manifest as JSON: the manifest is read as JSON.parse reads it, and a trailing comma is a syntax error there.';

export const trailingCommaRule = defineRule({
  code: 'json.trailing-comma',
  severity: 'error',
  description: 'Trailing commas are not allowed: the loader reads JSON.',
  message: (_: Record<string, never>) =>
    'Trailing comma. Filer reads the manifest as strict JSON, which does not allow one.',
});
