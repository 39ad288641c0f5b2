import {
  CodeActionKind,
  InlayHintRefreshRequest,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { readBuiltInJson, type BuiltInJson } from './builtInJson';
import { readClientFeatures, type ClientFeatures, type InitializationOptions } from './clientFeatures';
import { ClientRequests } from './clientRequests';
import { Configuration } from './configuration';
import { DiagnosticsCore, type DiagnosticsStrategy } from './diagnostics/core';
import { applyFixCommand, fixAllKind } from './features/codeActions';
import { suppressInConfigCommand } from './features/suppressInConfig';
import { HandlerFiles } from './handlerFiles';
import { PullDiagnostics } from './diagnostics/pull';
import { PushDiagnostics } from './diagnostics/push';
import { filePathOf, ManifestCache } from './manifestCache';
import { OpenDocuments } from './openDocuments';
import { PluginFolders } from './pluginFolders';
import { ProjectConfigs } from './projectConfigs';
import { routeRequests } from './routing';
import { ServerLog, version } from './serverLog';
import { WorkspaceFiles } from './workspaceFiles';
import { WorkspaceManifests } from './workspaceManifests';
import { installHost, type ServerHost } from './host';
import { clientRulePageLink, type RulePages } from './rulePages';

/**
 * The language server, as a table of contents: each concern is one module, created and wired here
 * (`host`: the machine's files, server/src/lsp/host.ts; `rulePages`: where each rule's page is, for the link of its
 * diagnostics).
 * - configuration.ts: the settings (initializationOptions, fetched or pushed; invalid values named once);
 * - openDocuments.ts: the open documents and their versions, each parsed once by manifestCache.ts;
 * - diagnostics/: one core that computes a document's diagnostics, pushed (push.ts) or pulled (pull.ts)
 *   as the client declares;
 * - workspaceFiles.ts: the workspace scan and the watch on files (the client's watcher, or our own);
 * - handlerFiles.ts: which manifests name an open JavaScript file as a handler (its findings are theirs);
 * - routing.ts: every other request, one row each, answered by its feature in features/.
 */
export function startServer(connection: Connection, host: ServerHost, rulePages: RulePages): void {
  installHost(host);
  const log = new ServerLog(connection.console);
  const logger = { error: (message: string) => log.error(message) };
  const requests = new ClientRequests(logger);
  let client: ClientFeatures = readClientFeatures({});
  /** VS Code's own JSON features, when the client says they run beside us. */
  let builtInJson: BuiltInJson | undefined;
  /** The link to a rule's page, when the client shows the pages itself (initializationOptions.rulePages). */
  let clientPageLink: ((code: string) => string) | undefined;

  const configuration = new Configuration({ connection, logger, log, requests, client: () => client });
  const folders: PluginFolders = new PluginFolders({
    isWatched: (root) => files.isWatched(root),
    openText: (filePath) => documents.textAt(filePath),
    onNewFolder: (root) => files.folderAdded(root),
  });
  const configs = new ProjectConfigs({
    workspaceFolderPaths: () => files.workspaceFolderPaths(),
    openText: (filePath) => documents.textAt(filePath),
  });
  const cache: ManifestCache = new ManifestCache({
    settings: () => configuration.settings(),
    filters: () => configuration.filters(),
    settingsGeneration: () => configuration.generation(),
    workspaceFolderPaths: () => files.workspaceFolderPaths(),
    folders,
    configs,
  });
  const documents: OpenDocuments = new OpenDocuments(cache);
  const workspace = new WorkspaceManifests();
  const handlers = new HandlerFiles({
    documents,
    cache,
    workspace,
    settingsGeneration: () => configuration.generation(),
    workspaceFolderPaths: () => files.workspaceFolderPaths(),
  });

  const core = new DiagnosticsCore({
    documents,
    handlers,
    cache,
    workspace,
    log,
    settings: () => configuration.settings(),
    workspaceFolderPaths: () => files.workspaceFolderPaths(),
    builtInJson: () => builtInJson,
    rulePage: () => (client.codeDescription ? (clientPageLink ?? rulePages.link) : undefined),
    configs,
  });
  const push = new PushDiagnostics(core, {
    connection,
    logger,
    documents,
    workspace,
    settingsKnown: configuration.settingsKnown,
  });
  const pull = new PullDiagnostics(core, {
    connection,
    logger,
    requests,
    documents,
    workspace,
    folders,
    refreshSupported: () => client.diagnosticRefresh,
    settingsGeneration: () => configuration.generation(),
    settingsKnown: configuration.settingsKnown,
    scanDone: () => files.scanDone(),
  });
  const diagnostics = (): DiagnosticsStrategy => (client.pullDiagnostics ? pull : push);
  const files: WorkspaceFiles = new WorkspaceFiles({
    connection,
    logger,
    log,
    requests,
    documents,
    workspace,
    folders,
    client: () => client,
    filters: () => configuration.filters(),
    diagnostics,
    namesHandler: (filePath) => handlers.manifestOf(filePath) !== undefined,
    configChanged: (filePath, delayMs) => configChanged(filePath, delayMs),
  });

  /**
   * A config file changed (on disk, or in the editor): every manifest it may govern is checked again, open or not, and
   * the open config files with them.
   */
  function configChanged(filePath: string, delayMs: number): void {
    configs.changed(filePath);
    diagnostics().revalidateOpen();
    diagnostics().dependentsChanged(new Set(), new Set(workspace.all()), delayMs);
  }

  /** What was computed under the earlier settings is stale: inlay hints and the open documents' diagnostics. */
  function settingsChanged(): void {
    if (client.inlayHintRefresh)
      void requests.send(InlayHintRefreshRequest.method, () => connection.languages.inlayHint.refresh());
    diagnostics().revalidateOpen();
  }

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    client = readClientFeatures(params.capabilities);
    builtInJson = readBuiltInJson(params.initializationOptions);
    files.initialize(params);
    host.clientDeclared?.(params.initializationOptions);
    const options = params.initializationOptions as InitializationOptions | undefined;
    clientPageLink = clientRulePageLink(options?.rulePages);
    log.started(params.clientInfo, files.workspaceFolderPaths());
    configuration.initialize(options);
    // VS Code's Restricted Mode: the workspace's own config files are not read (the client says so when it starts).
    if (options?.workspaceTrusted === false) {
      configs.untrusted();
      log.configsNotRead();
    }
    return {
      capabilities: capabilities(client, options),
      serverInfo: { name: 'filer-manifest-language-server', version },
    };
  });
  connection.onInitialized(async () => {
    configuration.register();
    files.watch();
    if (await configuration.first()) settingsChanged();
    await files.firstScan();
  });
  connection.onShutdown(() => files.close());

  configuration.listen(async () => {
    settingsChanged();
    await files.scan();
  });
  documents.listen(
    connection,
    {
      changed: (uri, delayMs) => {
        const filePath = filePathOf(uri);
        if (filePath && configs.isConfigPath(filePath)) configChanged(filePath, delayMs);
        diagnostics().documentChanged(uri, delayMs);
        files.namedFileEdited(uri, delayMs);
      },
      saved: (uri) => files.namedFileEdited(uri, 0),
      closed: (uri) => {
        const filePath = filePathOf(uri);
        if (filePath && configs.isConfigPath(filePath)) configChanged(filePath, 0);
        files.namedFileEdited(uri, 0);
        diagnostics().documentClosed(uri);
      },
    },
    logger,
  );
  files.listen();
  host.onFilesArrived?.((filePaths) => files.filesArrived(filePaths));
  routeRequests(connection, {
    logger,
    documents,
    handlers,
    client: () => client,
    settings: () => configuration.settings(),
    builtInJson: () => builtInJson,
    pull,
    rulePage: () => clientPageLink ?? rulePages.link,
    configs,
    configFindings: (document) => core.forOpenConfig(document),
  });
  connection.listen();
}

function capabilities(
  client: ClientFeatures,
  options: InitializationOptions | undefined,
): InitializeResult['capabilities'] {
  // Neovim 0.12 answers a refresh with a workspace pull alone and applies it only to buffers it does not pull itself:
  // without workspace diagnostics it pulls each open buffer again.
  const workspaceDiagnostics = options?.workspaceDiagnostics !== false;
  return {
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
    completionProvider: { triggerCharacters: ['"', ':', '/'] },
    hoverProvider: true,
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, fixAllKind] },
    executeCommandProvider: { commands: [applyFixCommand, suppressInConfigCommand] },
    definitionProvider: true,
    referencesProvider: true,
    renameProvider: { prepareProvider: true },
    documentLinkProvider: { resolveProvider: false },
    documentSymbolProvider: true,
    inlayHintProvider: { resolveProvider: false },
    ...(client.pullDiagnostics
      ? { diagnosticProvider: { identifier: 'filer-manifest', interFileDependencies: true, workspaceDiagnostics } }
      : {}),
    workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
  };
}
