import { promises as fsPromises } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReportKind,
  ErrorCodes,
  FileChangeType,
  ResponseError,
  TextDocumentSyncKind,
  TextDocuments,
  type CancellationToken,
  type ClientCapabilities,
  type Connection,
  type Diagnostic,
  type DocumentDiagnosticReport,
  type InitializeParams,
  type InitializeResult,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver';
import {
  computeContextMenu,
  contextMenuMethod,
  fileReferences,
  manifestStatusMethod,
  normalizeRelativePath,
  type ContextMenuParams,
  type ContextMenuResult,
  type ManifestStatus,
  type ManifestStatusParams,
} from '../engine';
import { quickFixes } from './features/codeActions';
import { completeManifest, newManifestCompletion } from './features/completion';
import { definitionAt } from './features/definition';
import { toLspDiagnostics } from './features/diagnostics';
import { documentLinks } from './features/documentLinks';
import { documentSymbols } from './features/documentSymbols';
import { hoverAt } from './features/hover';
import { categoryHints } from './features/inlayHints';
import { prepareRenameAt, referencesAt, renameAt } from './features/references';
import { filePathOf, ManifestCache, type ManifestVersion } from './manifestCache';
import { fileFilters, isCandidatePath, type FileFilters } from './manifestRecognition';
import { largeManifestLength, postponeMemoryRelease, releaseMemorySoon } from './memory';
import { isInsideOrEqual, PluginFolders } from './pluginFolders';
import { runQuietly, runSafe } from './runSafe';
import { defaultSettings, readSettings, settingsSection, type ServerSettings } from './settings';
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
 *   are not open, each with a resultId (text version, plugin-folder generation, settings generation)
 *   so an unchanged manifest answers `unchanged`; when a referenced file or the settings change the
 *   server sends `workspace/diagnostic/refresh`.
 * - Any other client gets push only: `textDocument/publishDiagnostics` after every change (also an
 *   empty list), debounced by validationDelayMs; a new change replaces the pending run, so a burst of
 *   typing validates once. Manifests that are not open are published too, without a version.
 */
export function startServer(connection: Connection): void {
  const logger = { error: (message: string) => connection.console.error(message) };

  let settings: ServerSettings = defaultSettings;
  let filters: FileFilters = fileFilters(settings);
  let settingsGeneration = 0;
  let workspaceFolderPaths: string[] = [];
  let client: ClientFeatures = readClientFeatures({});
  /** True once the client watches files for us: the folder caches then live until an event says otherwise. */
  let watching = false;

  const folders = new PluginFolders(() => watching);
  const cache = new ManifestCache({
    settings: () => settings,
    filters: () => filters,
    settingsGeneration: () => settingsGeneration,
    workspaceFolderPaths: () => workspaceFolderPaths,
    folders,
  });
  const documents = new TextDocuments(cache.textDocuments);
  const workspace = new WorkspaceManifests();

  // ---------------------------------------------------------------------------------------------
  // Lifecycle

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    client = readClientFeatures(params.capabilities);
    workspaceFolderPaths = folderPathsOf(params);
    const initial = (params.initializationOptions as { settings?: Record<string, unknown> } | undefined)?.settings?.[settingsSection];
    if (initial !== undefined) applySettings(readSettings(initial));
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: ['"', ':', '/'] },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentLinkProvider: { resolveProvider: false },
        documentSymbolProvider: true,
        inlayHintProvider: { resolveProvider: false },
        ...(client.pullDiagnostics ? { diagnosticProvider: { identifier: 'filer-manifest', interFileDependencies: true, workspaceDiagnostics: true } } : {}),
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'filer-manifest-language-server' },
    };
  });

  connection.onInitialized(async () => {
    if (client.dynamicConfiguration) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: settingsSection });
    }
    if (client.dynamicWatchers) {
      watching = true;
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*' }] });
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
    if (client.configuration && (await fetchSettings())) revalidateOpen();
    await scanWorkspace();
  });

  // ---------------------------------------------------------------------------------------------
  // Settings

  /** Returns false when nothing changed, so that the same settings sent again invalidate nothing. */
  function applySettings(next: ServerSettings): boolean {
    if (JSON.stringify(next) === JSON.stringify(settings)) return false;
    settings = next;
    filters = fileFilters(next);
    settingsGeneration++;
    return true;
  }

  async function fetchSettings(): Promise<boolean> {
    try {
      return applySettings(readSettings(await connection.workspace.getConfiguration({ section: settingsSection })));
    } catch (error) {
      logger.error(`Reading the ${settingsSection} settings failed: ${(error as Error).message}`);
      return false;
    }
  }

  connection.onDidChangeConfiguration(async (change) => {
    const pushed = (change.settings as Record<string, unknown> | undefined)?.[settingsSection];
    const changed = client.configuration ? await fetchSettings() : pushed !== undefined && applySettings(readSettings(pushed));
    if (!changed) return;
    if (client.inlayHintRefresh) void connection.languages.inlayHint.refresh();
    revalidateOpen();
    await scanWorkspace();
  });

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
        runQuietly(logger, `Validating ${uri}`, () => publishOpen(uri));
      }, delayMs),
    );
  }

  function publishOpen(uri: string): void {
    const document = documents.get(uri);
    if (!document) return;
    const entry = cache.get(document);
    if (entry.recognition().kind === 'other') {
      // Not (or no longer) a manifest: an empty list only if it had diagnostics from us.
      if (published.has(uri)) publish(uri, [], document.version);
      return;
    }
    publish(uri, toLspDiagnostics(entry.diagnostics()), document.version);
  }

  function publish(uri: string, diagnostics: Diagnostic[], version: number | undefined): void {
    if (diagnostics.length > 0) published.add(uri);
    else published.delete(uri);
    void connection.sendDiagnostics({ uri, diagnostics, ...(version !== undefined ? { version } : {}) });
  }

  /** After a settings change or a change to files many manifests read. */
  function revalidateOpen(): void {
    if (client.pullDiagnostics) {
      if (client.diagnosticRefresh) void connection.languages.diagnostics.refresh();
      return;
    }
    for (const document of documents.all()) scheduleValidation(document.uri, 0);
  }

  // TextDocuments fires onDidChangeContent right after onDidOpen: an opened document is validated at once, an edited one after a pause.
  const justOpened = new Set<string>();
  documents.onDidOpen((event) => {
    postponeMemoryRelease();
    justOpened.add(event.document.uri);
    scheduleValidation(event.document.uri, 0);
  });
  documents.onDidChangeContent((event) => {
    postponeMemoryRelease();
    if (justOpened.delete(event.document.uri)) return;
    scheduleValidation(event.document.uri, validationDelayMs);
  });
  documents.onDidClose((event) => {
    const uri = event.document.uri;
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
    let text: string;
    try {
      text = await fsPromises.readFile(filePath, 'utf8');
    } catch {
      return undefined;
    }
    const entry = cache.fromDisk(pathToFileURL(filePath).href, text);
    if (!entry.isFilerManifest) return undefined;
    const folder = entry.folder()!;
    workspace.setDependencies(
      filePath,
      fileReferences(entry.model).map((reference) => path.join(folder.root, normalizeRelativePath(reference.path))),
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
    const scan = workspace.scan(workspaceFolderPaths, (filePath) => isCandidatePath(filePath, () => relativePathsOf(filePath), filters));
    scanning = scan;
    await scan;
    // A pull client asks for workspace diagnostics itself (the first request waits for this scan).
    if (client.pullDiagnostics) return;
    for (const filePath of before) if (!workspace.has(filePath) && !isOpen(filePath)) publish(pathToFileURL(filePath).href, [], undefined);
    for (const filePath of workspace.all()) {
      await new Promise((resolve) => setImmediate(resolve));
      await publishFromDisk(filePath);
    }
  }

  function relativePathsOf(filePath: string): string[] {
    return workspaceFolderPaths.filter((folder) => isInsideOrEqual(folder, filePath)).map((folder) => path.relative(folder, filePath));
  }

  connection.languages.diagnostics.on((params, token) =>
    runSafe<DocumentDiagnosticReport>(logger, 'Diagnostics', token, () => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      const entry = cache.get(document);
      if (entry.recognition().kind === 'other') return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      const resultId = entry.resultId();
      if (params.previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
      return { kind: DocumentDiagnosticReportKind.Full, resultId, items: toLspDiagnostics(entry.diagnostics()) };
    }),
  );

  connection.languages.diagnostics.onWorkspace(async (params, token) => {
    try {
      await scanning;
      const previous = new Map(params.previousResultIds.map((entry) => [entry.uri, entry.value]));
      const items: WorkspaceDocumentDiagnosticReport[] = [];
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
        const resultId = `${stats.mtimeMs}:${stats.size}:${folders.forManifest(filePath).generation}:${settingsGeneration}`;
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

  // ---------------------------------------------------------------------------------------------
  // Watched files: referenced files and manifests that change on disk

  connection.onDidChangeWatchedFiles((params) =>
    runQuietly(logger, 'File change', () => {
      const dependentOpen = new Set<string>();
      const dependentClosed = new Set<string>();
      for (const change of params.changes) {
        const filePath = filePathOf(change.uri);
        if (!filePath) continue;
        folders.invalidatePath(filePath);
        if (isCandidatePath(filePath, () => relativePathsOf(filePath), filters)) {
          if (change.type === FileChangeType.Deleted) {
            workspace.remove(filePath);
            if (!isOpen(filePath) && !client.pullDiagnostics) publish(change.uri, [], undefined);
          } else if (workspaceFolderPaths.some((folder) => isInsideOrEqual(folder, filePath))) {
            workspace.add(filePath);
            dependentClosed.add(filePath);
          }
        }
        for (const manifest of workspace.dependentsOf(filePath)) dependentClosed.add(manifest);
        for (const document of documents.all()) {
          if (dependsOn(cache.get(document), filePath)) dependentOpen.add(document.uri);
        }
      }
      if (client.pullDiagnostics) {
        if ((dependentOpen.size > 0 || dependentClosed.size > 0) && client.diagnosticRefresh) void connection.languages.diagnostics.refresh();
        return;
      }
      for (const uri of dependentOpen) scheduleValidation(uri, 0);
      for (const filePath of dependentClosed) void publishFromDisk(filePath);
    }),
  );

  /** Whether an open manifest names `changedPath` (or a file below it, when a folder changed). */
  function dependsOn(entry: ManifestVersion, changedPath: string): boolean {
    if (!entry.isFilerManifest || !entry.path) return false;
    const root = path.dirname(entry.path);
    if (!isInsideOrEqual(root, changedPath) && !isInsideOrEqual(changedPath, root)) return false;
    return fileReferences(entry.model).some((reference) => isInsideOrEqual(changedPath, path.join(root, normalizeRelativePath(reference.path))));
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
      const entry = manifestFor(params.textDocument.uri);
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

  connection.onCompletion((params, token) =>
    runSafe(logger, 'Completion', token, () => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return [];
      const entry = cache.get(document);
      const folder = entry.folder();
      const env = { snippets: client.snippets, pluginFiles: folder ? () => folder.listFiles() : undefined };
      const kind = entry.recognition().kind;
      if (kind === 'empty') return newManifestCompletion(entry.document, folder ? path.basename(folder.root) : '', env);
      if (kind !== 'filer') return [];
      return completeManifest(entry.document, entry.model, offsetOf(entry, params.position), env);
    }),
  );

  connection.onHover((params, token) =>
    answerForManifest('Hover', params, token, null, (entry) => hoverAt(entry.document, entry.model, offsetOf(entry, params.position)) ?? null),
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
        fileExists: (relativePath) => (folder ? folder.stat(relativePath) !== 'missing' : false),
        documentChanges: client.documentChanges,
        canCreateFiles: client.createFiles,
        folderName: folder ? path.basename(folder.root) : '',
      });
    }),
  );

  connection.onDefinition((params, token) =>
    answerForManifest('Definition', params, token, [], (entry) =>
      definitionAt(entry.uri, entry.document, entry.model, offsetOf(entry, params.position), fileUriIn(entry)),
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
      const fileUri = fileUriIn(entry);
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
      if (!isMenuSelection(params?.selection)) {
        return new ResponseError<never>(ErrorCodes.InvalidParams, `${contextMenuMethod}: selection must be { kind: "file" | "files" | "folder", names: string[] }.`);
      }
      const entry = manifestFor(params.uri);
      return entry ? computeContextMenu(entry.model, params.selection) : null;
    }),
  );

  connection.onRequest(manifestStatusMethod, (params: ManifestStatusParams, token) =>
    runSafe<ManifestStatus>(logger, 'Manifest status', token, () => {
      const document = documents.get(params?.uri);
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
}

function readClientFeatures(capabilities: ClientCapabilities): ClientFeatures {
  const workspace = capabilities.workspace;
  return {
    pullDiagnostics: !!capabilities.textDocument?.diagnostic,
    diagnosticRefresh: !!workspace?.diagnostics?.refreshSupport,
    inlayHintRefresh: !!workspace?.inlayHint?.refreshSupport,
    configuration: !!workspace?.configuration,
    dynamicConfiguration: !!workspace?.didChangeConfiguration?.dynamicRegistration,
    dynamicWatchers: !!workspace?.didChangeWatchedFiles?.dynamicRegistration,
    workspaceFolderEvents: !!workspace?.workspaceFolders,
    snippets: !!capabilities.textDocument?.completion?.completionItem?.snippetSupport,
    documentChanges: !!workspace?.workspaceEdit?.documentChanges,
    createFiles: !!workspace?.workspaceEdit?.documentChanges && !!workspace.workspaceEdit.resourceOperations?.includes('create'),
  };
}

function folderPathsOf(params: InitializeParams): string[] {
  const uris = params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : []);
  return uris.flatMap((uri) => filePathOf(uri) ?? []);
}
