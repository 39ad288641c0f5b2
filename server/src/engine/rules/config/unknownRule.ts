import type { JsonPath } from '../../model/nodes';
import { defineRule } from '../rule';
import { didYouMean, quote } from '../messages';
import { config } from './shared';

export const decision =
  'Not in the reference. A warning, not an error: a config file written for a later version of the tools may name a rule this one does not have; the entry is ignored, and the rest applies.';

export const unknownRuleRule = defineRule({
  code: 'config.unknown-rule',
  severity: 'warning',
  description: `A rule code in ${config} that no rule has (a rules or overrides key, or a suppression's rule).`,
  message: ({ code, suggestion }: { jsonPath: JsonPath; code: string; suggestion?: string }) =>
    `There is no rule with code ${quote(code)}, so this entry of ${config} is ignored. Every code is in the README's rules table and after each finding.${didYouMean(suggestion, quote)}`,
});
