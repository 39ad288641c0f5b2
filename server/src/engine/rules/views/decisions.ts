/**
 * The decisions of the views.* rules that have one, by code, gathered by rules/decisions.ts: a line here for
 * each rule module of this folder with a `decision` export.
 */
import * as duplicateId from './duplicateId';
import * as unknownKey from './unknownKey';
import * as wrongType from './wrongType';

/** A function, so that a bundle that never calls it holds none of the decisions. */
export function viewsDecisions(): [string, string][] {
  return [
    [duplicateId.duplicateIdRule.code, duplicateId.decision],
    [unknownKey.unknownKeyRule.code, unknownKey.decision],
    [wrongType.wrongTypeRule.code, wrongType.decision],
  ];
}
