import type { JsonPath } from '../../model/nodes';
import { defineRule } from '../rule';
import { field } from '../messages';

export const decision = 'Not in the reference. The pattern is left out, and the rest of the list applies.';

export const globInvalidRule = defineRule({
  code: 'config.glob-invalid',
  severity: 'error',
  description:
    'A glob of overrides[].files or ignore that cannot be used (empty, longer than 1,000 characters, or with {…} alternatives making more than 64 patterns).',
  message: ({ jsonPath, reason }: { jsonPath: JsonPath; pattern: string; reason: string }) =>
    `The glob at ${field(jsonPath)} cannot be used (${reason}), so it matches no manifest: write a pattern such as "plugins/legacy/**".`,
});
