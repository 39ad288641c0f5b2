/**
 * The decisions of the files.* rules that have one, by code, gathered by rules/decisions.ts: a line here for
 * each rule module of this folder with a `decision` export.
 */
import * as empty from './empty';
import * as missing from './missing';
import * as notAFile from './notAFile';
import * as notChecked from './notChecked';
import * as outside from './outside';
import * as unreadable from './unreadable';

/** A function, so that a bundle that never calls it holds none of the decisions. */
export function filesDecisions(): [string, string][] {
  return [
    [empty.emptyRule.code, empty.decision],
    [missing.missingRule.code, missing.decision],
    [notAFile.notAFileRule.code, notAFile.decision],
    [notChecked.notCheckedRule.code, notChecked.decision],
    [outside.outsideRule.code, outside.decision],
    [unreadable.unreadableRule.code, unreadable.decision],
  ];
}
