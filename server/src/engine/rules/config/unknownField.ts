import type { JsonPath } from '../../model/nodes';
import { defineRule } from '../rule';
import { didYouMean, field, nameOf } from '../messages';
import { config } from './shared';

export const decision =
  'Not in the reference. A warning, as for a manifest’s unknown key: the key is ignored, and the rest applies.';

export const unknownFieldRule = defineRule({
  code: 'config.unknown-field',
  severity: 'warning',
  description: `A key ${config} does not have: it has rules, overrides, ignore and suppress; an override has files and rules; a suppression has file, at, rule and reason.`,
  message: ({
    jsonPath,
    key,
    known,
    suggestion,
  }: {
    jsonPath: JsonPath;
    key: string;
    known: string[];
    suggestion?: string;
  }) =>
    `${nameOf(key)} in ${field(jsonPath)} is not a key of ${config}, and is ignored: the keys there are ${known.map((name) => `\`${name}\``).join(', ')}.${didYouMean(suggestion, nameOf)}`,
});
