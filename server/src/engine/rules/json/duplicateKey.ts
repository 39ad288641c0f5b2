import { defineRule } from '../rule';

export const duplicateKeyRule = defineRule({
  code: 'json.duplicate-key',
  severity: 'warning',
  description: 'A key given twice in one object: the loader keeps the last one and ignores the others.',
  decision:
    'A warning, not an error: JSON.parse accepts duplicates. Every occurrence but the last is marked, since those are the ones ignored.',
  message: ({ key }: { key: string }) =>
    `Duplicate key \`${key}\`: the loader keeps only the last one, so this one is ignored.`,
});
