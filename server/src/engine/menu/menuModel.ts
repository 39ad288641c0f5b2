/**
 * The context menu Filer would build for a selection, as the engine computes it (computeContextMenu):
 * what the preview panel and `filer-manifest menu` show.
 */
import type { ApprovalCategory } from '../categories/approvalCategory';
import type { SourceSpan } from '../model/sourceSpan';

/** What the author right-clicks in Filer: one file, several files, or a folder, by name. */
export type SelectionKind = 'file' | 'files' | 'folder';

export interface MenuSelection {
  kind: SelectionKind;
  /** File names (`report.md`) or, for a folder, its name. Only the names' extensions matter. */
  names: string[];
}

/**
 * The tool an entry calls: one of this manifest's, with how Filer's approval gate treats it, or a `toolId` that names
 * none.
 */
export type MenuTool = FoundMenuTool | MissingMenuTool;

interface FoundMenuTool {
  found: true;
  id: string;
  title: string;
  category: ApprovalCategory;
  /** describeGating's line, e.g. `external (openWorldHint: true, implied by permissions.fetch)`. */
  gating: string;
  /** When the gate asks the agent's calls of the tool (asksAt). */
  asks: string;
  /**
   * What happens when the person chooses the entry: the tool runs without asking, since the approval gate
   * gates the agent's calls only and the entry calls the tool directly (the decision of actions.kind).
   */
  whenChosen: string;
}

interface MissingMenuTool {
  found: false;
  /** The `toolId` as written; empty when the action has none. */
  id: string;
  /** Why the entry calls no tool, in words to show as they are: no `toolId`, or one that names no tool. */
  problem: string;
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
  filePath: string | undefined;
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
