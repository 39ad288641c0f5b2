import type { JsonPath } from '../../model/nodes';
import { defineRule } from '../rule';
import { field } from '../messages';

export const decision =
  'Not in the reference. A suppression without its reason is an error too: a finding the team accepted says why, where it stands, so that the next reader can judge it again. An entry that lacks a field is not used.';

export const missingFieldRule = defineRule({
  code: 'config.missing-field',
  severity: 'error',
  description: 'A suppression lacks file, at, rule or reason, or an override lacks files or rules.',
  message: ({ jsonPath, missingField }: { jsonPath: JsonPath; missingField: string }) =>
    `${field(jsonPath)} has no \`${missingField}\`, so it is not used: ${missingField === 'reason' ? 'say why the finding is accepted' : `add \`${missingField}\``}.`,
});
