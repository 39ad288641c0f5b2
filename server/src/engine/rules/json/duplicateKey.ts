import { defineRule } from '../rule';

export const decision =
  'A warning, not an error: JSON.parse accepts duplicates. Every occurrence is marked, the last (the one the loader keeps) as such, as VS Code\u2019s own JSON validation marks each ("Duplicate object key"): where that validation runs beside ours (a manifest open in VS Code, json.validate.enable on), its words are shown and these are left out, so that a key given twice is counted twice in the Problems panel whichever files are open, as in the CLI, and not said three times.';

export const duplicateKeyRule = defineRule({
  code: 'json.duplicate-key',
  severity: 'warning',
  description: 'A key given twice in one object: the loader keeps the last one and ignores the others.',
  message: ({ key, kept }: { key: string; kept?: true }) =>
    kept
      ? `Duplicate key \`${key}\`. Filer keeps this one, the last, and ignores the others.`
      : `Duplicate key \`${key}\`. Filer keeps only the last one, so it ignores this one.`,
});
