import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { createLanguageClient, documentSelector, initializationOptions, settingsSection } from './languageClient';
import { ManifestStatusItem } from './manifestStatus';
import { ContextMenuPreviews, previewCommand, previewViewType, togglePreviewLockCommand } from './preview/previewPanel';
import { applyFileCreatingFix, applyFileCreatingFixCommand } from './fileCreatingFixes';
import { docsScheme, pagePathOfLink, ShippedDocs } from './shippedDocs';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('Filer Manifest', { log: true });
  const languageClient = createLanguageClient(context, output);
  client = languageClient;
  const previews = new ContextMenuPreviews(context.extensionUri, languageClient);
  // The rule pages the diagnostics link to (initializationOptions.rulePages), from the one file the .vsix ships.
  const docs = new ShippedDocs(context.asAbsolutePath('dist/docs.json'));

  context.subscriptions.push(
    output,
    previews,
    vscode.window.registerWebviewPanelSerializer(previewViewType, previews),
    vscode.commands.registerCommand(previewCommand, (resource?: vscode.Uri) => previews.open(resource)),
    vscode.commands.registerCommand(togglePreviewLockCommand, () => previews.toggleLock()),
    vscode.commands.registerCommand('filer.restartServer', () => languageClient.restart()),
    vscode.commands.registerCommand('filer.showOutput', () => output.show(true)),
    vscode.commands.registerCommand(applyFileCreatingFixCommand, applyFileCreatingFix),
    vscode.workspace.registerTextDocumentContentProvider(docsScheme, {
      provideTextDocumentContent: (uri) => docs.text(uri.path),
    }),
    // A diagnostic's code links here (shippedDocs.ts): its rule's page, rendered in the Markdown preview.
    vscode.window.registerUriHandler({
      handleUri: async (uri) => {
        const page = pagePathOfLink(docs, uri.path);
        if (page)
          await vscode.commands.executeCommand(
            'markdown.showPreview',
            vscode.Uri.from({ scheme: docsScheme, path: page }),
          );
      },
    }),
    // Trusting the workspace lets its filer-manifest.config.json files be read: the server learns it when it starts.
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      languageClient.clientOptions.initializationOptions = initializationOptions(context.extension.id);
      await languageClient.restart();
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      // The selector is fixed when the client starts: files forced in by a new pattern need a restart.
      if (event.affectsConfiguration(`${settingsSection}.files.include`)) {
        languageClient.clientOptions.documentSelector = documentSelector();
        await languageClient.restart();
      } else if (event.affectsConfiguration('json.validate.enable')) {
        // So are the initializationOptions, which say whether VS Code's JSON validation runs.
        languageClient.clientOptions.initializationOptions = initializationOptions(context.extension.id);
        await languageClient.restart();
      }
    }),
  );

  context.subscriptions.push(new ManifestStatusItem(languageClient));
  try {
    await languageClient.start();
  } catch (error) {
    // The commands stay registered: Filer: Restart Language Server can try again once the cause is fixed.
    output.error(`The language server did not start: ${error instanceof Error ? error.message : String(error)}`);
    void vscode.window.showErrorMessage(
      'Filer: the manifest language server did not start. See Output ▸ Filer Manifest.',
    );
  }
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
