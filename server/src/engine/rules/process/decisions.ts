/**
 * The decisions of the process.* rules that have one, by code, gathered by rules/decisions.ts: a line here for
 * each rule module of this folder with a `decision` export.
 */
import * as sandbox from './sandbox';
import * as staticFs from './staticFs';

/** A function, so that a bundle that never calls it holds none of the decisions. */
export function processDecisions(): [string, string][] {
  return [
    [sandbox.sandboxRule.code, sandbox.decision],
    [staticFs.staticFsRule.code, staticFs.decision],
  ];
}
