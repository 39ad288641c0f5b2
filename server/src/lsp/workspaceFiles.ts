import {
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type Connection,
  type InitializeParams,
} from 'vscode-languageserver';
import { configFileName, fileReferences, normalizeRelativePath } from '../engine';
import { host, isInside, path, type FolderWatch } from './host';
import type { ClientFeatures } from './clientFeatures';
import type { ClientRequests } from './clientRequests';
import type { DiagnosticsStrategy } from './diagnostics/core';
import { filePathOf, type ManifestVersion } from './manifestCache';
import { isCandidatePath, type FileFilters } from './manifestRecognition';
import type { OpenDocuments } from './openDocuments';
import type { PluginFolders } from './pluginFolders';
import { runQuietly, type Logger } from './runSafe';
import type { ServerLog } from './serverLog';
import { settles } from './settles';
import type { WorkspaceManifests } from './workspaceManifests';

interface WorkspaceEnvironment {
  connection: Connection;
  logger: Logger;
  log: ServerLog;
  requests: ClientRequests;
  documents: OpenDocuments;
  workspace: WorkspaceManifests;
  folders: PluginFolders;
  client(): ClientFeatures;
  filters(): FileFilters;
  diagnostics(): DiagnosticsStrategy;
  /** Whether a manifest (on disk, or open) names this file as a handler, whether or not it was validated yet. */
  namesHandler(filePath: string): boolean;
  /** A project config file (filer-manifest.config.json) changed on disk: what it governs is checked again. */
  configChanged(filePath: string, delayMs: number): void;
}

/**
 * The workspace folders, the scan for the manifests in them, and the watch on the files manifests
 * name: the client's watcher when it registers ours (`workspace/didChangeWatchedFiles`), else the
 * server's own FolderWatcher. A change forgets what was learnt from the file and tells the
 * diagnostics which manifests to validate again.
 */
export class WorkspaceFiles {
  private folderPaths: string[] = [];
  /** True once the client registered our file watcher: the folder caches then live until an event says otherwise. */
  private watching = false;
  /** The server's own watch on the plugin folders, when the client cannot watch files. */
  private selfWatcher: FolderWatch | undefined;
  private scanning: Promise<void> | undefined;
  private readonly firstScanDone = settles();

  constructor(private readonly env: WorkspaceEnvironment) {}

  workspaceFolderPaths(): string[] {
    return this.folderPaths;
  }

  /**
   * The workspace folders the client named in `initialize`: its `workspaceFolders`, else its `rootUri`, else its
   * `rootPath`. An empty `workspaceFolders` names none: Helix, where no root marker is found above the file, sends `[]`
   * and `rootUri: null`, and names the folder it was started in only as `rootPath`.
   */
  initialize(params: InitializeParams): void {
    const folders = params.workspaceFolders?.flatMap((folder) => filePathOf(folder.uri) ?? []) ?? [];
    const { rootUri, rootPath } = params;
    const root =
      typeof rootUri === 'string'
        ? filePathOf(rootUri)
        : typeof rootPath === 'string' && path.isAbsolute(rootPath)
          ? path.resolve(rootPath)
          : undefined;
    this.folderPaths = folders.length > 0 ? folders : root ? [root] : [];
  }

  /** Whether changes under this plugin folder are reported to the server (by the client or by its own watcher). */
  isWatched(root: string): boolean {
    return this.watching || (this.selfWatcher?.covers(root) ?? false);
  }

  /** A plugin folder the server reads from now on. */
  folderAdded(root: string): void {
    this.selfWatcher?.watchFolder(root);
  }

  /** After `initialized`: the watch (the client's or ours) and the workspace folder events. */
  watch(): void {
    const { connection, requests, client } = this.env;
    if (client().dynamicWatchers) {
      void requests
        .send(`client/registerCapability (${DidChangeWatchedFilesNotification.method})`, () =>
          connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*' }] }),
        )
        .then((registered) => {
          this.watching = registered !== undefined;
          if (!this.watching) this.watchFoldersOurselves();
        });
    } else {
      this.watchFoldersOurselves();
    }
    if (client().workspaceFolderEvents) {
      connection.workspace.onDidChangeWorkspaceFolders((event) =>
        runQuietly(this.env.logger, 'workspace folder change', () => {
          const removed = new Set(event.removed.map((folder) => filePathOf(folder.uri)));
          this.folderPaths = [
            ...this.folderPaths.filter((folder) => !removed.has(folder)),
            ...event.added.flatMap((folder) => filePathOf(folder.uri) ?? []),
          ];
          void this.scan();
        }),
      );
    }
  }

  /** The client's watcher reports changes (registered whatever the client declared, as the server always has). */
  listen(): void {
    this.env.connection.onDidChangeWatchedFiles((params) =>
      runQuietly(this.env.logger, 'File change', () =>
        this.filesChanged(
          params.changes.flatMap((change) => {
            const filePath = filePathOf(change.uri);
            return filePath ? [{ filePath, type: change.type }] : [];
          }),
          0,
        ),
      ),
    );
  }

  close(): void {
    this.selfWatcher?.close();
  }

  /** The first scan; workspace diagnostics wait for it. */
  async firstScan(): Promise<void> {
    try {
      await this.scan();
    } finally {
      this.firstScanDone.settle();
    }
  }

  /** Settled once the first scan and the one in progress are over. */
  async scanDone(): Promise<void> {
    await this.firstScanDone.promise;
    await this.scanning;
  }

  async scan(): Promise<void> {
    const { workspace, log } = this.env;
    if (this.folderPaths.length === 0) return;
    const before = new Set(workspace.all());
    const scan = workspace.scan(
      this.folderPaths,
      (filePath) => this.isCandidate(filePath),
      (folder, error) => log.unreadable(folder, error),
    );
    this.scanning = scan;
    await scan;
    log.scanned(this.folderPaths, workspace.all().length);
    await this.env.diagnostics().scanned(before);
  }

  /**
   * A document opened, edited, saved or closed in the editor that a manifest names (a tool schema,
   * a handler, a prompt): a change of that file, whose text the manifests now read from the editor
   * (or, once closed, from the disk again). A manifest's own edits are not such a change.
   */
  namedFileEdited(uri: string, delayMs: number): void {
    runQuietly(this.env.logger, 'Named file change', () => {
      const filePath = filePathOf(uri);
      if (!filePath || this.isCandidate(filePath)) return;
      if (
        this.env.workspace.dependentsOf(filePath).length === 0 &&
        this.openDependentsOf(filePath).length === 0 &&
        !this.env.namesHandler(filePath)
      )
        return;
      this.filesChanged([{ filePath, type: FileChangeType.Changed }], delayMs);
    });
  }

  /**
   * Files the host asked the client for (a validation missed them) have arrived: what named them is validated again,
   * as after a change, but what the host kept of them stays.
   */
  filesArrived(filePaths: string[]): void {
    runQuietly(this.env.logger, 'Files read', () =>
      this.filesChanged(
        filePaths.map((filePath) => ({ filePath, type: FileChangeType.Changed })),
        0,
        false,
      ),
    );
  }

  /** For a client that cannot tell us that files changed: the plugin folders are watched by the server itself. */
  private watchFoldersOurselves(): void {
    if (this.selfWatcher) return;
    const watchFolders = host().watchFolders;
    if (!watchFolders) return;
    this.selfWatcher = watchFolders(
      (paths) =>
        runQuietly(this.env.logger, 'File change', () =>
          this.filesChanged(
            paths.map((filePath) => ({
              filePath,
              type: host().pathExists(filePath) ? FileChangeType.Changed : FileChangeType.Deleted,
            })),
            0,
          ),
        ),
      this.env.logger,
    );
    for (const root of this.env.folders.roots()) this.selfWatcher.watchFolder(root);
    // What was learnt before the watch began may have changed unseen.
    this.env.folders.invalidateAll();
  }

  /**
   * Files changed on disk (the client's watcher or ours said so), or in the editor: what was learnt
   * from them is forgotten, and the manifests that name them are validated again after `delayMs`.
   */
  private filesChanged(
    changes: { filePath: string; type: FileChangeType }[],
    delayMs: number,
    /** False when the files did not change but arrived (filesArrived). */
    changed = true,
  ): void {
    const { folders, workspace } = this.env;
    const diagnostics = this.env.diagnostics();
    const dependentOpen = new Set<string>();
    const dependentClosed = new Set<string>();
    for (const { filePath, type } of changes) {
      if (changed) host().changed?.(filePath);
      folders.invalidatePath(filePath);
      if (path.basename(filePath) === configFileName) this.env.configChanged(filePath, delayMs);
      if (this.isCandidate(filePath)) {
        if (type === FileChangeType.Deleted) {
          workspace.remove(filePath);
          diagnostics.manifestDeleted(filePath);
        } else if (this.folderPaths.some((folder) => isInside(folder, filePath))) {
          workspace.add(filePath);
          dependentClosed.add(filePath);
        }
      }
      for (const manifest of workspace.dependentsOf(filePath)) dependentClosed.add(manifest);
      for (const uri of this.openDependentsOf(filePath)) dependentOpen.add(uri);
    }
    diagnostics.dependentsChanged(dependentOpen, dependentClosed, delayMs);
  }

  private isCandidate(filePath: string): boolean {
    return isCandidatePath(filePath, () => this.relativePathsOf(filePath), this.env.filters());
  }

  private relativePathsOf(filePath: string): string[] {
    return this.folderPaths
      .filter((folder) => isInside(folder, filePath))
      .map((folder) => path.relative(folder, filePath));
  }

  private openDependentsOf(filePath: string): string[] {
    const { documents } = this.env;
    return documents
      .all()
      .flatMap((document) => (dependsOn(documents.entry(document), filePath) ? [document.uri] : []));
  }
}

/** Whether an open manifest names `changedPath` (or a file below it, when a folder changed). */
function dependsOn(entry: ManifestVersion, changedPath: string): boolean {
  if (!entry.isFilerManifest || !entry.filePath) return false;
  const root = path.dirname(entry.filePath);
  if (!isInside(root, changedPath) && !isInside(changedPath, root)) return false;
  return fileReferences(entry.model).some((reference) =>
    isInside(changedPath, path.join(root, normalizeRelativePath(reference.filePath))),
  );
}
