import { defineRule } from '../rule';

export const decision =
  'The reference names no syntax, and shows every manifest as JSON: the manifest is read as JSON.parse reads it, and a comment is a syntax error there.';

export const commentRule = defineRule({
  code: 'json.comment',
  severity: 'error',
  description: 'Comments are not allowed: the loader reads JSON, not JSON with comments.',
  message: (_: Record<string, never>) => 'Comments are not allowed in the manifest, as Filer reads it as strict JSON.',
});
