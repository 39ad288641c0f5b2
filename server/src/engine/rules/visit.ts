import type { Entry, ManifestModel } from '../model/manifestModel';
import type { ReferencedFiles } from '../folder/referencedFiles';
import type { AnyRule, CheckContext, RuleArea, RuleContext, RuleList, RuleVisitors } from './rule';

/** The visitors of the entries of the model, with the list each one walks. */
const entryLists = [
  ['tool', (model: ManifestModel) => model.tools],
  ['action', (model: ManifestModel) => model.actions],
  ['setting', (model: ManifestModel) => model.settings],
  ['hook', (model: ManifestModel) => model.hooks],
] as const satisfies readonly (readonly [keyof RuleVisitors<never>, (model: ManifestModel) => readonly Entry[]])[];

/**
 * An area's check from its rules' visitors: the model walked once, each rule's visitor called for what it names, in
 * the order of the area's list: first each rule's `manifest`, then each entry of each list (every rule's visitor of
 * one entry before the next entry), then each path the manifest names, then each file behind them. `more` is what
 * the area checks beside them, after them.
 */
export function visitRules<R extends RuleList>(
  rules: R,
  more?: (context: RuleContext<R>) => void,
): RuleArea<R>['check'] {
  const checked = (rules as unknown as readonly AnyRule[]).filter((rule) => rule.check);
  return (context) => {
    const sharedValues = new Map<unknown, unknown>();
    const shared = <T>(compute: (model: ManifestModel, files: () => ReferencedFiles) => T): T => {
      if (!sharedValues.has(compute)) sharedValues.set(compute, compute(context.model, context.files));
      return sharedValues.get(compute) as T;
    };
    const contexts = checked.map((rule): [RuleVisitors<unknown>, CheckContext<unknown>] => [
      rule.check!,
      {
        model: context.model,
        folder: context.folder,
        files: context.files,
        report: (target, data) => (context.report as ReportAny)(rule.code, target, data),
        reportIn: (span, data) => (context.reportIn as ReportAny)(rule.code, span, data),
        shared,
      },
    ]);
    for (const [visitors, ruleContext] of contexts) visitors.manifest?.(ruleContext);
    for (const [kind, listOf] of entryLists) {
      const visiting = contexts.filter(([visitors]) => visitors[kind]);
      if (visiting.length === 0) continue;
      for (const entry of listOf(context.model))
        for (const [visitors, ruleContext] of visiting)
          (visitors[kind] as (entry: Entry, context: CheckContext<unknown>) => void)(entry, ruleContext);
    }
    const onReferences = contexts.filter(([visitors]) => visitors.reference);
    if (onReferences.length > 0)
      for (const reference of context.files().references)
        for (const [visitors, ruleContext] of onReferences) visitors.reference!(reference, ruleContext);
    const onFiles = contexts.filter(([visitors]) => visitors.file);
    if (onFiles.length > 0)
      for (const file of context.files().files)
        for (const [visitors, ruleContext] of onFiles) visitors.file!(file, ruleContext);
    more?.(context);
  };
}

/** A report of any code with any data: a rule's context reports its own code with its own data, as it is typed. */
type ReportAny = (code: string, target: unknown, data: unknown) => void;
