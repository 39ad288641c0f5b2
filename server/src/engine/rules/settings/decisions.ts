/**
 * The decisions of the settings.* rules that have one, by code, gathered by rules/decisions.ts: a line here for
 * each rule module of this folder with a `decision` export.
 */
import * as actionHandler from './actionHandler';
import * as actionOnly from './actionOnly';
import * as defaultValue from './default';
import * as minMax from './minMax';
import * as numberOnly from './numberOnly';
import * as unknownKey from './unknownKey';
import * as wrongType from './wrongType';

/** A function, so that a bundle that never calls it holds none of the decisions. */
export function settingsDecisions(): [string, string][] {
  return [
    [actionHandler.actionHandlerRule.code, actionHandler.decision],
    [actionOnly.actionOnlyRule.code, actionOnly.decision],
    [defaultValue.defaultRule.code, defaultValue.decision],
    [minMax.minMaxRule.code, minMax.decision],
    [numberOnly.numberOnlyRule.code, numberOnly.decision],
    [unknownKey.unknownKeyRule.code, unknownKey.decision],
    [wrongType.wrongTypeRule.code, wrongType.decision],
  ];
}
