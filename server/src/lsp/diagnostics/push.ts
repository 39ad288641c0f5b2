import { pathToFileURL } from 'node:url';
import type { Connection, Diagnostic } from 'vscode-languageserver';
import { filePathOf } from '../manifestCache';
import type { OpenDocuments } from '../openDocuments';
import { runQuietly, type Logger } from '../runSafe';
import type { WorkspaceManifests } from '../workspaceManifests';
import type { DiagnosticsCore, DiagnosticsStrategy } from './core';

interface PushEnvironment {
  connection: Connection;
  logger: Logger;
  documents: OpenDocuments;
  workspace: WorkspaceManifests;
  /** Settled once the client's settings are known: nothing is published under the defaults before. */
  settingsKnown: Promise<void>;
}

/**
 * Push diagnostics, for any client that does not pull: `textDocument/publishDiagnostics` after every
 * change (also an empty list), debounced: a new change replaces the pending run, so a burst of typing
 * validates once. Manifests that are not open are published too, without a version.
 */
export class PushDiagnostics implements DiagnosticsStrategy {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  /** Documents we published a non-empty list for: they get an empty one when they stop being manifests. */
  private readonly published = new Set<string>();

  constructor(
    private readonly core: DiagnosticsCore,
    private readonly env: PushEnvironment,
  ) {}

  documentChanged(uri: string, delayMs: number): void {
    clearTimeout(this.pending.get(uri));
    this.pending.set(
      uri,
      setTimeout(() => {
        this.pending.delete(uri);
        void this.env.settingsKnown.then(() => runQuietly(this.env.logger, `Validating ${uri}`, () => this.publishOpen(uri)));
      }, delayMs),
    );
  }

  documentClosed(uri: string): void {
    clearTimeout(this.pending.get(uri));
    this.pending.delete(uri);
    const filePath = filePathOf(uri);
    // A workspace manifest keeps its diagnostics, now from the file on disk; any other document loses them.
    if (filePath && this.env.workspace.has(filePath)) void this.publishFromDisk(filePath);
    else if (this.published.has(uri)) this.publish(uri, [], undefined);
  }

  dependentsChanged(openUris: Set<string>, diskPaths: Set<string>, delayMs: number): void {
    for (const uri of openUris) this.documentChanged(uri, delayMs);
    for (const filePath of diskPaths) {
      void this.publishFromDisk(filePath);
      // A manifest changed on disk: the open handlers it names are checked against it again.
      for (const handlerUri of this.core.openHandlersOf(pathToFileURL(filePath).href)) this.documentChanged(handlerUri, delayMs);
    }
  }

  manifestDeleted(filePath: string): void {
    if (!this.env.documents.isOpen(filePath)) this.publish(pathToFileURL(filePath).href, [], undefined);
  }

  revalidateOpen(): void {
    for (const document of this.env.documents.all()) this.documentChanged(document.uri, 0);
  }

  async scanned(before: Set<string>): Promise<void> {
    const { workspace, documents } = this.env;
    for (const filePath of before) if (!workspace.has(filePath) && !documents.isOpen(filePath)) this.publish(pathToFileURL(filePath).href, [], undefined);
    for (const filePath of workspace.all()) {
      await new Promise((resolve) => setImmediate(resolve));
      await this.publishFromDisk(filePath);
    }
  }

  private publishOpen(uri: string): void {
    const document = this.env.documents.get(uri);
    if (!document) return;
    const entry = this.core.recognizedOpenManifest(document);
    if (!entry) {
      // A handler a manifest names gets that manifest's findings in it.
      const handler = this.core.forOpenHandler(document);
      // Not (or no longer) a manifest nor a handler: an empty list only if it had diagnostics from us.
      if (handler || this.published.has(uri)) this.publish(uri, handler ?? [], document.version);
      return;
    }
    this.publish(uri, this.core.forOpen(document, entry), document.version);
    // Its open handlers' findings come from this validation too.
    for (const handlerUri of this.core.openHandlersOf(uri)) if (handlerUri !== uri) this.documentChanged(handlerUri, 0);
  }

  private async publishFromDisk(filePath: string): Promise<void> {
    const uri = pathToFileURL(filePath).href;
    if (this.env.documents.isOpen(filePath)) return;
    const diagnostics = await this.core.fromDisk(filePath);
    if (this.env.documents.isOpen(filePath)) return;
    // A file that is not a Filer manifest gets nothing, or an empty list if it had diagnostics from us.
    if (diagnostics || this.published.has(uri)) this.publish(uri, diagnostics ?? [], undefined);
  }

  private publish(uri: string, diagnostics: Diagnostic[], version: number | undefined): void {
    if (diagnostics.length > 0) this.published.add(uri);
    else this.published.delete(uri);
    void this.env.connection.sendDiagnostics({ uri, diagnostics, ...(version !== undefined ? { version } : {}) });
  }
}
