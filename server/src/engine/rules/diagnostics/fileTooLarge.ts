import { defineRule } from '../rule';

export const decision =
  'Not a rule of the reference: past that size an editor checks only the JSON syntax, so that a huge file cannot hold up the server, and this says so, so that no one takes the silence for a clean manifest. Information: nothing in the manifest is said to be wrong.';

export const fileTooLargeRule = defineRule({
  code: 'diagnostics.file-too-large',
  severity: 'information',
  description:
    'An open manifest larger than filerManifest.maxFileSize (16 MB by default) has only its JSON syntax checked; this diagnostic, at its start, says so.',
  message: ({ megabytes, maxFileSize }: { megabytes: number; maxFileSize: number }) =>
    `This manifest is ${megabytes.toFixed(1)} MB, more than \`filerManifest.maxFileSize\` (${maxFileSize} MB), so only its JSON syntax is checked.`,
});
