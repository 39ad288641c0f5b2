/**
 * The gating review: every tool of a manifest with its approval category (the Gating view, the hover's
 * facts and `filer-manifest gating` all read this), and what changed between two versions of a plugin.
 * The category itself comes from deriveToolGating alone; this file only collects and compares.
 */
import type { ManifestDiagnostic } from '../rules/registry';
import { entryPlace, type ManifestModel } from '../model/manifestModel';
import { spanOf, type SourceSpan } from '../model/sourceSpan';
import {
  categoryRank,
  deriveToolGating,
  describeGating,
  pluginGatingFacts,
  reasonWords,
  toolGating,
  type ApprovalCategory,
  type CategoryReason,
} from './approvalCategory';

/** One tool as the approval gate treats it: what the Gating view, `filer-manifest gating` and its JSON show. */
export interface GatedTool {
  /** The tool's id, or `tools[3]` for a tool that has none. */
  id: string;
  title: string | undefined;
  category: ApprovalCategory;
  /** When the gate asks, e.g. `asks depending on the folder's trust level`. */
  asks: string;
  /** describeGating's line, e.g. `external (openWorldHint: true, implied by permissions.fetch)`. */
  why: string;
  /** Every annotation that applies, strictest first: the first one won. */
  reasons: CategoryReason[];
  /** The same reasons in words (reasonWords), e.g. `openWorldHint: true, implied by permissions.fetch`. */
  reasonsInWords: string[];
  /** True when the tool declares no annotations, so its category comes from what the plugin may do. */
  undeclared: boolean;
  location: SourceSpan;
}

/** Every tool of one manifest with its approval category, in manifest order. */
export interface GatingReport {
  /** The manifest's `name`, when it has one. */
  name: string | undefined;
  /** The manifest's displayName (or name). */
  pluginName: string | undefined;
  tools: GatedTool[];
  /** What a tool that declares no annotations gets in this plugin (its reasons, strictest first). */
  undeclaredTools: { category: ApprovalCategory; why: string; reasons: CategoryReason[] };
  /**
   * When Filer would not load the plugin (its manifest has errors): the categories are then what it would get once it
   * loads.
   */
  refusal: LoaderRefusal | undefined;
}

/** Filer would not load the plugin: "A manifest that fails validation is refused … and the plugin is not loaded". */
interface LoaderRefusal {
  /** The first error by position, as the validator reports it. */
  first: Pick<ManifestDiagnostic, 'code' | 'message' | 'range'>;
  /** In words, for every report and the preview. */
  words: string;
}

/** The loader refuses a manifest with an error: any error the validator reports (at the severities in force). */
function loaderRefusal(diagnostics: readonly ManifestDiagnostic[]): LoaderRefusal | undefined {
  const first = diagnostics.find((diagnostic) => diagnostic.severity === 'error');
  if (!first) return undefined;
  return {
    first: { code: first.code, message: first.message, range: first.range },
    words:
      'Filer would not load this plugin: its manifest has errors, and the loader refuses a manifest that fails validation. ' +
      'Its tools would be gated as shown here once it loads.',
  };
}

/** The manifest's displayName, else its name: what a person calls the plugin. */
export function pluginNameOf(model: ManifestModel): string | undefined {
  const { displayName, name } = model.value;
  return typeof displayName === 'string' ? displayName : typeof name === 'string' ? name : undefined;
}

/**
 * Every tool of the manifest, in manifest order, with its category, why, and when the gate asks; and,
 * from the manifest's `diagnostics`, whether Filer would load the plugin at all.
 */
export function gatingReport(model: ManifestModel, diagnostics: readonly ManifestDiagnostic[]): GatingReport {
  const tools: GatedTool[] = [];
  for (const tool of model.tools) {
    if (tool.node.type !== 'object') continue;
    const gating = toolGating(tool, model);
    tools.push({
      id: tool.id ?? entryPlace(tool),
      title: typeof tool.value.title === 'string' ? tool.value.title : undefined,
      category: gating.category,
      asks: gating.asks,
      why: describeGating(gating),
      reasons: gating.reasons,
      reasonsInWords: gating.reasons.map((reason) => reasonWords(reason)),
      undeclared: gating.undeclared,
      location: spanOf(model, tool),
    });
  }
  const undeclared = deriveToolGating(undefined, pluginGatingFacts(model));
  return {
    name: typeof model.value.name === 'string' ? model.value.name : undefined,
    pluginName: pluginNameOf(model),
    tools,
    undeclaredTools: { category: undeclared.category, why: describeGating(undeclared), reasons: undeclared.reasons },
    refusal: loaderRefusal(diagnostics),
  };
}

/** A tool present in both versions whose category changed. */
interface CategoryChange {
  id: string;
  from: ApprovalCategory;
  to: ApprovalCategory;
  /** The category rose (read → modify → delete → external). */
  escalation: boolean;
  /** What changed in the tool's reasons, e.g. `permissions.fetch added` (in `code` marks). */
  because: string;
  base: GatedTool;
  head: GatedTool;
}

/**
 * Changes that share one cause and one new category, in words: "permissions.fetch added: 3 undeclared tools become
 * external".
 */
interface ChangeGroup {
  because: string;
  to: ApprovalCategory;
  escalation: boolean;
  tools: string[];
  words: string;
}

export interface GatingComparison {
  /** Tools of the head that the base does not have. */
  added: GatedTool[];
  /** Tools of the base that the head no longer has. */
  removed: GatedTool[];
  /** Escalations first (to the strictest category first), then the others; manifest order within. */
  changes: CategoryChange[];
  /** The changes grouped by cause, in the same order. */
  groups: ChangeGroup[];
}

/**
 * What changed in what a plugin's tools may do between `base` and `head`. Tools are matched by id (a
 * later tool with a taken id is skipped by the agent loop, so the first one counts). `code` marks up
 * fields in the cause's words.
 */
export function compareGating(
  base: GatingReport,
  head: GatingReport,
  code: (text: string) => string = (text) => text,
): GatingComparison {
  const baseTools = firstById(base.tools);
  const headTools = firstById(head.tools);
  const added = [...headTools.values()].filter((tool) => !baseTools.has(tool.id));
  const removed = [...baseTools.values()].filter((tool) => !headTools.has(tool.id));
  const changes: CategoryChange[] = [];
  for (const after of headTools.values()) {
    const before = baseTools.get(after.id);
    if (!before || before.category === after.category) continue;
    changes.push({
      id: after.id,
      from: before.category,
      to: after.category,
      escalation: categoryRank(after.category) > categoryRank(before.category),
      because: causeOf(before, after, code),
      base: before,
      head: after,
    });
  }
  const position = new Map(head.tools.map((tool, index) => [tool.id, index]));
  changes.sort(
    (a, b) =>
      Number(b.escalation) - Number(a.escalation) ||
      categoryRank(b.to) - categoryRank(a.to) ||
      (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0),
  );
  return { added, removed, changes, groups: groupChanges(changes) };
}

function firstById(tools: GatedTool[]): Map<string, GatedTool> {
  const byId = new Map<string, GatedTool>();
  for (const tool of tools) if (!byId.has(tool.id)) byId.set(tool.id, tool);
  return byId;
}

/**
 * What changed in the tool's reasons, in words: a plugin fact (`permissions.fetch added`) when the tool
 * declares no annotations in either version; its annotations (`annotations: openWorldHint: true added,
 * readOnlyHint: true removed`) when it declares them in both; else that it started or stopped declaring.
 */
function causeOf(before: GatedTool, after: GatedTool, code: (text: string) => string): string {
  const key = (reason: CategoryReason) => `${reason.annotation}|${reason.source}`;
  const had = new Set(before.reasons.map(key));
  const has = new Set(after.reasons.map(key));
  const gained = after.reasons.filter((reason) => reason.source !== 'default' && !had.has(key(reason)));
  const lost = before.reasons.filter((reason) => reason.source !== 'default' && !has.has(key(reason)));
  const annotations = code('annotations');
  if (before.undeclared && after.undeclared) {
    return [
      ...gained.map((reason) => `${code(reason.source)} added`),
      ...lost.map((reason) => `${code(reason.source)} removed`),
    ].join(', ');
  }
  if (!before.undeclared && !after.undeclared) {
    const changed = [
      ...gained.map((reason) => `${code(reason.annotation)} added`),
      ...lost.map((reason) => `${code(reason.annotation)} removed`),
    ];
    return `${annotations}: ${changed.join(', ')}`;
  }
  const now = gained.map((reason) => reasonWords(reason, code)).join('; ');
  if (after.undeclared) return now ? `${annotations} removed: now ${now}` : `${annotations} removed`;
  return now
    ? `${annotations} declared: ${gained.map((reason) => code(reason.annotation)).join(', ')}`
    : `${annotations} declared`;
}

function groupChanges(changes: CategoryChange[]): ChangeGroup[] {
  const groups = new Map<string, ChangeGroup & { undeclared: boolean }>();
  for (const change of changes) {
    const id = `${change.because}\u0000${change.to}`;
    let group = groups.get(id);
    if (!group) {
      group = {
        because: change.because,
        to: change.to,
        escalation: change.escalation,
        tools: [],
        words: '',
        undeclared: true,
      };
      groups.set(id, group);
    }
    group.tools.push(change.id);
    group.undeclared &&= change.base.undeclared && change.head.undeclared;
  }
  return [...groups.values()].map(({ undeclared, ...group }) => {
    const count = group.tools.length;
    const tools = `${count} ${undeclared ? 'undeclared ' : ''}${count === 1 ? 'tool becomes' : 'tools become'}`;
    return { ...group, words: `${group.because}: ${tools} ${group.to}` };
  });
}
