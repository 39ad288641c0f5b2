import { defineRule } from '../rule';
import { quote } from '../messages';

export const versionRule = defineRule({
  code: 'manifest.version',
  severity: 'error',
  description: 'version: semver MAJOR.MINOR.PATCH with an optional -prerelease suffix.',
  decision:
    'Numbers without leading zeros, as semver has them; a +build suffix is not accepted (the reference names only -prerelease).',
  shapeMessage: (_finding, field, value) =>
    `${field} ${quote(value)} must be semver MAJOR.MINOR.PATCH with an optional -prerelease suffix (e.g. "1.2.0" or "1.2.0-beta.1").`,
});
