import * as vscode from 'vscode';
import { CancellationToken, type Middleware } from 'vscode-languageclient';

/**
 * A quick fix made as it is applied (one that edits a tool's schema, or a manifest that is not open) reaches VS Code as
 * the server's `workspace/applyEdit`, which VS Code applies to each file in the background: "Add `path` to
 * ./tools/x.schema.json" left the schema changed, unsaved, in a tab nobody looked at. Each file such an edit changes
 * that no editor shows is opened beside the one in use, which keeps the keyboard, as the files a fix creates are
 * (fileCreatingFixes.ts): the author sees what the fix did, and that it is not saved yet.
 */
export const editedFilesMiddleware: Pick<Middleware, 'workspace'> = {
  workspace: {
    async handleApplyEdit(params, next) {
      const result = await next(params, CancellationToken.None);
      if (!('applied' in result) || !result.applied) return result;
      const edited = [
        ...(params.edit.documentChanges ?? []).flatMap((change) =>
          'textDocument' in change ? [change.textDocument.uri] : [],
        ),
        ...Object.keys(params.edit.changes ?? {}),
      ];
      for (const uri of new Set(edited.map((edited) => vscode.Uri.parse(edited).toString()))) {
        const shown = vscode.window.visibleTextEditors.some((editor) => editor.document.uri.toString() === uri);
        if (shown) continue;
        await vscode.window.showTextDocument(vscode.Uri.parse(uri), {
          viewColumn: vscode.ViewColumn.Beside,
          preserveFocus: true,
          preview: false,
        });
      }
      return result;
    },
  },
};
