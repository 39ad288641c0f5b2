/**
 * The decisions of the diagnostics.* rules that have one, by code, gathered by rules/decisions.ts: a line here for
 * each rule module of this folder with a `decision` export.
 */
import * as checkFailed from './checkFailed';
import * as fileTooLarge from './fileTooLarge';
import * as more from './more';
import * as tooManyValues from './tooManyValues';

/** A function, so that a bundle that never calls it holds none of the decisions. */
export function diagnosticsDecisions(): [string, string][] {
  return [
    [checkFailed.checkFailedRule.code, checkFailed.decision],
    [fileTooLarge.fileTooLargeRule.code, fileTooLarge.decision],
    [more.moreRule.code, more.decision],
    [tooManyValues.tooManyValuesRule.code, tooManyValues.decision],
  ];
}
