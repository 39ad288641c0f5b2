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
    for (const [kind, listOf] of entryLists) visitEach(contexts, kind, listOf(context.model));
    if (contexts.some(([visitors]) => visitors.reference)) visitEach(contexts, 'reference', context.files().references);
    if (contexts.some(([visitors]) => visitors.file)) visitEach(contexts, 'file', context.files().files);
    more?.(context);
  };
}

/**
 * Each item of `items` given to every rule's visitor of `kind`, in the rules' order (all of one item's before the
 * next item's). The visitors and their contexts are picked once, into plain arrays walked by index: this loop runs
 * once per entry and rule (a hundred thousand calls in a manifest of 5,000 tools and actions).
 */
function visitEach(
  contexts: readonly [RuleVisitors<unknown>, CheckContext<unknown>][],
  kind: Exclude<keyof RuleVisitors<never>, 'manifest'>,
  items: readonly unknown[],
): void {
  const visits: ((item: unknown, context: CheckContext<unknown>) => void)[] = [];
  const visitContexts: CheckContext<unknown>[] = [];
  for (const [visitors, ruleContext] of contexts) {
    const visit = visitors[kind] as ((item: unknown, context: CheckContext<unknown>) => void) | undefined;
    if (visit) {
      visits.push(visit);
      visitContexts.push(ruleContext);
    }
  }
  if (visits.length === 0) return;
  for (let item = 0; item < items.length; item++)
    for (let rule = 0; rule < visits.length; rule++) visits[rule](items[item], visitContexts[rule]);
}

/** A report of any code with any data: a rule's context reports its own code with its own data, as it is typed. */
type ReportAny = (code: string, target: unknown, data: unknown) => void;
