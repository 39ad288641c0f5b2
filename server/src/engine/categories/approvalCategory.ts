import { asRecord, type ManifestModel, type ToolEntry } from '../model/manifestModel';

/** The approval gate's categories, strictest first. */
export type ApprovalCategory = 'external' | 'delete' | 'modify' | 'read';

export const categoryOrder: readonly ApprovalCategory[] = ['external', 'delete', 'modify', 'read'];

type AnnotationName = 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint';

/** One annotation that decided or could have decided the category, and where it came from. */
export interface CategoryReason {
  category: ApprovalCategory;
  /** e.g. `openWorldHint: true`. */
  annotation: string;
  /**
   * `declared` by the tool, or implied by the plugin's `permissions.fetch`, `runtime: "process"` or
   * `permissions.fs.write`.
   */
  source: 'declared' | 'permissions.fetch' | 'runtime: "process"' | 'permissions.fs.write' | 'default';
}

export interface ToolGating {
  category: ApprovalCategory;
  /** Every annotation that applies, strictest first; the first one won. */
  reasons: CategoryReason[];
  /** True when the tool declares no annotations and its category comes from the plugin. */
  undeclared: boolean;
  /** When the gate asks, in words a new user knows (asksAt). */
  asks: string;
}

/**
 * When the gate asks, from the reference's table. Where it says "per the trust table", these words say
 * what decides: the folder's trust level ("the folder's trust level decides whether that category runs,
 * asks or is refused").
 */
export const asksAt: Record<ApprovalCategory, string> = {
  external: 'asks at every level below Full Auto; refused in Sandbox',
  delete: "asks depending on the folder's trust level",
  modify: "asks depending on the folder's trust level",
  read: 'never asks',
};

/** The reason of a tool that nothing makes more than read (the reference's "nothing that applies"). */
const noReasonWords = 'no annotation or permission says otherwise';

/**
 * What a category says of the tool, in the words of the reference and of the MCP annotations (never the category's own
 * name again).
 */
export const categoryMeaning: Record<ApprovalCategory, string> = {
  external: 'reaches outside the machine (the network, other people, other services)',
  delete: 'may perform destructive updates',
  modify: 'changes its environment (it is not read-only)',
  read: 'does not modify its environment',
};

/** What the plugin as a whole implies for tools that declare no annotations. */
export interface PluginGatingFacts {
  declaresFetch: boolean;
  isProcess: boolean;
  declaresFsWrite: boolean;
}

export function pluginGatingFacts(model: Pick<ManifestModel, 'permissionsValue' | 'isProcess'>): PluginGatingFacts {
  const permissions = model.permissionsValue;
  return {
    declaresFetch: permissions.fetch !== undefined,
    isProcess: model.isProcess,
    declaresFsWrite: asRecord(permissions.fs).write !== undefined,
  };
}

const annotationNames: readonly AnnotationName[] = [
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'openWorldHint',
];

/**
 * Whether a tool's `annotations` value declares any annotation. The safer reading: `annotations: {}`
 * (or a value that is not an object, or an object of none of the four names) declares nothing, so
 * the tool is gated like one without annotations, by what its plugin may do, and the author is warned.
 */
export function declaresAnnotations(annotations: unknown): boolean {
  if (annotations === null || typeof annotations !== 'object' || Array.isArray(annotations)) return false;
  return annotationNames.some((name) => Object.hasOwn(annotations, name));
}

/**
 * "How a tool is gated", from the reference: the category comes from the tool's annotations; a tool
 * that declares none is treated by what its plugin may do; when several apply, the strictest wins.
 */
export function deriveToolGating(annotations: unknown, plugin: PluginGatingFacts): ToolGating {
  const undeclared = !declaresAnnotations(annotations);
  const reasons: CategoryReason[] = [];
  if (undeclared) {
    if (plugin.declaresFetch)
      reasons.push({ category: 'external', annotation: 'openWorldHint: true', source: 'permissions.fetch' });
    if (plugin.isProcess)
      reasons.push({ category: 'external', annotation: 'openWorldHint: true', source: 'runtime: "process"' });
    if (plugin.declaresFsWrite)
      reasons.push({ category: 'modify', annotation: 'readOnlyHint: false', source: 'permissions.fs.write' });
  } else {
    const declared = asRecord(annotations);
    if (declared.openWorldHint === true)
      reasons.push({ category: 'external', annotation: 'openWorldHint: true', source: 'declared' });
    if (declared.destructiveHint === true)
      reasons.push({ category: 'delete', annotation: 'destructiveHint: true', source: 'declared' });
    if (declared.readOnlyHint === false)
      reasons.push({ category: 'modify', annotation: 'readOnlyHint: false', source: 'declared' });
    if (declared.readOnlyHint === true)
      reasons.push({ category: 'read', annotation: 'readOnlyHint: true', source: 'declared' });
  }
  if (reasons.length === 0) reasons.push({ category: 'read', annotation: noReasonWords, source: 'default' });
  reasons.sort((a, b) => categoryOrder.indexOf(a.category) - categoryOrder.indexOf(b.category));
  const category = reasons[0].category;
  return { category, reasons, undeclared, asks: asksAt[category] };
}

export function toolGating(tool: ToolEntry, model: ManifestModel): ToolGating {
  return deriveToolGating(tool.value.annotations, pluginGatingFacts(model));
}

/** One line for hovers, hints and the preview: "external (openWorldHint: true, implied by permissions.fetch)". */
export function describeGating(gating: ToolGating): string {
  const winner = gating.reasons[0];
  const why =
    winner.source === 'default'
      ? noReasonWords
      : winner.source === 'declared'
        ? winner.annotation
        : `${winner.annotation}, implied by ${winner.source}`;
  return `${gating.category} (${why})`;
}

/** How far up the gate's scale a category is: read 0, modify 1, delete 2, external 3. A rise is an escalation. */
export function categoryRank(category: ApprovalCategory): number {
  return categoryOrder.length - 1 - categoryOrder.indexOf(category);
}

/**
 * One reason in words, e.g. `openWorldHint: true, implied by permissions.fetch`. `code` marks up a
 * field or annotation (backticks in Markdown; nothing in plain text).
 */
export function reasonWords(reason: CategoryReason, code: (text: string) => string = (text) => text): string {
  if (reason.source === 'default') return noReasonWords;
  if (reason.source === 'declared') return `${code(reason.annotation)}, declared`;
  return `${code(reason.annotation)}, implied by ${code(reason.source)}`;
}
