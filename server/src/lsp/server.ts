import { lstatSync, promises as fsPromises } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  ConfigurationRequest,
  DiagnosticRefreshRequest,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReportKind,
  ErrorCodes,
  FileChangeType,
  InlayHintRefreshRequest,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  TextDocumentSyncKind,
  TextDocuments,
  CancellationToken,
  type ClientCapabilities,
  type Connection,
  type Diagnostic,
  type DocumentDiagnosticReport,
  type InitializeParams,
  type InitializeResult,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  computeContextMenu,
  contextMenuMethod,
  fileReferences,
  gatingMethod,
  gatingReport,
  manifestStatusMethod,
  normalizeRelativePath,
  type ContextMenuParams,
  type ContextMenuResult,
  type JsonPath,
  type GatingParams,
  type GatingResult,
  type ManifestStatus,
  type ManifestStatusParams,
} from '../engine';
import { keyProposedByBuiltInJson, readBuiltInJson, withoutBuiltInJsonDiagnostics, type BuiltInJson } from './builtInJson';
import { describeUnread, isInside, readFileInside } from '../host/safeRead';
import { quickFixes } from './features/codeActions';
import { completeManifest, newManifestCompletion } from './features/completion';
import { definitionAt } from './features/definition';
import { toLspDiagnostics } from './features/diagnostics';
import { documentLinks } from './features/documentLinks';
import { documentSymbols } from './features/documentSymbols';
import { hoverAt } from './features/hover';
import { categoryHints } from './features/inlayHints';
import { prepareRenameAt, referencesAt, renameAt } from './features/references';
import { diskResultId, filePathOf, ManifestCache, type ManifestVersion } from './manifestCache';
import { fileFilters, isCandidatePath, type FileFilters } from './manifestRecognition';
import { markupFor, type Markup } from './markdown';
import { largeManifestLength, postponeMemoryRelease, releaseMemorySoon } from './memory';
import { PluginFolders } from './pluginFolders';
import { ClientRequests } from './clientRequests';
import { FolderWatcher } from './folderWatcher';
import { documentUriOf, invalidParams, runQuietly, runSafe } from './runSafe';
import { ServerLog, version } from './serverLog';
import { defaultSettings, maxFileBytes, readSettings, settingsSection, type ServerSettings } from './settings';
import { WorkspaceManifests } from './workspaceManifests';

/** Push mode: how long typing must pause before a manifest is validated again. */
export const validationDelayMs = 150;

/**
 * The language server: connection, capabilities, settings and documents; every feature lives in
 * features/ and reads the one parse of each document version that ManifestCache keeps.
 *
 * Diagnostics, one model per client:
 * - A client that declares pull diagnostics (`textDocument.diagnostic`, as VS Code does) gets pull
 *   only: `textDocument/diagnostic` for open documents and `workspace/diagnostic` for manifests that
 *   are not open, each with a resultId (a number per document version and open, or the file's time
 *   and size; the plugin-folder generation; the settings generation) that never repeats, so an
 *   unchanged manifest answers `unchanged` and a reopened one never does; when a referenced file or
 *   the settings change the server sends `workspace/diagnostic/refresh`.
 * - Any other client gets push only: `textDocument/publishDiagnostics` after every change (also an
 *   empty list), debounced by validationDelayMs; a new change replaces the pending run, so a burst of
 *   typing validates once. Manifests that are not open are published too, without a version.
 */
export function startServer(connection: Connection): void {
  const logger = { error: (message: string) => connection.console.error(message) };
  const log = new ServerLog(connection.console);
  const requests = new ClientRequests(logger);

  let settings: ServerSettings = defaultSettings;
  let filters: FileFilters = fileFilters(settings);
  let settingsGeneration = 0;
  let workspaceFolderPaths: string[] = [];
  let client: ClientFeatures = readClientFeatures({});
  /** VS Code's own JSON features, when the client says they run beside us. */
  let builtInJson: BuiltInJson | undefined;
  /** True once the client registered our file watcher: the folder caches then live until an event says otherwise. */
  let watching = false;
  /** The server's own watch on the plugin folders, when the client cannot watch files. */
  let selfWatcher: FolderWatcher | undefined;
  /** The open documents by file path: a file a manifest names is read from the editor when it is open there. */
  const openPaths = new Map<string, string>();

  const folders: PluginFolders = new PluginFolders({
    isWatched: (root) => watching || (selfWatcher?.covers(root) ?? false),
    openText: (filePath): string | undefined => {
      const uri = openPaths.get(filePath);
      return uri === undefined ? undefined : documents.get(uri)?.getText();
    },
    onNewFolder: (root) => selfWatcher?.watchFolder(root),
  });
  const cache = new ManifestCache({
    settings: () => settings,
    filters: () => filters,
    settingsGeneration: () => settingsGeneration,
    workspaceFolderPaths: () => workspaceFolderPaths,
    folders,
  });
  const documents = new TextDocuments(cache.textDocuments);
  const workspace = new WorkspaceManifests();
  /**
   * Diagnostics are answered once what they depend on is known: the settings the client holds
   * (asked for after `initialized`), and for workspace diagnostics the first scan of the folders.
   * A pull sent at once after `initialized` waits for them instead of answering with the defaults
   * or with nothing.
   */
  const settingsKnown = settles();
  const firstScanDone = settles();

  // ---------------------------------------------------------------------------------------------
  // Lifecycle

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    client = readClientFeatures(params.capabilities);
    builtInJson = readBuiltInJson(params.initializationOptions);
    workspaceFolderPaths = folderPathsOf(params);
    const options = params.initializationOptions as InitializationOptions | undefined;
    const initial = options?.settings?.[settingsSection];
    log.started(params.clientInfo, workspaceFolderPaths);
    if (initial !== undefined) applySettings(settingsFrom(initial), 'initializationOptions');
    // Neovim 0.12 answers a refresh with a workspace pull alone and applies it only to buffers it does not pull itself:
    // without workspace diagnostics it pulls each open buffer again.
    const workspaceDiagnostics = options?.workspaceDiagnostics !== false;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        completionProvider: { triggerCharacters: ['"', ':', '/'] },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentLinkProvider: { resolveProvider: false },
        documentSymbolProvider: true,
        inlayHintProvider: { resolveProvider: false },
        ...(client.pullDiagnostics ? { diagnosticProvider: { identifier: 'filer-manifest', interFileDependencies: true, workspaceDiagnostics } } : {}),
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'filer-manifest-language-server', version },
    };
  });

  connection.onInitialized(async () => {
    if (client.dynamicConfiguration) {
      void requests.send(`client/registerCapability (${DidChangeConfigurationNotification.method})`, () =>
        connection.client.register(DidChangeConfigurationNotification.type, { section: settingsSection }),
      );
    }
    if (client.dynamicWatchers) {
      void requests
        .send(`client/registerCapability (${DidChangeWatchedFilesNotification.method})`, () =>
          connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*' }] }),
        )
        .then((registered) => {
          watching = registered !== undefined;
          if (!watching) watchFoldersOurselves();
        });
    } else {
      watchFoldersOurselves();
    }
    if (client.workspaceFolderEvents) {
      connection.workspace.onDidChangeWorkspaceFolders((event) =>
        runQuietly(logger, 'workspace folder change', () => {
          const removed = new Set(event.removed.map((folder) => filePathOf(folder.uri)));
          workspaceFolderPaths = [...workspaceFolderPaths.filter((folder) => !removed.has(folder)), ...event.added.flatMap((folder) => filePathOf(folder.uri) ?? [])];
          void scanWorkspace();
        }),
      );
    }
    // Documents opened before the settings came were recognised with the defaults.
    try {
      if (client.configuration && (await fetchSettings())) settingsChanged();
      if (settingsGeneration === 0) log.settings(settings, 'defaults');
    } finally {
      settingsKnown.settle();
    }
    try {
      await scanWorkspace();
    } finally {
      firstScanDone.settle();
    }
  });

  connection.onShutdown(() => selfWatcher?.close());

  /** For a client that cannot tell us that files changed: the plugin folders are watched by the server itself. */
  function watchFoldersOurselves(): void {
    if (selfWatcher) return;
    selfWatcher = new FolderWatcher(
      (paths) =>
        runQuietly(logger, 'File change', () =>
          filesChanged(
            paths.map((filePath) => ({ filePath, type: lstatSync(filePath, { throwIfNoEntry: false }) ? FileChangeType.Changed : FileChangeType.Deleted })),
            0,
          ),
        ),
      logger,
    );
    for (const root of folders.roots()) selfWatcher.watchFolder(root);
    // What was learnt before the watch began may have changed unseen.
    folders.invalidateAll();
  }

  // ---------------------------------------------------------------------------------------------
  // Settings

  /** The last problems reported, so that the same invalid settings sent again are not reported again. */
  let reportedProblems = '';

  /** The settings the client sent; the values that cannot be used are named in one message (and logged), and the rest applies. */
  function settingsFrom(raw: unknown): ServerSettings {
    const { settings: read, problems } = readSettings(raw);
    const report = problems.join('; ');
    if (report !== reportedProblems && problems.length > 0) {
      const message = `Filer manifest: ${problems.length === 1 ? 'a setting is' : `${problems.length} settings are`} ignored (the others apply): ${report}.`;
      connection.console.warn(message);
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
    }
    reportedProblems = report;
    return read;
  }

  /** Returns false when nothing changed, so that the same settings sent again invalidate nothing. */
  function applySettings(next: ServerSettings, source: string): boolean {
    if (JSON.stringify(next) === JSON.stringify(settings)) return false;
    settings = next;
    filters = fileFilters(next);
    settingsGeneration++;
    log.settings(settings, source);
    return true;
  }

  async function fetchSettings(): Promise<boolean> {
    const answer = await requests.send(ConfigurationRequest.method, () => connection.workspace.getConfiguration({ section: settingsSection }));
    if (!answer) return false;
    // A client with nothing under our section answers null (Neovim without `settings`): the settings it gave in
    // initializationOptions stay in force.
    if (answer.value === null || answer.value === undefined) return false;
    try {
      return applySettings(settingsFrom(answer.value), 'workspace/configuration');
    } catch (error) {
      logger.error(`Reading the ${settingsSection} settings failed: ${(error as Error).message}`);
      return false;
    }
  }

  connection.onDidChangeConfiguration(async (change) => {
    const pushed = (change?.settings as Record<string, unknown> | undefined)?.[settingsSection];
    const changed = client.configuration ? await fetchSettings() : pushed !== undefined && applySettings(settingsFrom(pushed), 'workspace/didChangeConfiguration');
    if (!changed) return;
    settingsChanged();
    await scanWorkspace();
  });

  /** What was computed under the earlier settings is stale: inlay hints and the open documents' diagnostics. */
  function settingsChanged(): void {
    if (client.inlayHintRefresh) void requests.send(InlayHintRefreshRequest.method, () => connection.languages.inlayHint.refresh());
    revalidateOpen();
  }

  function refreshDiagnostics(): void {
    clearTimeout(pendingRefresh);
    if (client.diagnosticRefresh) void requests.send(DiagnosticRefreshRequest.method, () => connection.languages.diagnostics.refresh());
  }

  let pendingRefresh: NodeJS.Timeout | undefined;
  /** A refresh after a pause: typing in a file manifests name asks the client to pull again once. */
  function scheduleRefresh(delayMs: number): void {
    clearTimeout(pendingRefresh);
    pendingRefresh = setTimeout(() => runQuietly(logger, 'Diagnostic refresh', refreshDiagnostics), delayMs);
  }

  // ---------------------------------------------------------------------------------------------
  // Diagnostics

  const pendingValidations = new Map<string, NodeJS.Timeout>();
  /** Documents we published a non-empty list for: they get an empty one when they stop being manifests. */
  const published = new Set<string>();

  function scheduleValidation(uri: string, delayMs: number): void {
    if (client.pullDiagnostics) return;
    clearTimeout(pendingValidations.get(uri));
    pendingValidations.set(
      uri,
      setTimeout(() => {
        pendingValidations.delete(uri);
        void settingsKnown.promise.then(() => runQuietly(logger, `Validating ${uri}`, () => publishOpen(uri)));
      }, delayMs),
    );
  }

  function publishOpen(uri: string): void {
    const document = documents.get(uri);
    if (!document) return;
    const entry = cache.get(document);
    log.recognized(uri, entry.recognition());
    if (entry.recognition().kind === 'other') {
      // Not (or no longer) a manifest: an empty list only if it had diagnostics from us.
      if (published.has(uri)) publish(uri, [], document.version);
      return;
    }
    publish(uri, openDiagnostics(document, entry), document.version);
  }

  function publish(uri: string, diagnostics: Diagnostic[], version: number | undefined): void {
    if (diagnostics.length > 0) published.add(uri);
    else published.delete(uri);
    void connection.sendDiagnostics({ uri, diagnostics, ...(version !== undefined ? { version } : {}) });
  }

  /** An open manifest's diagnostics, less what VS Code's own JSON validation already shows in it. */
  function openDiagnostics(document: TextDocument, entry: ManifestVersion): Diagnostic[] {
    return toLspDiagnostics(withoutBuiltInJsonDiagnostics(entry.diagnostics(), builtInJson, document.languageId, entry.document.text));
  }

  /** After a settings change or a change to files many manifests read. */
  function revalidateOpen(): void {
    if (client.pullDiagnostics) {
      refreshDiagnostics();
      return;
    }
    for (const document of documents.all()) scheduleValidation(document.uri, 0);
  }

  // TextDocuments fires onDidChangeContent right after onDidOpen: an opened document is validated at once, an edited one after a pause.
  const justOpened = new Set<string>();
  documents.onDidOpen((event) => {
    postponeMemoryRelease();
    justOpened.add(event.document.uri);
    const filePath = filePathOf(event.document.uri);
    if (filePath) openPaths.set(filePath, event.document.uri);
    scheduleValidation(event.document.uri, 0);
    namedFileEdited(event.document.uri, 0);
  });
  documents.onDidChangeContent((event) => {
    postponeMemoryRelease();
    if (justOpened.delete(event.document.uri)) return;
    scheduleValidation(event.document.uri, validationDelayMs);
    namedFileEdited(event.document.uri, validationDelayMs);
  });
  documents.onDidSave((event) => namedFileEdited(event.document.uri, 0));
  documents.onDidClose((event) => {
    const uri = event.document.uri;
    const closedPath = filePathOf(uri);
    if (closedPath && openPaths.get(closedPath) === uri) openPaths.delete(closedPath);
    // From now on its text is read from the disk.
    namedFileEdited(uri, 0);
    clearTimeout(pendingValidations.get(uri));
    pendingValidations.delete(uri);
    cache.delete(uri);
    if (event.document.getText().length >= largeManifestLength) releaseMemorySoon((message) => connection.console.warn(message));
    if (client.pullDiagnostics) return;
    const filePath = filePathOf(uri);
    // A workspace manifest keeps its diagnostics, now from the file on disk; any other document loses them.
    if (filePath && workspace.has(filePath)) void publishFromDisk(filePath);
    else if (published.has(uri)) publish(uri, [], undefined);
  });

  /** A manifest that is not open: read, validated, published (push) or returned (pull); never kept. */
  async function validateFromDisk(filePath: string): Promise<Diagnostic[] | undefined> {
    // Read as every file is: a link, a FIFO, a file past maxFileSize or in a folder linked from outside the workspace is not opened.
    const root = workspaceFolderPaths.find((folder) => isInside(folder, filePath)) ?? path.dirname(filePath);
    const read = readFileInside(root, filePath, maxFileBytes(settings));
    if (read.kind !== 'text') {
      if (read.kind !== 'missing') log.notRead(filePath, describeUnread(read));
      return undefined;
    }
    const entry = cache.fromDisk(pathToFileURL(filePath).href, read.text);
    log.recognized(entry.uri, entry.recognition());
    if (!entry.isFilerManifest) return undefined;
    const folder = entry.folder()!;
    workspace.setDependencies(
      filePath,
      fileReferences(entry.model).map((reference) => path.join(folder.root, normalizeRelativePath(reference.filePath))),
    );
    return toLspDiagnostics(entry.diagnostics());
  }


  async function publishFromDisk(filePath: string): Promise<void> {
    const uri = pathToFileURL(filePath).href;
    if (isOpen(filePath)) return;
    const diagnostics = await validateFromDisk(filePath);
    if (isOpen(filePath)) return;
    // A file that is not a Filer manifest gets nothing, or an empty list if it had diagnostics from us.
    if (diagnostics || published.has(uri)) publish(uri, diagnostics ?? [], undefined);
  }

  function isOpen(filePath: string): boolean {
    return documents.all().some((document) => filePathOf(document.uri) === filePath);
  }

  let scanning: Promise<void> | undefined;
  async function scanWorkspace(): Promise<void> {
    if (workspaceFolderPaths.length === 0) return;
    const before = new Set(workspace.all());
    const scan = workspace.scan(
      workspaceFolderPaths,
      (filePath) => isCandidatePath(filePath, () => relativePathsOf(filePath), filters),
      (folder, error) => log.unreadable(folder, error),
    );
    scanning = scan;
    await scan;
    log.scanned(workspaceFolderPaths, workspace.all().length);
    // A pull client asks for workspace diagnostics itself (the first request waits for this scan).
    if (client.pullDiagnostics) return;
    for (const filePath of before) if (!workspace.has(filePath) && !isOpen(filePath)) publish(pathToFileURL(filePath).href, [], undefined);
    for (const filePath of workspace.all()) {
      await new Promise((resolve) => setImmediate(resolve));
      await publishFromDisk(filePath);
    }
  }

  function relativePathsOf(filePath: string): string[] {
    return workspaceFolderPaths.filter((folder) => isInside(folder, filePath)).map((folder) => path.relative(folder, filePath));
  }

  connection.languages.diagnostics.on(async (params, token) => {
    await settingsKnown.promise;
    return runSafe<DocumentDiagnosticReport>(logger, 'Diagnostics', token, () => {
      const uri = documentUriOf(params);
      if (uri === undefined) return invalidParams('textDocument/diagnostic', '{ textDocument: { uri } }');
      const document = documents.get(uri);
      if (!document) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      const entry = cache.get(document);
      log.recognized(document.uri, entry.recognition());
      if (entry.recognition().kind === 'other') return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      const resultId = entry.resultId();
      if (params.previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
      return { kind: DocumentDiagnosticReportKind.Full, resultId, items: openDiagnostics(document, entry) };
    });
  });

  connection.languages.diagnostics.onWorkspace(async (params, maybeToken) => {
    const token = CancellationToken.is(maybeToken) ? maybeToken : CancellationToken.None;
    if (!Array.isArray(params?.previousResultIds)) return invalidParams('workspace/diagnostic', '{ previousResultIds: { uri, value }[] }');
    try {
      await firstScanDone.promise;
      await scanning;
      const previous = new Map(params.previousResultIds.map((entry) => [entry?.uri, entry?.value]));
      const items = openDocumentReports(previous);
      for (const filePath of workspace.all()) {
        if (token.isCancellationRequested) break;
        if (isOpen(filePath)) continue;
        const uri = pathToFileURL(filePath).href;
        let stats;
        try {
          stats = await fsPromises.stat(filePath);
        } catch {
          continue;
        }
        const resultId = diskResultId(stats, folders.forManifest(filePath).generation, settingsGeneration);
        if (previous.get(uri) === resultId) {
          items.push({ uri, version: null, kind: DocumentDiagnosticReportKind.Unchanged, resultId });
          continue;
        }
        const diagnostics = await validateFromDisk(filePath);
        items.push({ uri, version: null, kind: DocumentDiagnosticReportKind.Full, resultId, items: diagnostics ?? [] });
      }
      // A manifest that went away loses what it had.
      for (const uri of previous.keys()) {
        const filePath = filePathOf(uri);
        if (filePath && !workspace.has(filePath) && !isOpen(filePath)) items.push({ uri, version: null, kind: DocumentDiagnosticReportKind.Full, items: [] });
      }
      return { items };
    } catch (error) {
      logger.error(`Workspace diagnostics failed: ${(error as Error).stack ?? error}`);
      return new ResponseError<never>(ErrorCodes.InternalError, `Filer manifest language server: workspace diagnostics failed: ${(error as Error).message}`);
    }
  });

  /**
   * Open documents are pulled one by one (textDocument/diagnostic), but a client may answer a
   * refresh with a workspace pull only (Neovim 0.12 does): an open document whose report the client
   * holds (it names it in previousResultIds) is in the workspace report when that report is stale.
   */
  function openDocumentReports(previous: Map<string | undefined, string | undefined>): WorkspaceDocumentDiagnosticReport[] {
    const items: WorkspaceDocumentDiagnosticReport[] = [];
    for (const document of documents.all()) {
      const held = previous.get(document.uri);
      if (held === undefined) continue;
      const entry = cache.get(document);
      if (entry.recognition().kind === 'other') {
        items.push({ uri: document.uri, version: document.version, kind: DocumentDiagnosticReportKind.Full, items: [] });
        continue;
      }
      const resultId = entry.resultId();
      if (held !== resultId) items.push({ uri: document.uri, version: document.version, kind: DocumentDiagnosticReportKind.Full, resultId, items: openDiagnostics(document, entry) });
    }
    return items;
  }

  // ---------------------------------------------------------------------------------------------
  // Watched files: referenced files and manifests that change on disk

  connection.onDidChangeWatchedFiles((params) =>
    runQuietly(logger, 'File change', () =>
      filesChanged(
        params.changes.flatMap((change) => {
          const filePath = filePathOf(change.uri);
          return filePath ? [{ filePath, type: change.type }] : [];
        }),
        0,
      ),
    ),
  );

  /**
   * Files changed on disk (the client's watcher or ours said so), or in the editor: what was learnt
   * from them is forgotten, and the manifests that name them are validated again after `delayMs`.
   */
  function filesChanged(changes: { filePath: string; type: FileChangeType }[], delayMs: number): void {
    const dependentOpen = new Set<string>();
    const dependentClosed = new Set<string>();
    for (const { filePath, type } of changes) {
      folders.invalidatePath(filePath);
      if (isCandidatePath(filePath, () => relativePathsOf(filePath), filters)) {
        if (type === FileChangeType.Deleted) {
          workspace.remove(filePath);
          if (!isOpen(filePath) && !client.pullDiagnostics) publish(pathToFileURL(filePath).href, [], undefined);
        } else if (workspaceFolderPaths.some((folder) => isInside(folder, filePath))) {
          workspace.add(filePath);
          dependentClosed.add(filePath);
        }
      }
      for (const manifest of workspace.dependentsOf(filePath)) dependentClosed.add(manifest);
      for (const uri of openDependentsOf(filePath)) dependentOpen.add(uri);
    }
    if (client.pullDiagnostics) {
      if (dependentOpen.size > 0 || dependentClosed.size > 0) scheduleRefresh(delayMs);
      return;
    }
    for (const uri of dependentOpen) scheduleValidation(uri, delayMs);
    for (const filePath of dependentClosed) void publishFromDisk(filePath);
  }

  function openDependentsOf(filePath: string): string[] {
    return documents.all().flatMap((document) => (dependsOn(cache.get(document), filePath) ? [document.uri] : []));
  }

  /**
   * A document opened, edited, saved or closed in the editor that a manifest names (a tool schema,
   * a handler, a prompt): a change of that file, whose text the manifests now read from the editor
   * (or, once closed, from the disk again). A manifest's own edits are not such a change.
   */
  function namedFileEdited(uri: string, delayMs: number): void {
    runQuietly(logger, 'Named file change', () => {
      const filePath = filePathOf(uri);
      if (!filePath || isCandidatePath(filePath, () => relativePathsOf(filePath), filters)) return;
      if (workspace.dependentsOf(filePath).length === 0 && openDependentsOf(filePath).length === 0) return;
      filesChanged([{ filePath, type: FileChangeType.Changed }], delayMs);
    });
  }

  /** Whether an open manifest names `changedPath` (or a file below it, when a folder changed). */
  function dependsOn(entry: ManifestVersion, changedPath: string): boolean {
    if (!entry.isFilerManifest || !entry.path) return false;
    const root = path.dirname(entry.path);
    if (!isInside(root, changedPath) && !isInside(changedPath, root)) return false;
    return fileReferences(entry.model).some((reference) => isInside(changedPath, path.join(root, normalizeRelativePath(reference.filePath))));
  }

  // ---------------------------------------------------------------------------------------------
  // Features: each request finds the document's one parse, or answers empty

  /** The open document's parsed version when it is a Filer manifest. */
  function manifestFor(uri: string): ManifestVersion | undefined {
    const document = documents.get(uri);
    if (!document) return undefined;
    const entry = cache.get(document);
    return entry.isFilerManifest ? entry : undefined;
  }

  /**
   * A request about one document: `answer` reads its one parse when it is an open Filer manifest; any
   * other document gets `none`. The params are read inside runSafe, so that malformed ones get its error.
   */
  function answerForManifest<T>(
    what: string,
    params: { textDocument: { uri: string } },
    token: CancellationToken,
    none: T,
    answer: (entry: ManifestVersion) => T,
  ): Promise<T | ResponseError<never>> {
    return runSafe<T>(logger, what, token, () => {
      const uri = documentUriOf(params);
      if (uri === undefined) return invalidParams(what, '{ textDocument: { uri }, … }');
      const entry = manifestFor(uri);
      return entry ? answer(entry) : none;
    });
  }

  function offsetOf(entry: ManifestVersion, position: { line: number; character: number }): number {
    return entry.document.lines.offsetAt(position);
  }

  function fileUriIn(entry: ManifestVersion): ((relativePath: string) => string) | undefined {
    const folder = entry.folder();
    return folder ? (relativePath) => pathToFileURL(path.join(folder.root, relativePath)).href : undefined;
  }

  /** Like fileUriIn, but none for a path that leads out of the plugin folder: no link or definition takes the user there. */
  function linkUriIn(entry: ManifestVersion): ((relativePath: string) => string | undefined) | undefined {
    const folder = entry.folder();
    const fileUri = fileUriIn(entry);
    return folder && fileUri ? (relativePath) => (folder.stat(relativePath) === 'outside' ? undefined : fileUri(relativePath)) : undefined;
  }

  connection.onCompletion((params, token) =>
    runSafe(logger, 'Completion', token, () => {
      const uri = documentUriOf(params);
      if (uri === undefined) return invalidParams('Completion', '{ textDocument: { uri }, position }');
      const document = documents.get(uri);
      if (!document) return [];
      const entry = cache.get(document);
      const folder = entry.folder();
      const env = {
        snippets: client.snippets,
        pluginFiles: folder ? () => folder.listFiles() : undefined,
        proposedElsewhere: (path: JsonPath, key: string) => keyProposedByBuiltInJson(builtInJson, path, key),
      };
      const kind = entry.recognition().kind;
      if (kind === 'empty') return newManifestCompletion(entry.document, folder ? path.basename(folder.root) : '', env);
      if (kind !== 'filer') return [];
      return completeManifest(entry.document, entry.model, offsetOf(entry, params.position), env);
    }),
  );

  connection.onHover((params, token) =>
    answerForManifest('Hover', params, token, null, (entry) => hoverAt(entry.document, entry.model, offsetOf(entry, params.position), client.hoverMarkup) ?? null),
  );

  connection.onCodeAction((params, token) =>
    answerForManifest('Code actions', params, token, [], (entry) => {
      if (entry.version === undefined) return [];
      if (params.context.only && !params.context.only.some((kind) => CodeActionKind.QuickFix.startsWith(kind))) return [];
      const folder = entry.folder();
      return quickFixes(params.context.diagnostics, {
        uri: entry.uri,
        version: entry.version,
        analysis: entry.analysis(),
        fileUri: fileUriIn(entry),
        creatable: (relativePath) => folder?.creatable(relativePath) ?? 'outside',
        documentChanges: client.documentChanges,
        canCreateFiles: client.createFiles,
        folderName: folder ? path.basename(folder.root) : '',
      });
    }),
  );

  connection.onDefinition((params, token) =>
    answerForManifest('Definition', params, token, [], (entry) =>
      definitionAt(entry.uri, entry.document, entry.model, offsetOf(entry, params.position), linkUriIn(entry)),
    ),
  );

  connection.onReferences((params, token) =>
    answerForManifest('References', params, token, [], (entry) =>
      referencesAt(entry.uri, entry.document, entry.model, offsetOf(entry, params.position), params.context.includeDeclaration),
    ),
  );

  connection.onPrepareRename((params, token) =>
    answerForManifest('Prepare rename', params, token, null, (entry) => prepareRenameAt(entry.document, entry.model, offsetOf(entry, params.position)) ?? null),
  );

  connection.onRenameRequest((params, token) =>
    answerForManifest('Rename', params, token, null, (entry) =>
      entry.version === undefined
        ? null
        : renameAt(entry.uri, entry.version, entry.document, entry.model, offsetOf(entry, params.position), params.newName, client.documentChanges),
    ),
  );

  connection.onDocumentLinks((params, token) =>
    answerForManifest('Document links', params, token, [], (entry) => {
      const fileUri = linkUriIn(entry);
      return fileUri ? documentLinks(entry.document, entry.model, fileUri) : [];
    }),
  );

  connection.onDocumentSymbol((params, token) =>
    answerForManifest('Document symbols', params, token, [], (entry) => documentSymbols(entry.document, entry.model)),
  );

  connection.languages.inlayHint.on((params, token) =>
    answerForManifest('Inlay hints', params, token, [], (entry) =>
      settings.categoryHints.enabled ? categoryHints(entry.document, entry.model, params.range) : [],
    ),
  );

  connection.onRequest(contextMenuMethod, (params: ContextMenuParams, token) =>
    runSafe<ContextMenuResult>(logger, 'Context menu', token, () => {
      if (typeof params?.uri !== 'string') return invalidParams(contextMenuMethod, '{ uri, selection }');
      if (!isMenuSelection(params.selection)) {
        return new ResponseError<never>(ErrorCodes.InvalidParams, `${contextMenuMethod}: selection must be { kind: "file" | "files" | "folder", names: string[] }.`);
      }
      const entry = manifestFor(params.uri);
      return entry ? computeContextMenu(entry.model, params.selection) : null;
    }),
  );

  // The preview's Gating view: every tool with its approval category, from the same parse as the hover.
  connection.onRequest(gatingMethod, (params: GatingParams, token) =>
    runSafe<GatingResult>(logger, 'Gating', token, () => {
      const entry = typeof params?.uri === 'string' ? manifestFor(params.uri) : undefined;
      return entry ? gatingReport(entry.model) : null;
    }),
  );

  connection.onRequest(manifestStatusMethod, (params: ManifestStatusParams, token) =>
    runSafe<ManifestStatus>(logger, 'Manifest status', token, () => {
      if (typeof params?.uri !== 'string') return invalidParams(manifestStatusMethod, '{ uri }');
      const document = documents.get(params.uri);
      if (!document) return { recognised: false, name: undefined, reason: 'the document is not open', errors: 0, warnings: 0 };
      const entry = cache.get(document);
      const recognition = entry.recognition();
      const diagnostics = entry.diagnostics();
      const name = entry.isFilerManifest ? entry.model.value.name : undefined;
      return {
        recognised: recognition.kind === 'filer',
        name: typeof name === 'string' ? name : undefined,
        reason: recognition.reason,
        errors: diagnostics.filter((d) => d.severity === 'error').length,
        warnings: diagnostics.filter((d) => d.severity === 'warning').length,
      };
    }),
  );

  documents.listen(connection);
  connection.listen();
}

/** What an editor may send as `initializationOptions`. */
interface InitializationOptions {
  /** The settings, as `workspace/configuration` would give them (`{ filerManifest: { … } }`). */
  settings?: Record<string, unknown>;
  /** `false`: no `workspace/diagnostic` for manifests that are not open (pull clients only). */
  workspaceDiagnostics?: boolean;
}

/** A promise settled once, by whoever knows the moment. */
function settles(): { promise: Promise<void>; settle(): void } {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

function isMenuSelection(value: unknown): value is ContextMenuParams['selection'] {
  const selection = value as ContextMenuParams['selection'] | undefined;
  return (
    !!selection &&
    ['file', 'files', 'folder'].includes(selection.kind) &&
    Array.isArray(selection.names) &&
    selection.names.every((name) => typeof name === 'string')
  );
}

interface ClientFeatures {
  pullDiagnostics: boolean;
  diagnosticRefresh: boolean;
  inlayHintRefresh: boolean;
  configuration: boolean;
  dynamicConfiguration: boolean;
  dynamicWatchers: boolean;
  workspaceFolderEvents: boolean;
  snippets: boolean;
  documentChanges: boolean;
  createFiles: boolean;
  /** Markdown, or plain text for clients whose `hover.contentFormat` prefers it (Eglot). */
  hoverMarkup: Markup;
}

function readClientFeatures(capabilities: ClientCapabilities): ClientFeatures {
  const workspace = capabilities.workspace;
  return {
    pullDiagnostics: !!capabilities.textDocument?.diagnostic,
    // Helix spells it `workspace.diagnostic` (its lsp-types' name), the specification `workspace.diagnostics`.
    diagnosticRefresh: !!workspace?.diagnostics?.refreshSupport || !!(workspace as { diagnostic?: { refreshSupport?: boolean } } | undefined)?.diagnostic?.refreshSupport,
    inlayHintRefresh: !!workspace?.inlayHint?.refreshSupport,
    configuration: !!workspace?.configuration,
    dynamicConfiguration: !!workspace?.didChangeConfiguration?.dynamicRegistration,
    dynamicWatchers: !!workspace?.didChangeWatchedFiles?.dynamicRegistration,
    workspaceFolderEvents: !!workspace?.workspaceFolders,
    snippets: !!capabilities.textDocument?.completion?.completionItem?.snippetSupport,
    documentChanges: !!workspace?.workspaceEdit?.documentChanges,
    createFiles: !!workspace?.workspaceEdit?.resourceOperations?.includes('create'),
    hoverMarkup: markupFor(capabilities.textDocument?.hover?.contentFormat),
  };
}

function folderPathsOf(params: InitializeParams): string[] {
  const uris = params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : []);
  return uris.flatMap((uri) => filePathOf(uri) ?? []);
}
