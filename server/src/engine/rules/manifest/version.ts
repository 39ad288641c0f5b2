import { defineRule } from '../rule';
import { quote } from '../messages';

export const decision =
  'Numbers without leading zeros, as semver has them; a +build suffix is not accepted (the reference names only -prerelease).';

export const versionRule = defineRule({
  code: 'manifest.version',
  severity: 'error',
  description: 'version: semver MAJOR.MINOR.PATCH with an optional -prerelease suffix.',
  shapeMessage: (_finding, field, value) =>
    `${field} ${quote(value)} is not a semantic version. Write three whole numbers joined by dots, as in "1.2.0", with an optional pre-release suffix, as in "1.2.0-beta.1".`,
});
