import {
  jsonText,
  terminalText,
  type ContextMenuModel,
  type DialogControl,
  type MenuEntry,
  type MenuTool,
} from '../../engine';

const selectionWords = { file: 'one file', files: 'several files', folder: 'a folder' } as const;

function where(file: string, entry: { location: { focus: { start: { line: number; character: number } } } }): string {
  return `${file}:${entry.location.focus.start.line + 1}:${entry.location.focus.start.character + 1}`;
}

function toolWords(tool: MenuTool): string[] {
  if (!tool.found) return [`calls ${tool.id || '(no toolId)'}, which is no tool of this manifest`];
  return [`calls ${tool.id}: ${tool.gating}; the agent's calls of it: ${tool.asks}`, tool.whenChosen!];
}

function controlWords(control: DialogControl): string {
  const mark = control.required ? ' (required)' : '';
  const parts = [`${control.label}${mark}: ${control.type}`];
  if (control.type === 'select')
    parts.push(`options ${control.options.map((option) => option.label).join(', ') || '(none)'}`);
  if (control.type === 'per-file-text') parts.push(`one field per file: ${control.perFileFields.join(', ')}`);
  if (control.default !== undefined) parts.push(`default ${control.default}`);
  if (control.placeholder !== undefined) parts.push(`placeholder "${control.placeholder}"`);
  if (control.filledByGenerate) parts.push('filled by the generate button');
  return parts.join('; ');
}

function entryLines(file: string, entry: MenuEntry): string[] {
  const kind = entry.source === 'tool' ? 'tool, offered through its fileExtensions' : `${entry.kind} action`;
  const lines = [`  ${entry.title}  [${kind}: ${entry.id}]  ${where(file, entry)}`];
  const { dialog } = entry;
  if (dialog.description) lines.push(`    ${dialog.description}`);
  if (entry.tool) lines.push(...toolWords(entry.tool).map((words) => `    ${words}`));
  if (dialog.prompt) {
    lines.push(`    prompt: ${dialog.prompt.filePath ?? '(no prompt path)'}`);
    lines.push(`    tools this turn: ${dialog.prompt.toolScope}: ${dialog.prompt.toolScopeWords}`);
  }
  if (dialog.multiFile) lines.push(`    several files: ${dialog.multiFile.mode}: ${dialog.multiFile.words}`);
  if (dialog.controls.length === 0) lines.push('    dialog: no inputs, Filer runs it straight away');
  else {
    lines.push('    dialog:');
    for (const control of dialog.controls) lines.push(`      ${controlWords(control)}`);
  }
  if (dialog.generate) {
    const { generate } = dialog;
    const target =
      generate.actionTitle !== undefined
        ? `${generate.actionTitle} (${generate.actionId})`
        : `${generate.actionId || '(no actionId)'}, which is no action of this manifest`;
    const forwards = generate.forwardParamIds.length > 0 ? `, forwarding ${generate.forwardParamIds.join(', ')}` : '';
    lines.push(
      `      button "${generate.label}": runs ${target} and fills ${generate.populateParamId || '(no populateParamId)'}${forwards}`,
    );
  }
  return lines;
}

/**
 * The menu in plain text: each entry with its dialog, then the actions not offered and why. Every line
 * is terminal text (it has no colour): a control character of a title or a label is shown escaped.
 */
export function formatMenuText(file: string, menu: ContextMenuModel): string {
  const plugin = menu.pluginName ?? file;
  const lines = [
    `${plugin}: the context menu for ${selectionWords[menu.selection.kind]} (${menu.selection.names.join(', ')})`,
    '',
  ];
  lines.push(
    menu.entries.length > 0
      ? `Offered (${menu.entries.length}):`
      : 'Filer offers nothing from this plugin for this selection.',
  );
  for (const entry of menu.entries) lines.push(...entryLines(file, entry));
  if (menu.excluded.length > 0) {
    lines.push('', `Not offered (${menu.excluded.length}):`);
    for (const action of menu.excluded)
      lines.push(`  ${action.title}  [${action.id}]  ${where(file, action)}`, `    ${action.reason}`);
  }
  return lines.map(terminalText).join('\n') + '\n';
}

/** `{ file, menu }`: the menu is the `filer/contextMenu` request's answer, field for field. */
export function formatMenuJson(file: string, menu: ContextMenuModel): string {
  return jsonText({ file, menu }) + '\n';
}
