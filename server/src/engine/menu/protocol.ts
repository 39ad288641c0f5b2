/**
 * What the language server and the VS Code client say to each other beyond LSP, and the context-menu
 * model they exchange. Types and method names only, so both sides import this one file.
 */
import type { CategoryReason } from '../categories/approvalCategory';
import type { Range } from '../diagnostics';

/** What the author right-clicks in Filer: one file, several files, or a folder, by name. */
export type SelectionKind = 'file' | 'files' | 'folder';

export interface MenuSelection {
  kind: SelectionKind;
  /** File names (`report.md`) or, for a folder, its name. Only the names' extensions matter. */
  names: string[];
}

/** Where an entry is written in the manifest, so the client can jump to it. */
export interface SourceSpan {
  /** The entry's object. */
  offset: number;
  length: number;
  range: Range;
  /** The entry's `id` value when it has one (what a jump selects), else the object's start. */
  focus: Range;
}

export type ApprovalCategoryName = 'external' | 'delete' | 'modify' | 'read';

/** The tool an entry calls, with how Filer's approval gate treats it. */
export interface MenuTool {
  id: string;
  /** The tool's title; undefined when `toolId` names no tool of this manifest. */
  title: string | undefined;
  found: boolean;
  category: ApprovalCategoryName | undefined;
  /** describeGating's line, e.g. `external (openWorldHint: true, implied by permissions.fetch)`. */
  gating: string | undefined;
  /** When the gate asks, in the reference's words. */
  asks: string | undefined;
  /** Why the entry calls no tool, in words to show as they are: no `toolId`, or one that names no tool. */
  problem: string | undefined;
}

export interface SelectOption {
  value: string;
  label: string;
}

/** One `params` entry as the dialog control Filer shows. */
export interface DialogControl {
  id: string;
  label: string;
  /** `unknown` for a type the reference does not define (the validator reports it). */
  type: 'select' | 'text' | 'per-file-text' | 'unknown';
  required: boolean;
  /** select: the choices, and which is selected first. */
  options: SelectOption[];
  default: string | undefined;
  placeholder: string | undefined;
  /** per-file-text: one field per selected file, in selection order. */
  perFileFields: string[];
  /** True when a generate button fills this control. */
  filledByGenerate: boolean;
}

export interface GenerateButton {
  label: string;
  actionId: string;
  /** The target action's title; undefined when `actionId` names no action. */
  actionTitle: string | undefined;
  populateParamId: string;
  forwardParamIds: string[];
}

export interface MultiFileCall {
  mode: 'independent' | 'batch';
  /** e.g. `The tool is called 3 times, once per file.` */
  words: string;
}

export interface PromptTurn {
  /** The prompt template's path, relative to the plugin root. */
  path: string | undefined;
  toolScope: 'none' | 'read-only' | 'default';
  /** The toolScope explained, from the reference. */
  toolScopeWords: string;
}

/** The dialog Filer opens when the entry is chosen. */
export interface MenuDialog {
  title: string;
  description: string;
  controls: DialogControl[];
  generate: GenerateButton | undefined;
  /** Tool kind with several files selected: how many calls. */
  multiFile: MultiFileCall | undefined;
  /** Prompt kind: the template and the turn's tools. */
  prompt: PromptTurn | undefined;
}

export interface ActionMenuEntry {
  source: 'action';
  id: string;
  title: string;
  description: string;
  kind: 'prompt' | 'tool';
  /** Tool kind: the tool it calls. */
  tool: MenuTool | undefined;
  dialog: MenuDialog;
  location: SourceSpan;
}

/** A tool offered directly because its `fileExtensions` match every selected file. */
export interface ToolMenuEntry {
  source: 'tool';
  id: string;
  title: string;
  description: string;
  kind: 'tool';
  tool: MenuTool;
  dialog: MenuDialog;
  location: SourceSpan;
}

export type MenuEntry = ActionMenuEntry | ToolMenuEntry;

/** An action left out for this selection, and why: the panel shows these so the author sees the reason. */
export interface ExcludedAction {
  id: string;
  title: string;
  reason: string;
  location: SourceSpan;
}

export interface ContextMenuModel {
  selection: MenuSelection;
  /** What Filer offers, in manifest order: actions first, then tools. */
  entries: MenuEntry[];
  excluded: ExcludedAction[];
  /** The manifest's displayName (or name), for the panel's title. */
  pluginName: string | undefined;
}

/** Request `filer/contextMenu`: client → server, on the document as it is in the editor. */
export const contextMenuMethod = 'filer/contextMenu';
export interface ContextMenuParams {
  /** The manifest document's URI. */
  uri: string;
  selection: MenuSelection;
}
/** `null` when the document is not open or is not a Filer manifest. */
export type ContextMenuResult = ContextMenuModel | null;

/** Request `filer/manifestStatus`: client → server, whether an open document is a Filer manifest. */
export const manifestStatusMethod = 'filer/manifestStatus';
export interface ManifestStatusParams {
  uri: string;
}
export interface ManifestStatus {
  recognised: boolean;
  /** The manifest's `name`, when it has one. */
  name: string | undefined;
  /** Why it is (or is not) taken as a Filer manifest, e.g. `has contributes` or `forced in by filerManifest.files.include`. */
  reason: string;
  /** Counts of its current diagnostics, for the status item's detail. */
  errors: number;
  warnings: number;
}

/** One tool as the approval gate treats it: what the Gating view, `filer-manifest gating` and its JSON show. */
export interface GatedTool {
  /** The tool's id, or `tools[3]` for a tool that has none. */
  id: string;
  title: string | undefined;
  category: ApprovalCategoryName;
  /** When the gate asks, in the reference's words, e.g. `asks per the trust table`. */
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
  undeclaredTools: { category: ApprovalCategoryName; why: string; reasons: CategoryReason[] };
}

/** Request `filer/gating`: client → server, the Gating view's data, on the document as it is in the editor. */
export const gatingMethod = 'filer/gating';
export interface GatingParams {
  /** The manifest document's URI. */
  uri: string;
}
/** `null` when the document is not open or is not a Filer manifest. */
export type GatingResult = GatingReport | null;
