import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient/node';

/**
 * A quick fix that creates a file (the legacy tool's new schema file, a missing handler) leaves the
 * new file's content unsaved in an editor. The server only sees the manifest's documents, so it would
 * read an empty file from disk and report it. Such code actions get a command, run by VS Code right
 * after their edit, that saves the files they created.
 */
export const saveCreatedFilesCommand = 'filer.saveCreatedFiles';

export async function saveCreatedFiles(uris: string[]): Promise<void> {
  for (const uri of uris) {
    const document = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === uri);
    if (document?.isDirty) await document.save();
  }
}

export const saveCreatedFilesMiddleware: Pick<Middleware, 'provideCodeActions'> = {
  async provideCodeActions(document, range, context, token, next) {
    const actions = await next(document, range, context, token);
    if (!actions) return actions;
    for (const action of actions) {
      if (!(action instanceof vscode.CodeAction) || !action.edit || action.command) continue;
      const created = await filesThatDoNotExist(action.edit, document.uri);
      if (created.length > 0) action.command = { title: 'Save the created files', command: saveCreatedFilesCommand, arguments: [created] };
    }
    return actions;
  },
};

/** The files an edit writes to, other than the manifest itself, that are not on disk yet. */
async function filesThatDoNotExist(edit: vscode.WorkspaceEdit, manifest: vscode.Uri): Promise<string[]> {
  const missing: string[] = [];
  for (const [uri] of edit.entries()) {
    if (uri.toString() === manifest.toString()) continue;
    try {
      await vscode.workspace.fs.stat(uri);
    } catch {
      missing.push(uri.toString());
    }
  }
  return missing;
}
