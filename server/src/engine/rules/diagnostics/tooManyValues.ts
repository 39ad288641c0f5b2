import { defineRule } from '../rule';

export const decision =
  'Not a rule of the reference: a tree of each value takes about ten times the memory of its text, so a text of millions of values (a 15 MB array of numbers) is read as one past the size limit is. An error, so that a CI run does not pass a manifest that was not checked; a severity set for it changes that.';

export const tooManyValuesRule = defineRule({
  code: 'diagnostics.too-many-values',
  severity: 'error',
  description:
    'A manifest that holds more than 1,000,000 JSON values (a 5,000-tool manifest holds about 400,000) has only its JSON syntax checked, in the editor and on the command line; this diagnostic, at its start, says so.',
  message: ({ valueLimit }: { valueLimit: number }) =>
    `This manifest holds more than ${valueLimit.toLocaleString('en-US')} JSON values, so only its JSON syntax is checked.`,
});
