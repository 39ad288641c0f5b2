import * as fs from 'node:fs';
import * as path from 'node:path';
import { isSkippedFolder, walkFolderSync } from './folderWalk';
import { isInside } from './safeRead';

/** At most this many directories are watched in all, this deep in each plugin folder. */
const maxWatchedDirectories = 512;
const maxDepth = 8;
/** Events that come together (an editor's save is several) are reported as one batch. */
const batchDelayMs = 100;

interface WatchLogger {
  error(message: string): void;
}

/**
 * The server's own watch on plugin folders, for editors that cannot tell it that files changed
 * (they declare no `workspace.didChangeWatchedFiles.dynamicRegistration`, or refused the
 * registration). Each plugin folder's directories are watched one by one with fs.watch: never
 * node_modules or dot-folders, never through a symbolic link (a link may lead out of the folder),
 * and never more than maxWatchedDirectories in all. A folder that did not fit counts as unwatched,
 * so its cache expires as without any watcher.
 */
export class FolderWatcher {
  private readonly watchers = new Map<string, fs.FSWatcher>();
  /** Plugin folders whose every directory is watched. */
  private readonly complete = new Set<string>();
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private warnedFull = false;
  private closed = false;

  constructor(
    private readonly onChange: (paths: string[]) => void,
    private readonly logger: WatchLogger,
  ) {}

  /** Whether every directory of this plugin folder is watched. */
  covers(root: string): boolean {
    return this.complete.has(root);
  }

  /** Watches a plugin folder (again: a directory created since is added). */
  watchFolder(root: string): void {
    if (this.closed) return;
    if (this.addTree(root, 0)) this.complete.add(root);
    else this.complete.delete(root);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    this.complete.clear();
  }

  /**
   * Watches `directory` (at `depth` in its plugin folder) and the directories below it; false when the limit left some
   * out.
   */
  private addTree(directory: string, depth: number): boolean {
    let all = true;
    // Depth first (host/folderWalk.ts): never through a symbolic link, never node_modules or a dot-folder.
    walkFolderSync(
      [directory],
      { order: 'depth-first', listDepth: maxDepth - depth },
      {
        enter: (folder) => {
          const watched = this.watch(folder.absolutePath);
          if (watched === 'full') all = false;
          return watched === 'watched' ? 'list' : 'skip';
        },
      },
    );
    return all;
  }

  private watch(directory: string): 'watched' | 'full' | 'gone' {
    if (this.watchers.has(directory)) return 'watched';
    if (this.watchers.size >= maxWatchedDirectories) {
      if (!this.warnedFull) {
        this.warnedFull = true;
        this.logger.error(
          `Watching plugin folders: more than ${maxWatchedDirectories} directories; the others are read again when their cached state expires.`,
        );
      }
      return 'full';
    }
    let watcher: fs.FSWatcher;
    try {
      watcher = fs.watch(directory, { persistent: false }, (_event, name) => this.noticed(directory, name));
    } catch {
      return 'gone'; // Gone or unreadable: nothing to watch there.
    }
    watcher.on('error', () => this.forget(directory));
    this.watchers.set(directory, watcher);
    return 'watched';
  }

  private forget(directory: string): void {
    this.watchers.get(directory)?.close();
    this.watchers.delete(directory);
  }

  private noticed(directory: string, name: string | Buffer | null): void {
    if (this.closed) return;
    const changed = name ? path.join(directory, name.toString()) : directory;
    this.pending.add(changed);
    // A directory created inside a watched one is watched too.
    const root = [...this.complete].find((folder) => changed !== folder && isInside(folder, changed));
    if (root) {
      try {
        const stats = fs.lstatSync(changed);
        const depth = path.relative(root, changed).split(path.sep).length;
        // Past the limit the folder is no longer wholly watched.
        if (stats.isDirectory() && !isSkippedFolder(path.basename(changed)) && !this.addTree(changed, depth))
          this.complete.delete(root);
      } catch {
        this.forget(changed);
      }
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const paths = [...this.pending];
      this.pending = new Set();
      this.onChange(paths);
    }, batchDelayMs);
  }
}
