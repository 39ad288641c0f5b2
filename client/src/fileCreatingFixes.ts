import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient';

/**
 * A quick fix that creates files (the legacy tool's new schema file, "Create tools/x.js") comes from
 * the server as CreateFile followed by an edit that writes the file's text, as LSP has it. VS Code
 * applies that as an empty file on disk and an unsaved edit of it, and a code action that touches
 * more than one file is saved whole when `files.refactoring.autoSave` is on (the default): the manifest
 * with it. Its Undo then leaves the file on disk and its Redo makes it again empty.
 *
 * So such a code action gets a command instead of its edit: the command applies one WorkspaceEdit in
 * which each new file is created with its text (whole on disk at once; VS Code's Undo deletes it, its
 * Redo creates it again with that text) and the manifest is edited and left unsaved, then opens the new
 * files beside the manifest, which keeps the keyboard. A fix that creates nothing is left as it is.
 */
export const applyFileCreatingFixCommand = 'filer.applyFileCreatingFix';

export const fileCreatingFixesMiddleware: Pick<Middleware, 'provideCodeActions'> = {
  async provideCodeActions(document, range, context, token, next) {
    const actions = await next(document, range, context, token);
    if (!actions) return actions;
    for (const action of actions) {
      if (!(action instanceof vscode.CodeAction) || !action.edit || action.command) continue;
      const fix = await withFilesCreatedWhole(action.edit, document.uri);
      if (!fix) continue;
      action.edit = undefined;
      action.command = {
        title: action.title,
        command: applyFileCreatingFixCommand,
        arguments: [fix.edit, fix.created],
      };
    }
    return actions;
  },
};

interface CreatingFix {
  edit: vscode.WorkspaceEdit;
  created: vscode.Uri[];
}

/**
 * The same edit with each file it writes that is not on disk yet created with its text, or undefined
 * when it creates no file. The server writes a new file's text as insertions at its start; its
 * CreateFile (which `entries()` does not show) gives way to the one made here. Every file a fix
 * creates has text (a skeleton at least), so none is lost.
 */
async function withFilesCreatedWhole(
  edit: vscode.WorkspaceEdit,
  manifest: vscode.Uri,
): Promise<CreatingFix | undefined> {
  const result = new vscode.WorkspaceEdit();
  const created: vscode.Uri[] = [];
  const textEdits: [vscode.Uri, vscode.TextEdit[]][] = [];
  for (const [uri, edits] of edit.entries()) {
    if (uri.toString() !== manifest.toString() && edits.every(insertsAtStart) && !(await exists(uri))) {
      result.createFile(uri, { contents: new TextEncoder().encode(edits.map((change) => change.newText).join('')) });
      created.push(uri);
    } else {
      textEdits.push([uri, edits]);
    }
  }
  if (created.length === 0) return undefined;
  // The files first, as the server orders them: the manifest then names files that are there.
  for (const [uri, edits] of textEdits) result.set(uri, edits);
  return { edit: result, created };
}

function insertsAtStart(change: vscode.TextEdit): boolean {
  return change.range.isEmpty && change.range.start.line === 0 && change.range.start.character === 0;
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** The command: the edit, applied as one step that Undo takes back whole; then the new files, opened. */
export async function applyFileCreatingFix(edit: unknown, created: unknown): Promise<void> {
  // Run from a code action made above; another caller gets nothing done.
  if (!(edit instanceof vscode.WorkspaceEdit) || !isUris(created)) return;
  if (!(await vscode.workspace.applyEdit(edit))) {
    const names = created.map((uri) => vscode.workspace.asRelativePath(uri)).join(', ');
    const message = `Filer: the quick fix was not applied: ${names} could not be created (is a file there already?).`;
    void vscode.window.showErrorMessage(message);
    return;
  }
  for (const uri of created) {
    await vscode.window.showTextDocument(uri, {
      viewColumn: vscode.ViewColumn.Beside,
      preserveFocus: true,
      preview: false,
    });
  }
}

function isUris(value: unknown): value is vscode.Uri[] {
  return Array.isArray(value) && value.every((uri) => uri instanceof vscode.Uri);
}
