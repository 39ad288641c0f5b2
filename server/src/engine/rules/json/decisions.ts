/**
 * The decisions of the json.* rules that have one, by code, gathered by rules/decisions.ts: a line here for
 * each rule module of this folder with a `decision` export.
 */
import * as comment from './comment';
import * as duplicateKey from './duplicateKey';
import * as syntax from './syntax';
import * as tooDeep from './tooDeep';
import * as trailingComma from './trailingComma';

/** A function, so that a bundle that never calls it holds none of the decisions. */
export function jsonDecisions(): [string, string][] {
  return [
    [comment.commentRule.code, comment.decision],
    [duplicateKey.duplicateKeyRule.code, duplicateKey.decision],
    [syntax.syntaxRule.code, syntax.decision],
    [tooDeep.tooDeepRule.code, tooDeep.decision],
    [trailingComma.trailingCommaRule.code, trailingComma.decision],
  ];
}
