/**
 * The decisions of the config.* rules that have one, by code, gathered by rules/decisions.ts: a line here for
 * each rule module of this folder with a `decision` export.
 */
import * as fieldType from './fieldType';
import * as globInvalid from './globInvalid';
import * as globMatchesNothing from './globMatchesNothing';
import * as missingField from './missingField';
import * as pointer from './pointer';
import * as severity from './severity';
import * as syntax from './syntax';
import * as unknownField from './unknownField';
import * as unknownRule from './unknownRule';
import * as unreadable from './unreadable';
import * as unusedSuppression from './unusedSuppression';

/** A function, so that a bundle that never calls it holds none of the decisions. */
export function configDecisions(): [string, string][] {
  return [
    [fieldType.fieldTypeRule.code, fieldType.decision],
    [globInvalid.globInvalidRule.code, globInvalid.decision],
    [globMatchesNothing.globMatchesNothingRule.code, globMatchesNothing.decision],
    [missingField.missingFieldRule.code, missingField.decision],
    [pointer.pointerRule.code, pointer.decision],
    [severity.severityRule.code, severity.decision],
    [syntax.syntaxRule.code, syntax.decision],
    [unknownField.unknownFieldRule.code, unknownField.decision],
    [unknownRule.unknownRuleRule.code, unknownRule.decision],
    [unreadable.unreadableRule.code, unreadable.decision],
    [unusedSuppression.unusedSuppressionRule.code, unusedSuppression.decision],
  ];
}
