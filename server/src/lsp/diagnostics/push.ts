import type { Connection, Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver';
import { fileUri, soon } from '../host';
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
 *
 * What is sent waits in vscode-languageserver's writer (its WriteableStreamMessageWriter queues every
 * message until the one before is written): a client that does not read would make that queue, and
 * the server, grow without end (2.5 GB in 50 s). So each document has at most one list there: while
 * one is unwritten, the next waits here, and a newer one replaces it (the client never wanted the
 * superseded one). The workspace's manifests are validated one after the other as the client reads
 * them: a publish is awaited until written before the next manifest is read.
 */
export class PushDiagnostics implements DiagnosticsStrategy {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  /** Documents we published a non-empty list for: they get an empty one when they stop being manifests. */
  private readonly published = new Set<string>();
  /**
   * For each document with a list in the writer, until it is written: settled then, and the newer list to send after
   * it, if any.
   */
  private readonly unwritten = new Map<string, { written: Promise<void>; next?: PublishDiagnosticsParams }>();

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
        void this.env.settingsKnown.then(() =>
          runQuietly(this.env.logger, `Validating ${uri}`, () => this.publishOpen(uri)),
        );
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
      for (const handlerUri of this.core.openHandlersOf(fileUri(filePath))) this.documentChanged(handlerUri, delayMs);
    }
  }

  manifestDeleted(filePath: string): void {
    if (!this.env.documents.isOpen(filePath)) this.publish(fileUri(filePath), [], undefined);
  }

  revalidateOpen(): void {
    for (const document of this.env.documents.all()) this.documentChanged(document.uri, 0);
  }

  async scanned(before: Set<string>): Promise<void> {
    const { workspace, documents } = this.env;
    for (const filePath of before)
      if (!workspace.has(filePath) && !documents.isOpen(filePath)) this.publish(fileUri(filePath), [], undefined);
    for (const filePath of workspace.all()) {
      await new Promise<void>((resolve) => soon(resolve));
      await this.publishFromDisk(filePath);
    }
  }

  private publishOpen(uri: string): void {
    const document = this.env.documents.get(uri);
    if (!document) return;
    const entry = this.core.recognizedOpenManifest(document);
    if (!entry) {
      // A handler a manifest names gets that manifest's findings in it; a config file its own.
      const handler = this.core.forOpenHandler(document) ?? this.core.forOpenConfig(document);
      // Not (or no longer) a manifest nor a handler: an empty list only if it had diagnostics from us.
      if (handler || this.published.has(uri)) this.publish(uri, handler ?? [], document.version);
      return;
    }
    this.publish(uri, this.core.forOpen(document, entry), document.version);
    // Its open handlers' findings come from this validation too.
    for (const handlerUri of this.core.openHandlersOf(uri)) if (handlerUri !== uri) this.documentChanged(handlerUri, 0);
    // And the open config files, whose suppressions may have found (or lost) their finding in it.
    for (const configUri of this.core.openConfigs()) this.documentChanged(configUri, 0);
  }

  /**
   * Settled once what it published is written (or replaced by a newer list): the next manifest on disk is read after
   * that.
   */
  private async publishFromDisk(filePath: string): Promise<void> {
    const uri = fileUri(filePath);
    if (this.env.documents.isOpen(filePath)) return;
    const diagnostics = await this.core.fromDisk(filePath);
    if (this.env.documents.isOpen(filePath)) return;
    // A file that is not a Filer manifest gets nothing, or an empty list if it had diagnostics from us.
    if (diagnostics || this.published.has(uri)) await this.publish(uri, diagnostics ?? [], undefined);
  }

  /** Settled once this list is written, or a newer list of the same document replaced it unsent. */
  private publish(uri: string, diagnostics: Diagnostic[], version: number | undefined): Promise<void> {
    if (diagnostics.length > 0) this.published.add(uri);
    else this.published.delete(uri);
    const params: PublishDiagnosticsParams = { uri, diagnostics, ...(version !== undefined ? { version } : {}) };
    const inWriter = this.unwritten.get(uri);
    if (inWriter) {
      inWriter.next = params;
      return inWriter.written;
    }
    return this.send(params);
  }

  private send(params: PublishDiagnosticsParams): Promise<void> {
    const written = this.env.connection.sendDiagnostics(params).then(
      () => this.sendNext(params.uri),
      () => this.sendNext(params.uri),
    );
    this.unwritten.set(params.uri, { written });
    return written;
  }

  private sendNext(uri: string): void {
    const next = this.unwritten.get(uri)?.next;
    this.unwritten.delete(uri);
    if (next) void this.send(next);
  }
}
