/**
 * The decisions of the permissions.* rules that have one, by code, gathered by rules/decisions.ts: a line here for
 * each rule module of this folder with a `decision` export.
 */
import * as fetchPrivate from './fetchPrivate';
import * as fetchSettingDefault from './fetchSettingDefault';
import * as fetchSettingUnknown from './fetchSettingUnknown';
import * as fetchUrl from './fetchUrl';
import * as hookParameterOnly from './hookParameterOnly';
import * as listStaticGlob from './listStaticGlob';
import * as relativeStatic from './relativeStatic';
import * as undeclaredUse from './undeclaredUse';
import * as unknownKey from './unknownKey';
import * as wrongType from './wrongType';

/** A function, so that a bundle that never calls it holds none of the decisions. */
export function permissionsDecisions(): [string, string][] {
  return [
    [fetchPrivate.fetchPrivateRule.code, fetchPrivate.decision],
    [fetchSettingDefault.fetchSettingDefaultRule.code, fetchSettingDefault.decision],
    [fetchSettingUnknown.fetchSettingUnknownRule.code, fetchSettingUnknown.decision],
    [fetchUrl.fetchUrlRule.code, fetchUrl.decision],
    [hookParameterOnly.hookParameterOnlyRule.code, hookParameterOnly.decision],
    [listStaticGlob.listStaticGlobRule.code, listStaticGlob.decision],
    [relativeStatic.relativeStaticRule.code, relativeStatic.decision],
    [undeclaredUse.undeclaredUseRule.code, undeclaredUse.decision],
    [unknownKey.unknownKeyRule.code, unknownKey.decision],
    [wrongType.wrongTypeRule.code, wrongType.decision],
  ];
}
