import { describeGating, toolGating } from '../categories/approvalCategory';
import { pluginNameOf } from '../categories/gatingReview';
import { asRecord, entryPlace, type ActionEntry, type ManifestModel, type ToolEntry } from '../model/manifestModel';
import { spanOf } from '../model/sourceSpan';
import { matchesExtension, matchesFileType } from './fileTypes';
import type {
  ActionMenuEntry,
  ContextMenuModel,
  DialogControl,
  ExcludedAction,
  GenerateButton,
  MenuDialog,
  MenuSelection,
  MenuTool,
  MultiFileCall,
  PromptTurn,
  SelectOption,
  SelectionKind,
  ToolMenuEntry,
} from './menuModel';

/** The `scope` value that matches each kind of selection. */
const scopeFor: Record<SelectionKind, string> = { file: 'single-file', files: 'multi-file', folder: 'folder' };

const selectionWords: Record<SelectionKind, string> = {
  file: 'one file is selected',
  files: 'several files are selected',
  folder: 'a folder is selected',
};

const toolScopeWords: Record<PromptTurn['toolScope'], string> = {
  none: 'No tools this turn: the model answers from the prompt alone and cannot read files.',
  'read-only':
    'Only tools that read the folder and its knowledge: nothing that writes, runs a command, reaches the network, or belongs to a plugin.',
  default: 'No toolScope: the manifest does not narrow this turn’s tools.',
};

/**
 * The right-click menu Filer would build from the manifest for one selection, and the dialog behind
 * each entry. Actions are offered when their `scope` covers the selection kind and their
 * `fileExtensions` / `fileTypes` admit every selected file (see fileTypes.ts for how those match; a
 * folder is not a file, so those filters do not apply to a folder selection); `hidden` actions never
 * are. Tools are offered for files when their `fileExtensions` admit every selected file.
 */
export function computeContextMenu(model: ManifestModel, described: MenuSelection): ContextMenuModel {
  // One file selected is a single-file selection, however it was described (the preview's "Several files" with one
  // name typed): Filer offers what a right-click on one file does.
  const selection: MenuSelection =
    described.kind === 'files' && described.names.length < 2 ? { kind: 'file', names: described.names } : described;
  const entries: ContextMenuModel['entries'] = [];
  const excluded: ExcludedAction[] = [];

  for (const action of model.actions) {
    if (action.node.type !== 'object') continue;
    const reason = exclusionReason(action, selection);
    if (reason)
      excluded.push({
        id: idOf(action),
        title: textOf(action.value.title, idOf(action)),
        reason,
        location: spanOf(model, action),
      });
    else entries.push(actionEntry(model, action, selection));
  }

  if (selection.kind !== 'folder') {
    for (const tool of model.tools) {
      if (tool.node.type !== 'object' || !tool.id) continue;
      const extensions = stringList(tool.value.fileExtensions);
      if (extensions.length === 0) continue;
      if (selection.names.every((name) => extensions.some((extension) => matchesExtension(name, extension)))) {
        entries.push(toolEntry(model, tool));
      }
    }
  }

  return { selection, entries, excluded, pluginName: pluginNameOf(model) };
}

/** Why the action is not in the menu for this selection, or undefined when it is. */
function exclusionReason(action: ActionEntry, selection: MenuSelection): string | undefined {
  if (action.value.hidden === true)
    return 'hidden: true keeps it out of the context menu (it can still be a generate target).';

  const scopes = typeof action.value.scope === 'string' ? [action.value.scope] : stringList(action.value.scope);
  if (!scopes.includes(scopeFor[selection.kind])) {
    const declared =
      scopes.length > 0
        ? scopes.map((scope) => `"${scope}"`).join(', ')
        : Array.isArray(action.value.scope)
          ? 'an empty array'
          : 'missing';
    return `scope is ${declared}, but ${selectionWords[selection.kind]} (needs "${scopeFor[selection.kind]}").`;
  }
  if (selection.kind === 'folder') return undefined;

  const extensions = stringList(action.value.fileExtensions);
  if (action.value.fileExtensions !== undefined) {
    const misfit = selection.names.find((name) => !extensions.some((extension) => matchesExtension(name, extension)));
    if (misfit !== undefined) return `${misfit} does not match fileExtensions [${extensions.join(', ')}].`;
  }
  const fileTypes = stringList(action.value.fileTypes);
  if (action.value.fileTypes !== undefined) {
    const misfit = selection.names.find((name) => !fileTypes.some((fileType) => matchesFileType(name, fileType)));
    if (misfit !== undefined) return `${misfit} does not match fileTypes [${fileTypes.join(', ')}].`;
  }
  return undefined;
}

function actionEntry(model: ManifestModel, action: ActionEntry, selection: MenuSelection): ActionMenuEntry {
  const kind = action.kind === 'tool' ? 'tool' : 'prompt';
  const title = textOf(action.value.title, idOf(action));
  const description = textOf(action.value.description, '');
  const toolId = typeof action.value.toolId === 'string' ? action.value.toolId : '';
  return {
    source: 'action',
    id: idOf(action),
    title,
    description,
    kind,
    tool: kind === 'tool' ? menuTool(model, toolId) : undefined,
    dialog: {
      title,
      description,
      controls: controlsOf(action, selection),
      generate: generateOf(model, action),
      multiFile:
        kind === 'tool' && selection.kind === 'files' ? multiFileCall(action, selection.names.length) : undefined,
      prompt: kind === 'prompt' ? promptTurn(action) : undefined,
    },
    location: spanOf(model, action),
  };
}

function toolEntry(model: ManifestModel, tool: ToolEntry): ToolMenuEntry {
  const title = textOf(tool.value.title, tool.id ?? '');
  const description = textOf(tool.value.description, '');
  const dialog: MenuDialog = {
    title,
    description,
    controls: [],
    generate: undefined,
    multiFile: undefined,
    prompt: undefined,
  };
  return {
    source: 'tool',
    id: tool.id ?? '',
    title,
    description,
    kind: 'tool',
    tool: menuTool(model, tool.id ?? ''),
    dialog,
    location: spanOf(model, tool),
  };
}

/**
 * A menu entry calls its tool directly ("invokes toolId directly — no agent turn, no model"), and the
 * approval gate "gates the agent's calls only": choosing the entry runs the tool without asking.
 */
const whenChosen =
  'Chosen from the menu, it runs without asking: Filer calls the tool directly, with no agent turn, ' +
  "and the approval gate gates the agent's calls only.";

function menuTool(model: ManifestModel, toolId: string): MenuTool {
  const tool = model.toolsById.get(toolId);
  if (!tool) {
    const problem =
      toolId === ''
        ? 'no toolId: a kind: "tool" action names the tool it calls'
        : `${JSON.stringify(toolId)} is not a tool of this manifest`;
    return { id: toolId, found: false, problem };
  }
  const gating = toolGating(tool, model);
  return {
    id: toolId,
    title: textOf(tool.value.title, toolId),
    found: true,
    category: gating.category,
    gating: describeGating(gating),
    asks: gating.asks,
    whenChosen,
  };
}

function controlsOf(action: ActionEntry, selection: MenuSelection): DialogControl[] {
  const params = Array.isArray(action.value.params) ? action.value.params : [];
  const populated = asRecord(action.value.generate).populateParamId;
  return params.map(asRecord).map((param, index): DialogControl => {
    const id = typeof param.id === 'string' ? param.id : `params[${index}]`;
    const type =
      param.type === 'select' || param.type === 'text' || param.type === 'per-file-text' ? param.type : 'unknown';
    return {
      id,
      label: textOf(param.label, id),
      type,
      required: param.required === true,
      options: type === 'select' && Array.isArray(param.options) ? param.options.flatMap(optionOf) : [],
      default: scalarText(param.default),
      placeholder: typeof param.placeholder === 'string' ? param.placeholder : undefined,
      perFileFields: type === 'per-file-text' ? [...selection.names] : [],
      filledByGenerate: populated === id,
    };
  });
}

/** A select option is a string, or an object with `value` and/or `label`. */
function optionOf(option: unknown): SelectOption[] {
  const plain = scalarText(option);
  if (plain !== undefined) return [{ value: plain, label: plain }];
  const record = asRecord(option);
  const value = scalarText(record.value) ?? scalarText(record.id) ?? scalarText(record.label);
  if (value === undefined) return [];
  return [{ value, label: scalarText(record.label) ?? value }];
}

function generateOf(model: ManifestModel, action: ActionEntry): GenerateButton | undefined {
  if (action.value.generate === undefined) return undefined;
  const generate = asRecord(action.value.generate);
  const actionId = typeof generate.actionId === 'string' ? generate.actionId : '';
  const target = model.actionsById.get(actionId);
  return {
    label: textOf(generate.label, 'Generate'),
    actionId,
    actionTitle: target ? textOf(target.value.title, actionId) : undefined,
    populateParamId: typeof generate.populateParamId === 'string' ? generate.populateParamId : '',
    forwardParamIds: stringList(generate.forwardParamIds),
  };
}

/** How a tool action calls its tool for several files (computeContextMenu makes a selection of one a single file). */
function multiFileCall(action: ActionEntry, fileCount: number): MultiFileCall {
  if (action.value.multiFileMode === 'batch')
    return {
      mode: 'batch',
      words: `The tool is called once, with all ${fileCount} paths under its schema's array-of-paths property.`,
    };
  return {
    mode: 'independent',
    words: `The tool is called ${fileCount} times, once per file, each call with one path.`,
  };
}

function promptTurn(action: ActionEntry): PromptTurn {
  const declared = action.value.toolScope;
  const toolScope = declared === 'none' || declared === 'read-only' ? declared : 'default';
  return {
    filePath: typeof action.value.prompt === 'string' ? action.value.prompt : undefined,
    toolScope,
    toolScopeWords: toolScopeWords[toolScope],
  };
}

function idOf(entry: ActionEntry): string {
  return entry.id ?? entryPlace(entry);
}

function textOf(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function scalarText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
