import * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import {
  clientOptions,
  documentSelector,
  initializationOptions,
  settingsSection,
  type ClientEnvironment,
} from './languageClient';
import { ManifestStatusItem } from './manifestStatus';
import { ContextMenuPreviews, previewCommand, previewViewType, togglePreviewLockCommand } from './preview/previewPanel';
import { applyFileCreatingFix, applyFileCreatingFixCommand } from './fileCreatingFixes';
import { docsScheme, pagePathOfLink, ShippedDocs } from './shippedDocs';

let client: BaseLanguageClient | undefined;

/**
 * Where the extension runs: the desktop's Node extension host (client/src/node.ts: the server in a Node process of its
 * own) or the web's (client/src/browser.ts: the server in a Web Worker, the files served by this client).
 */
interface Runtime {
  environment: ClientEnvironment;
  createClient(options: LanguageClientOptions): Promise<BaseLanguageClient>;
  /** Said once in the output channel when the extension starts: what differs there. */
  notes?: string[];
}

/** The extension, the same on the desktop and on the web: the client, its commands, the preview, the rule pages. */
export async function activateWith(context: vscode.ExtensionContext, runtime: Runtime): Promise<void> {
  const output = vscode.window.createOutputChannel('Filer Manifest', { log: true });
  const languageClient = await runtime.createClient(clientOptions(context, output, runtime.environment));
  client = languageClient;
  const startOptions = () => ({ ...initializationOptions(context.extension.id), ...runtime.environment.serves });
  const previews = new ContextMenuPreviews(context.extensionUri, languageClient);
  // The rule pages the diagnostics link to (initializationOptions.rulePages), from the one file the .vsix ships.
  const docs = new ShippedDocs(() =>
    vscode.workspace.fs.readFile(vscode.Uri.joinPath(context.extensionUri, 'dist', 'docs.json')),
  );
  for (const note of runtime.notes ?? []) output.info(note);

  context.subscriptions.push(
    output,
    previews,
    vscode.window.registerWebviewPanelSerializer(previewViewType, previews),
    vscode.commands.registerCommand(previewCommand, (resource?: vscode.Uri) => previews.open(resource)),
    vscode.commands.registerCommand(togglePreviewLockCommand, () => previews.toggleLock()),
    vscode.commands.registerCommand('filer.restartServer', () => restart(languageClient)),
    vscode.commands.registerCommand('filer.showOutput', () => output.show(true)),
    vscode.commands.registerCommand(applyFileCreatingFixCommand, applyFileCreatingFix),
    vscode.workspace.registerTextDocumentContentProvider(docsScheme, {
      provideTextDocumentContent: (uri) => docs.text(uri.path),
    }),
    // A diagnostic's code links here (shippedDocs.ts): its rule's page, rendered in the Markdown preview.
    vscode.window.registerUriHandler({
      handleUri: async (uri) => {
        const page = await pagePathOfLink(docs, uri.path);
        if (page)
          await vscode.commands.executeCommand(
            'markdown.showPreview',
            vscode.Uri.from({ scheme: docsScheme, path: page }),
          );
      },
    }),
    // Trusting the workspace lets its filer-manifest.config.json files be read: the server learns it when it starts.
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      languageClient.clientOptions.initializationOptions = startOptions();
      await restart(languageClient);
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      // The selector is fixed when the client starts: files forced in by a new pattern need a restart.
      if (event.affectsConfiguration(`${settingsSection}.files.include`)) {
        languageClient.clientOptions.documentSelector = documentSelector(runtime.environment.schemes);
        await restart(languageClient);
      } else if (event.affectsConfiguration('json.validate.enable')) {
        // So are the initializationOptions, which say whether VS Code's JSON validation runs.
        languageClient.clientOptions.initializationOptions = startOptions();
        await restart(languageClient);
      }
    }),
  );

  context.subscriptions.push(new ManifestStatusItem(languageClient, runtime.environment.schemes));
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

/** What the Node client's own restart does, for both: a stopped client is started again (a new server). */
async function restart(languageClient: BaseLanguageClient): Promise<void> {
  if (languageClient.isRunning()) await languageClient.stop();
  await languageClient.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
