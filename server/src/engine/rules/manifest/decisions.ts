/**
 * The decisions of the manifest.* rules that have one, by code, gathered by rules/decisions.ts: a line here for
 * each rule module of this folder with a `decision` export.
 */
import * as notAnObject from './notAnObject';
import * as processOnly from './processOnly';
import * as unknownKey from './unknownKey';
import * as version from './version';
import * as wrongType from './wrongType';

/** A function, so that a bundle that never calls it holds none of the decisions. */
export function manifestDecisions(): [string, string][] {
  return [
    [notAnObject.notAnObjectRule.code, notAnObject.decision],
    [processOnly.processOnlyRule.code, processOnly.decision],
    [unknownKey.unknownKeyRule.code, unknownKey.decision],
    [version.versionRule.code, version.decision],
    [wrongType.wrongTypeRule.code, wrongType.decision],
  ];
}
