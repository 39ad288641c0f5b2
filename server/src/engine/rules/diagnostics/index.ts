import type { Severity } from '../../diagnostics';
import { checkFailedRule } from './checkFailed';
import { defineRules, type RuleArea } from '../rule';
import { fileTooLargeRule } from './fileTooLarge';
import { moreRule } from './more';
import { severityOrder } from './shared';
import { tooManyValuesRule } from './tooManyValues';

const definitions = defineRules([moreRule, fileTooLargeRule, tooManyValuesRule, checkFailedRule]);

/** What is said of the diagnostics themselves: the validator reports these (validate.ts), no check of an area does. */
export const diagnosticsRules: RuleArea<typeof definitions> = { rules: definitions };

/** The strictest severity among those counted. */
export function strictestOf(counts: Record<Severity, number>): Severity | undefined {
  return severityOrder.find((severity) => counts[severity] > 0);
}
