/**
 * The decisions of the handlers.* rules that have one, by code, gathered by rules/decisions.ts: a line here for
 * each rule module of this folder with a `decision` export.
 */
import * as malformedEnvelope from './malformedEnvelope';
import * as notChecked from './notChecked';
import * as parameterGrantsNothing from './parameterGrantsNothing';
import * as undeclaredPermission from './undeclaredPermission';
import * as unknownArgument from './unknownArgument';
import * as unusedSuppression from './unusedSuppression';

/** A function, so that a bundle that never calls it holds none of the decisions. */
export function handlersDecisions(): [string, string][] {
  return [
    [malformedEnvelope.malformedEnvelopeRule.code, malformedEnvelope.decision],
    [notChecked.notCheckedRule.code, notChecked.decision],
    [parameterGrantsNothing.parameterGrantsNothingRule.code, parameterGrantsNothing.decision],
    [undeclaredPermission.undeclaredPermissionRule.code, undeclaredPermission.decision],
    [unknownArgument.unknownArgumentRule.code, unknownArgument.decision],
    [unusedSuppression.unusedSuppressionRule.code, unusedSuppression.decision],
  ];
}
