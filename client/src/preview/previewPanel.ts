import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  contextMenuMethod,
  type ContextMenuParams,
  type ContextMenuResult,
  type MenuSelection,
  type SourceSpan,
} from '../../../server/src/engine/menu/protocol';
import type { ExtensionMessage, PreviewState, WebviewMessage } from './messages';
import { previewHtml } from './webviewHtml';

export const previewCommand = 'filer.previewContextMenu';
export const previewViewType = 'filer.contextMenuPreview';

const defaultSelection: MenuSelection = { kind: 'file', names: ['report.md'] };
const updateDelayMs = 150;

/** One preview panel per manifest, beside it; revived by the serializer after a window reload. */
export class ContextMenuPreviews implements vscode.Disposable, vscode.WebviewPanelSerializer<PreviewState> {
  private readonly previews = new Map<string, ContextMenuPreview>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly client: LanguageClient,
  ) {}

  /** The command: preview the manifest of the given resource (editor-title button) or of the active editor. */
  async open(resource?: vscode.Uri): Promise<void> {
    const uri = resource instanceof vscode.Uri ? resource : vscode.window.activeTextEditor?.document.uri;
    if (!uri) {
      void vscode.window.showErrorMessage('Filer: open a plugin manifest (manifest.json) first, then run Preview Context Menu.');
      return;
    }
    const existing = this.previews.get(uri.toString());
    if (existing) {
      existing.panel.reveal(undefined, true);
      return;
    }
    const panel = vscode.window.createWebviewPanel(previewViewType, panelTitle(uri), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {});
    this.track(new ContextMenuPreview(panel, uri, this.extensionUri, this.client));
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: PreviewState | undefined): Promise<void> {
    if (!state?.manifestUri) {
      panel.dispose();
      return;
    }
    this.track(new ContextMenuPreview(panel, vscode.Uri.parse(state.manifestUri), this.extensionUri, this.client));
  }

  private track(preview: ContextMenuPreview): void {
    const key = preview.manifestUri.toString();
    this.previews.set(key, preview);
    preview.panel.onDidDispose(() => this.previews.delete(key));
  }

  dispose(): void {
    this.previews.forEach((preview) => preview.panel.dispose());
  }
}

class ContextMenuPreview {
  private selection: MenuSelection = defaultSelection;
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private generation = 0;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly manifestUri: vscode.Uri,
    extensionUri: vscode.Uri,
    private readonly client: LanguageClient,
  ) {
    const mediaRoot = vscode.Uri.joinPath(extensionUri, 'media');
    panel.title = panelTitle(manifestUri);
    panel.iconPath = vscode.Uri.joinPath(mediaRoot, 'preview-icon.svg');
    panel.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [mediaRoot] };
    panel.webview.html = previewHtml(panel.webview, mediaRoot);
    this.subscriptions.push(
      panel.webview.onDidReceiveMessage((message: WebviewMessage) => this.receive(message)),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.uri.toString() === manifestUri.toString()) this.updateSoon();
      }),
      client.onDidChangeState(() => this.updateSoon()),
    );
    panel.onDidDispose(() => {
      clearTimeout(this.timer);
      this.subscriptions.forEach((subscription) => subscription.dispose());
    });
  }

  private receive(message: WebviewMessage): void {
    switch (message.type) {
      case 'ready':
        if (message.selection) this.selection = message.selection;
        void this.update();
        break;
      case 'selection':
        this.selection = message.selection;
        void this.update();
        break;
      case 'reveal':
        void this.reveal(message.location);
        break;
    }
  }

  private updateSoon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), updateDelayMs);
  }

  /** Asks the server for the menu of the manifest as it is in the editor, saved or not. */
  private async update(): Promise<void> {
    const generation = ++this.generation;
    let message: ExtensionMessage;
    try {
      // Opening the document (without showing it) makes the client send it to the server.
      await vscode.workspace.openTextDocument(this.manifestUri);
      if (!this.client.isRunning()) await this.client.start();
      const params: ContextMenuParams = { uri: this.client.code2ProtocolConverter.asUri(this.manifestUri), selection: this.selection };
      const model = await this.client.sendRequest<ContextMenuResult>(contextMenuMethod, params);
      message = this.message(model, model ? undefined : 'This file is not taken as a Filer manifest, so Filer would offer nothing from it.');
    } catch (error) {
      message = this.message(null, `Could not build the menu: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (generation === this.generation) void this.panel.webview.postMessage(message);
  }

  private message(model: ContextMenuResult, problem: string | undefined): ExtensionMessage {
    return { type: 'model', manifestUri: this.manifestUri.toString(), manifestLabel: vscode.workspace.asRelativePath(this.manifestUri), model, problem };
  }

  /** Double-click on an entry: select the action's id in the manifest's editor. */
  private async reveal(location: SourceSpan): Promise<void> {
    const document = await vscode.workspace.openTextDocument(this.manifestUri);
    const shown = vscode.window.visibleTextEditors.find((editor) => editor.document === document);
    const { start, end } = location.focus;
    const range = new vscode.Range(start.line, start.character, end.line, end.character);
    await vscode.window.showTextDocument(document, { viewColumn: shown?.viewColumn ?? vscode.ViewColumn.One, selection: range });
  }
}

function panelTitle(uri: vscode.Uri): string {
  const folder = uri.path.split('/').slice(-2, -1)[0];
  return folder ? `Context Menu: ${folder}` : 'Context Menu Preview';
}
