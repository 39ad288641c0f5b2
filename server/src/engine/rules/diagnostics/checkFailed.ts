import { defineRule } from '../rule';
import { quote } from '../messages';

export const decision =
  'Not a rule of the reference: the check of one part (a rule area, or the whole of one manifest) can fail only that part. A warning, not an error: the plugin is not said to be wrong, but a CI run that allows no warnings does not pass a manifest that was not wholly checked.';

export const checkFailedRule = defineRule({
  code: 'diagnostics.check-failed',
  severity: 'warning',
  description:
    'Part of the check of a manifest failed: a fault of Filer Plugin Tools, never of the plugin. The rest of the manifest, and every other file and plugin, is still checked; this says what was not, at the manifest\u2019s start.',
  message: ({ part, failure }: { part: string; failure: string }) =>
    `The check of ${part} failed (${quote(failure)}), so it is not checked. This is a fault of Filer Plugin Tools, not of the plugin: please report it with the manifest.`,
});
