/**
 * The decisions of the paths.* rules that have one, by code, gathered by rules/decisions.ts: a line here for
 * each rule module of this folder with a `decision` export.
 */
import * as absolute from './absolute';
import * as dotdot from './dotdot';

/** A function, so that a bundle that never calls it holds none of the decisions. */
export function pathsDecisions(): [string, string][] {
  return [
    [absolute.absoluteRule.code, absolute.decision],
    [dotdot.dotdotRule.code, dotdot.decision],
  ];
}
