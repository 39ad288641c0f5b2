import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  manifestStatusMethod,
  type ManifestStatus,
  type ManifestStatusParams,
} from '../../server/src/protocol/requests';
import { documentSelector } from './languageClient';
import { previewCommand } from './preview/previewPanel';
import { manifestStatusText } from './statusText';

/** Context key for `when` clauses: the active editor holds a Filer manifest. */
const recognizedContextKey = 'filer.manifestRecognized';

const refreshDelayMs = 300;

/**
 * The language status item ({} in the status bar) on a Filer manifest, and the context key behind the
 * editor-title preview button. The server says whether a document is a Filer manifest (request
 * `filer/manifestStatus`); on a manifest.json that is not one, there is no item at all.
 */
export class ManifestStatusItem implements vscode.Disposable {
  private item: vscode.LanguageStatusItem | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** Counts requests so an older answer never overwrites a newer one. */
  private generation = 0;

  constructor(
    private readonly client: BaseLanguageClient,
    /** The URI schemes of the documents the server gets (languageClient.ts, documentSelector). */
    private readonly schemes: readonly string[],
  ) {
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh()),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === vscode.window.activeTextEditor?.document) this.refreshSoon();
      }),
      // Its count follows the diagnostics when a file the manifest names changes on disk, with no edit of it.
      vscode.languages.onDidChangeDiagnostics((event) => {
        const active = vscode.window.activeTextEditor?.document.uri.toString();
        if (event.uris.some((uri) => uri.toString() === active)) this.refreshSoon();
      }),
      client.onDidChangeState(() => this.refresh()),
    );
    this.refresh();
  }

  private refreshSoon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.refresh(), refreshDelayMs);
  }

  async refresh(): Promise<void> {
    const generation = ++this.generation;
    const document = vscode.window.activeTextEditor?.document;
    let status: ManifestStatus | undefined;
    if (document && this.client.isRunning() && vscode.languages.match(documentSelector(this.schemes), document) > 0) {
      const params: ManifestStatusParams = { uri: this.client.code2ProtocolConverter.asUri(document.uri) };
      try {
        status = await this.client.sendRequest<ManifestStatus>(manifestStatusMethod, params);
      } catch (error) {
        this.client.error(`${manifestStatusMethod} failed for ${document.uri.fsPath}`, error, false);
      }
    }
    if (generation !== this.generation) return;
    this.show(status?.recognized ? status : undefined);
  }

  private show(status: ManifestStatus | undefined): void {
    void vscode.commands.executeCommand('setContext', recognizedContextKey, status !== undefined);
    if (!status) {
      this.item?.dispose();
      this.item = undefined;
      return;
    }
    this.item ??= vscode.languages.createLanguageStatusItem(
      'filer.manifest',
      this.schemes.map((scheme) => ({ scheme })),
    );
    this.item.name = 'Filer manifest';
    this.item.text = manifestStatusText(status.name);
    const problems =
      status.errors + status.warnings === 0
        ? 'no problems'
        : `${count(status.errors, 'error')}, ${count(status.warnings, 'warning')}`;
    this.item.detail = `Recognized (${status.reason}); ${problems}`;
    this.item.severity =
      status.errors > 0 ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
    this.item.command = { title: 'Preview Context Menu', command: previewCommand };
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.item?.dispose();
    this.subscriptions.forEach((subscription) => subscription.dispose());
  }
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
