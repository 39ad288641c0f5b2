/**
 * The decisions of the hooks.* rules that have one, by code, gathered by rules/decisions.ts: a line here for
 * each rule module of this folder with a `decision` export.
 */
import * as unknownEvent from './unknownEvent';
import * as unknownKey from './unknownKey';
import * as wrongType from './wrongType';

/** A function, so that a bundle that never calls it holds none of the decisions. */
export function hooksDecisions(): [string, string][] {
  return [
    [unknownEvent.unknownEventRule.code, unknownEvent.decision],
    [unknownKey.unknownKeyRule.code, unknownKey.decision],
    [wrongType.wrongTypeRule.code, wrongType.decision],
  ];
}
