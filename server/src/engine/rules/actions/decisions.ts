/**
 * The decisions of the actions.* rules that have one, by code, gathered by rules/decisions.ts: a line here for
 * each rule module of this folder with a `decision` export.
 */
import * as batchWithoutArray from './batchWithoutArray';
import * as duplicateId from './duplicateId';
import * as duplicateParamId from './duplicateParamId';
import * as generateForward from './generateForward';
import * as hiddenUnreachable from './hiddenUnreachable';
import * as kind from './kind';
import * as multiFileModeIgnored from './multiFileModeIgnored';
import * as scopeEmpty from './scopeEmpty';
import * as selectOptions from './selectOptions';
import * as toolIdIgnored from './toolIdIgnored';
import * as unknownKey from './unknownKey';
import * as wrongType from './wrongType';

/** A function, so that a bundle that never calls it holds none of the decisions. */
export function actionsDecisions(): [string, string][] {
  return [
    [batchWithoutArray.batchWithoutArrayRule.code, batchWithoutArray.decision],
    [duplicateId.duplicateIdRule.code, duplicateId.decision],
    [duplicateParamId.duplicateParamIdRule.code, duplicateParamId.decision],
    [generateForward.generateForwardRule.code, generateForward.decision],
    [hiddenUnreachable.hiddenUnreachableRule.code, hiddenUnreachable.decision],
    [kind.kindRule.code, kind.decision],
    [multiFileModeIgnored.multiFileModeIgnoredRule.code, multiFileModeIgnored.decision],
    [scopeEmpty.scopeEmptyRule.code, scopeEmpty.decision],
    [selectOptions.selectOptionsRule.code, selectOptions.decision],
    [toolIdIgnored.toolIdIgnoredRule.code, toolIdIgnored.decision],
    [unknownKey.unknownKeyRule.code, unknownKey.decision],
    [wrongType.wrongTypeRule.code, wrongType.decision],
  ];
}
