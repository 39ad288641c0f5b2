import {
  DiagnosticRefreshRequest,
  DocumentDiagnosticReportKind,
  ErrorCodes,
  ResponseError,
  WorkspaceDiagnosticRequest,
  type CancellationToken,
  type ProgressToken,
  type Connection,
  type DocumentDiagnosticReport,
  type WorkspaceDiagnosticReport,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver';
import type { ClientRequests } from '../clientRequests';
import type { EditorDocument } from '../editorDocument';
import { fileUri, host } from '../host';
import { diskResultId, filePathOf } from '../manifestCache';
import type { OpenDocuments } from '../openDocuments';
import type { PluginFolders } from '../pluginFolders';
import { runQuietly, runSafe, type Logger } from '../runSafe';
import type { WorkspaceManifests } from '../workspaceManifests';
import type { DiagnosticsCore, DiagnosticsStrategy } from './core';

/** At most this many computations of one pulled report while its files are read through the client. */
const maxReadRounds = 8;
/** Sends one item of a workspace report as a partial result; settled once written. */
type Report = (item: WorkspaceDocumentDiagnosticReport) => Promise<void>;

interface PullEnvironment {
  connection: Connection;
  logger: Logger;
  requests: ClientRequests;
  documents: OpenDocuments;
  workspace: WorkspaceManifests;
  folders: PluginFolders;
  /** Whether the client said it takes `workspace/diagnostic/refresh`. */
  refreshSupported(): boolean;
  settingsGeneration(): number;
  /** Settled once the client's settings are known: a pull sent at once after `initialized` waits for them. */
  settingsKnown: Promise<void>;
  /** Settled once the workspace scan in progress (the first one at least) is over. */
  scanDone(): Promise<void>;
}

/**
 * Pull diagnostics, for a client that declares them (`textDocument.diagnostic`, as VS Code does):
 * `textDocument/diagnostic` for open documents and `workspace/diagnostic` for manifests that are
 * not open, each with a resultId (a number per document version and open, or the file's time and
 * size; the plugin-folder generation; the settings generation) that never repeats, so an unchanged
 * manifest answers `unchanged` and a reopened one never does; when a referenced file or the
 * settings change the server sends `workspace/diagnostic/refresh`.
 *
 * A client that takes partial results (it sends a `partialResultToken`, as VS Code does) gets the
 * workspace report manifest by manifest, each once the one before is written: a workspace of 2,000
 * noisy manifests is never held whole (as one response it took 1.4 GB), nor read faster than the client reads.
 */
export class PullDiagnostics implements DiagnosticsStrategy {
  private pendingRefresh: NodeJS.Timeout | undefined;

  constructor(
    private readonly core: DiagnosticsCore,
    private readonly env: PullEnvironment,
  ) {}

  /** `textDocument/diagnostic`, its params checked by routing.ts (answered whatever the client declared, as ever). */
  async documentReport(
    params: { textDocument: { uri: string }; previousResultId?: string },
    token: CancellationToken,
  ): Promise<DocumentDiagnosticReport | ResponseError<never>> {
    await this.env.settingsKnown;
    // A host that reads through the client (the web) may answer a read "not read yet" and ask for it: the report is
    // computed again once the answers are in, for a bounded number of rounds (each asks only for what is new).
    for (let round = 1; ; round++) {
      const report = await this.documentReportOnce(params, token);
      const pending = round < maxReadRounds ? host().pendingReads?.() : undefined;
      if (!pending || token.isCancellationRequested) return report;
      await pending;
    }
  }

  private documentReportOnce(
    params: { textDocument: { uri: string }; previousResultId?: string },
    token: CancellationToken,
  ): Promise<DocumentDiagnosticReport | ResponseError<never>> {
    return runSafe<DocumentDiagnosticReport>(this.env.logger, 'Diagnostics', token, () => {
      const document = this.env.documents.get(params.textDocument.uri);
      if (!document) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      const entry = this.core.recognizedOpenManifest(document);
      if (!entry) return this.handlerReport(document, params.previousResultId);
      const resultId = entry.resultId();
      if (params.previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
      return { kind: DocumentDiagnosticReportKind.Full, resultId, items: this.core.forOpen(document, entry) };
    });
  }

  /** `workspace/diagnostic`: the manifests that are not open (and open ones the client holds a stale report of). */
  async workspaceReport(
    params: { previousResultIds: { uri: string; value: string }[]; partialResultToken?: ProgressToken },
    token: CancellationToken,
  ): Promise<WorkspaceDiagnosticReport | ResponseError<never>> {
    const previous = new Map(params.previousResultIds.map((entry) => [entry.uri, entry.value]));
    const { connection } = this.env;
    const partialResults = params.partialResultToken;
    // A client that takes partial results gets the report manifest by manifest, each once the last is written.
    const report: Report | undefined =
      partialResults === undefined
        ? undefined
        : (item) =>
            connection.sendProgress(WorkspaceDiagnosticRequest.partialResult, partialResults, { items: [item] });
    try {
      return { items: await this.workspaceReports(previous, token, report) };
    } catch (error) {
      this.env.logger.error(`Workspace diagnostics failed: ${(error as Error).stack ?? error}`);
      return new ResponseError<never>(
        ErrorCodes.InternalError,
        `Filer manifest language server: workspace diagnostics failed: ${(error as Error).message}`,
      );
    }
  }

  // The client pulls an open document itself; the open handlers a manifest names change with it.
  documentChanged(uri: string, delayMs: number): void {
    if (this.core.openHandlersOf(uri).some((handlerUri) => handlerUri !== uri)) this.scheduleRefresh(delayMs);
    // An open config file's suppressions may have found (or lost) their finding in it.
    else if (this.core.openConfigs().some((configUri) => configUri !== uri)) this.scheduleRefresh(delayMs);
  }

  /** An open document that is not a manifest: a handler's findings, or nothing. */
  private handlerReport(document: EditorDocument, previousResultId: string | undefined): DocumentDiagnosticReport {
    // A config file's diagnostics change with every manifest it governs: always sent whole.
    const inConfig = this.core.forOpenConfig(document);
    if (inConfig) return { kind: DocumentDiagnosticReportKind.Full, items: inConfig };
    const items = this.core.forOpenHandler(document);
    if (!items) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
    const resultId = this.core.handlerResultId(document);
    if (previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
    return { kind: DocumentDiagnosticReportKind.Full, resultId, items };
  }

  documentClosed(): void {}

  manifestDeleted(): void {}

  dependentsChanged(openUris: Set<string>, diskPaths: Set<string>, delayMs: number): void {
    if (openUris.size > 0 || diskPaths.size > 0) this.scheduleRefresh(delayMs);
  }

  revalidateOpen(): void {
    this.refresh();
  }

  // A pull client asks for workspace diagnostics itself (the first request waits for the scan).
  async scanned(): Promise<void> {}

  private refresh(): void {
    clearTimeout(this.pendingRefresh);
    if (this.env.refreshSupported())
      void this.env.requests.send(DiagnosticRefreshRequest.method, () =>
        this.env.connection.languages.diagnostics.refresh(),
      );
  }

  /** A refresh after a pause: typing in a file manifests name asks the client to pull again once. */
  private scheduleRefresh(delayMs: number): void {
    clearTimeout(this.pendingRefresh);
    this.pendingRefresh = setTimeout(
      () => runQuietly(this.env.logger, 'Diagnostic refresh', () => this.refresh()),
      delayMs,
    );
  }

  /**
   * The workspace report: each item sent by `report` (settled once written) when the client takes partial results, the
   * rest returned.
   */
  private async workspaceReports(
    previous: Map<string, string>,
    token: CancellationToken,
    report?: Report,
  ): Promise<WorkspaceDocumentDiagnosticReport[]> {
    const { documents, workspace, folders } = this.env;
    await this.env.scanDone();
    const items: WorkspaceDocumentDiagnosticReport[] = [];
    // Each URI once: an open document as it is open, a handler with the nearest manifest that names it.
    const reported = new Set<string>();
    const add = async (item: WorkspaceDocumentDiagnosticReport): Promise<void> => {
      if (reported.has(item.uri)) return;
      reported.add(item.uri);
      if (report) await report(item);
      else items.push(item);
    };
    for (const item of this.openDocumentReports(previous)) await add(item);
    for (const item of this.openManifestsHandlerReports(previous)) await add(item);
    for (const filePath of workspace.all()) {
      if (token.isCancellationRequested) break;
      if (documents.isOpen(filePath)) continue;
      const uri = fileUri(filePath);
      const stats = await host().fileStampAsync(filePath);
      if (!stats) continue;
      const resultId = diskResultId(stats, folders.forManifest(filePath).generation, this.env.settingsGeneration());
      const handlerResultId = `${resultId}|handler`;
      if (previous.get(uri) === resultId) {
        await add({ uri, version: null, kind: DocumentDiagnosticReportKind.Unchanged, resultId });
        // Its handlers' reports are unchanged with it (a handler's edit changes the folder's generation).
        for (const [held, value] of previous) {
          const heldPath = filePathOf(held);
          if (value === handlerResultId && heldPath && !documents.isOpen(heldPath)) {
            await add({
              uri: held,
              version: null,
              kind: DocumentDiagnosticReportKind.Unchanged,
              resultId: handlerResultId,
            });
          }
        }
        continue;
      }
      const diagnostics = await this.core.fromDiskWithHandlers(filePath);
      await add({
        uri,
        version: null,
        kind: DocumentDiagnosticReportKind.Full,
        resultId,
        items: diagnostics?.own ?? [],
      });
      for (const handler of diagnostics?.handlers ?? []) {
        if (documents.isOpen(handler.filePath)) continue;
        const handlerUri = fileUri(handler.filePath);
        const items = handler.diagnostics;
        await add({
          uri: handlerUri,
          version: null,
          kind: DocumentDiagnosticReportKind.Full,
          resultId: handlerResultId,
          items,
        });
      }
    }
    // A manifest that went away, or a handler no manifest names any more, loses what it had.
    for (const uri of previous.keys()) {
      const filePath = filePathOf(uri);
      if (filePath && !reported.has(uri) && !workspace.has(filePath) && !documents.isOpen(filePath)) {
        await add({ uri, version: null, kind: DocumentDiagnosticReportKind.Full, items: [] });
      }
    }
    return items;
  }

  /**
   * The closed handlers of each open manifest: the client pulls the manifest itself, but its findings in a handler
   * that is not open are in no document's report but this one (they vanished from the Problems panel when the manifest
   * was opened).
   */
  private openManifestsHandlerReports(previous: Map<string, string>): WorkspaceDocumentDiagnosticReport[] {
    const { documents } = this.env;
    const items: WorkspaceDocumentDiagnosticReport[] = [];
    for (const document of documents.all()) {
      const entry = this.core.openManifest(document);
      const manifestPath = filePathOf(document.uri);
      if (!entry || !manifestPath || !entry.isFilerManifest) continue;
      const resultId = `${entry.resultId()}|handler`;
      for (const handler of this.core.handlersOfOpen(entry, manifestPath)) {
        if (documents.isOpen(handler.filePath)) continue;
        const uri = fileUri(handler.filePath);
        items.push(
          previous.get(uri) === resultId
            ? { uri, version: null, kind: DocumentDiagnosticReportKind.Unchanged, resultId }
            : { uri, version: null, kind: DocumentDiagnosticReportKind.Full, resultId, items: handler.diagnostics },
        );
      }
    }
    return items;
  }

  /**
   * Open documents are pulled one by one (textDocument/diagnostic), but a client may answer a
   * refresh with a workspace pull only (Neovim 0.12 does): an open document whose report the client
   * holds (it names it in previousResultIds) is in the workspace report when that report is stale.
   */
  private openDocumentReports(previous: Map<string, string>): WorkspaceDocumentDiagnosticReport[] {
    const items: WorkspaceDocumentDiagnosticReport[] = [];
    for (const document of this.env.documents.all()) {
      const held = previous.get(document.uri);
      if (held === undefined) continue;
      const entry = this.core.openManifest(document);
      if (!entry) {
        const handler = this.handlerReport(document, held);
        if (handler.kind === DocumentDiagnosticReportKind.Full)
          items.push({ uri: document.uri, version: document.version, ...handler });
        continue;
      }
      const resultId = entry.resultId();
      if (held !== resultId)
        items.push({
          uri: document.uri,
          version: document.version,
          kind: DocumentDiagnosticReportKind.Full,
          resultId,
          items: this.core.forOpen(document, entry),
        });
    }
    return items;
  }
}
