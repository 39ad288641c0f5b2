import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  contextMenuMethod,
  gatingMethod,
  manifestStatusMethod,
  type ContextMenuParams,
  type ContextMenuResult,
  type GatingParams,
  type GatingResult,
  type ManifestStatus,
  type ManifestStatusParams,
  type MenuSelection,
  type SourceSpan,
} from '../../../server/src/protocol/requests';
import type { ExtensionMessage, PreviewState, WebviewMessage } from './messages';
import { previewHtml } from './webviewHtml';

export const previewCommand = 'filer.previewContextMenu';
export const togglePreviewLockCommand = 'filer.togglePreviewLock';
export const previewViewType = 'filer.contextMenuPreview';

const defaultSelection: MenuSelection = { kind: 'file', names: ['report.md'] };
const updateDelayMs = 150;

/**
 * The previews, as Markdown's are: one unlocked preview that follows the active manifest editor, and at
 * most one locked preview per manifest. The command re-uses and reveals the preview that shows the
 * manifest, else moves the unlocked one to it, else opens one beside the editor. Revived by the
 * serializer after a window reload, locked or not.
 */
export class ContextMenuPreviews implements vscode.Disposable, vscode.WebviewPanelSerializer<PreviewState> {
  private unlocked: ContextMenuPreview | undefined;
  private readonly locked = new Map<string, ContextMenuPreview>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private following = 0;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly client: BaseLanguageClient,
  ) {
    this.subscriptions.push(vscode.window.onDidChangeActiveTextEditor((editor) => void this.follow(editor)));
  }

  /** The command: preview the manifest of the given resource (editor-title button) or of the active editor. */
  async open(resource?: vscode.Uri): Promise<void> {
    const uri = resource instanceof vscode.Uri ? resource : vscode.window.activeTextEditor?.document.uri;
    if (!uri) {
      void vscode.window.showErrorMessage(
        'Filer: open a plugin manifest (manifest.json) first, then run Preview Context Menu.',
      );
      return;
    }
    const shown = this.locked.get(uri.toString()) ?? this.unlocked;
    if (shown) {
      shown.show(uri);
      shown.panel.reveal(undefined, true);
      return;
    }
    const panel = vscode.window.createWebviewPanel(
      previewViewType,
      panelTitle(uri, false),
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      {},
    );
    this.track(new ContextMenuPreview(panel, uri, false, this.extensionUri, this.client));
  }

  /** The lock button: the active preview stops (or starts again) following the active manifest. */
  toggleLock(): void {
    const preview = [...this.locked.values(), ...(this.unlocked ? [this.unlocked] : [])].find(
      (candidate) => candidate.panel.active,
    );
    if (!preview) return;
    const key = preview.manifestUri.toString();
    if (preview.locked) {
      this.locked.delete(key);
      // One unlocked preview: the one that was unlocked before gives way.
      const previous = this.unlocked;
      this.unlocked = preview;
      previous?.panel.dispose();
    } else {
      this.unlocked = undefined;
      const previous = this.locked.get(key);
      this.locked.set(key, preview);
      previous?.panel.dispose();
    }
    preview.setLocked(!preview.locked);
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: PreviewState | undefined): Promise<void> {
    if (!state?.manifestUri) {
      panel.dispose();
      return;
    }
    const uri = vscode.Uri.parse(state.manifestUri);
    // Never two unlocked previews, nor two locked ones of a manifest: a revived extra one is closed.
    const locked = state.locked === true;
    if ((locked && this.locked.has(uri.toString())) || (!locked && this.unlocked)) {
      panel.dispose();
      return;
    }
    this.track(new ContextMenuPreview(panel, uri, locked, this.extensionUri, this.client));
  }

  private track(preview: ContextMenuPreview): void {
    if (preview.locked) this.locked.set(preview.manifestUri.toString(), preview);
    else this.unlocked = preview;
    preview.panel.onDidDispose(() => {
      if (this.unlocked === preview) this.unlocked = undefined;
      for (const [key, candidate] of this.locked) if (candidate === preview) this.locked.delete(key);
    });
  }

  /**
   * The unlocked preview moves to the manifest of the editor that became active, when it is a Filer manifest that no
   * locked preview shows.
   */
  private async follow(editor: vscode.TextEditor | undefined): Promise<void> {
    const preview = this.unlocked;
    const uri = editor?.document.uri;
    if (!preview || !uri || uri.toString() === preview.manifestUri.toString() || this.locked.has(uri.toString()))
      return;
    const turn = ++this.following;
    let status: ManifestStatus | undefined;
    try {
      const params: ManifestStatusParams = { uri: this.client.code2ProtocolConverter.asUri(uri) };
      if (this.client.isRunning()) status = await this.client.sendRequest<ManifestStatus>(manifestStatusMethod, params);
    } catch {
      // Not answered (the server is restarting): the preview stays where it is.
    }
    if (turn === this.following && status?.recognized && this.unlocked === preview) preview.show(uri);
  }

  dispose(): void {
    this.subscriptions.forEach((subscription) => subscription.dispose());
    this.unlocked?.panel.dispose();
    this.locked.forEach((preview) => preview.panel.dispose());
  }
}

class ContextMenuPreview {
  private selection: MenuSelection = defaultSelection;
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private generation = 0;

  constructor(
    readonly panel: vscode.WebviewPanel,
    public manifestUri: vscode.Uri,
    public locked: boolean,
    extensionUri: vscode.Uri,
    private readonly client: BaseLanguageClient,
  ) {
    const mediaRoot = vscode.Uri.joinPath(extensionUri, 'media');
    panel.title = panelTitle(manifestUri, locked);
    // Drawn in the icon colours of VS Code's light and dark themes (the High Contrast ones take the same side).
    panel.iconPath = {
      light: vscode.Uri.joinPath(mediaRoot, 'preview-icon-light.svg'),
      dark: vscode.Uri.joinPath(mediaRoot, 'preview-icon-dark.svg'),
    };
    const builtRoot = vscode.Uri.joinPath(extensionUri, 'dist', 'media');
    panel.webview.options = {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [mediaRoot, builtRoot],
    };
    panel.webview.html = previewHtml(panel.webview, { media: mediaRoot, built: builtRoot });
    this.subscriptions.push(
      panel.webview.onDidReceiveMessage((message: WebviewMessage) => this.receive(message)),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.uri.toString() === this.manifestUri.toString()) this.updateSoon();
      }),
      client.onDidChangeState(() => this.updateSoon()),
    );
    panel.onDidDispose(() => {
      clearTimeout(this.timer);
      this.subscriptions.forEach((subscription) => subscription.dispose());
    });
  }

  /** Shows another manifest in this panel (the unlocked preview following the active editor). */
  show(uri: vscode.Uri): void {
    if (uri.toString() === this.manifestUri.toString()) return;
    this.manifestUri = uri;
    this.panel.title = panelTitle(uri, this.locked);
    void this.update();
  }

  setLocked(locked: boolean): void {
    this.locked = locked;
    this.panel.title = panelTitle(this.manifestUri, locked);
    void this.update();
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

  /** Asks the server for the menu and the gating of the manifest as it is in the editor, saved or not. */
  private async update(): Promise<void> {
    const generation = ++this.generation;
    let message: ExtensionMessage;
    try {
      // Opening the document (without showing it) makes the client send it to the server.
      await vscode.workspace.openTextDocument(this.manifestUri);
      if (!this.client.isRunning()) await this.client.start();
      const uri = this.client.code2ProtocolConverter.asUri(this.manifestUri);
      const menuParams: ContextMenuParams = { uri, selection: this.selection };
      const gatingParams: GatingParams = { uri };
      const [model, gating] = await Promise.all([
        this.client.sendRequest<ContextMenuResult>(contextMenuMethod, menuParams),
        this.client.sendRequest<GatingResult>(gatingMethod, gatingParams),
      ]);
      message = this.message(
        model,
        gating,
        model ? undefined : 'This file is not taken as a Filer manifest, so Filer would offer nothing from it.',
      );
    } catch (error) {
      message = this.message(
        null,
        null,
        `Could not build the preview: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (generation === this.generation) void this.panel.webview.postMessage(message);
  }

  private message(model: ContextMenuResult, gating: GatingResult, problem: string | undefined): ExtensionMessage {
    const manifestLabel = vscode.workspace.asRelativePath(this.manifestUri);
    return {
      type: 'model',
      manifestUri: this.manifestUri.toString(),
      locked: this.locked,
      manifestLabel,
      model,
      gating,
      problem,
    };
  }

  /** Double-click on an entry, or a tool's link in the Gating view: select its id in the manifest's editor. */
  private async reveal(location: SourceSpan): Promise<void> {
    const document = await vscode.workspace.openTextDocument(this.manifestUri);
    const shown = vscode.window.visibleTextEditors.find((editor) => editor.document === document);
    const { start, end } = location.focus;
    const range = new vscode.Range(start.line, start.character, end.line, end.character);
    await vscode.window.showTextDocument(document, {
      viewColumn: shown?.viewColumn ?? vscode.ViewColumn.One,
      selection: range,
    });
  }
}

function panelTitle(uri: vscode.Uri, locked: boolean): string {
  const folder = uri.path.split('/').slice(-2, -1)[0];
  const title = folder ? `Context Menu: ${folder}` : 'Context Menu Preview';
  return locked ? `[Locked] ${title}` : title;
}
