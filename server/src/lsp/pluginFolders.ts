import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FileKind, FileRead, PluginFolder } from '../engine';
import { NodePluginFolder } from '../host/nodePluginFolder';

/** Path completion lists at most this many files, this deep, so a huge folder cannot stall it. */
const listLimit = 2000;
const listDepth = 8;
/** Without file watching the cache cannot know of changes: its entries then live this long. */
const unwatchedLifetimeMs = 2000;

/**
 * The plugin folder of a manifest (the folder that holds it), read through NodePluginFolder and
 * remembered until a watched file under it changes: a 5,000-tool manifest names 10,000 files, and
 * they should not be read again on every keystroke.
 */
export class CachedPluginFolder implements PluginFolder {
  /** Bumped on every invalidation: part of a diagnostics result's identity. */
  generation = 0;
  private disk: NodePluginFolder;
  private kinds = new Map<string, FileKind>();
  private reads = new Map<string, FileRead>();
  private files: string[] | undefined;
  private filledAt = 0;

  constructor(
    readonly root: string,
    private readonly isWatched: () => boolean,
  ) {
    this.disk = new NodePluginFolder(root);
  }

  stat(relativePath: string): FileKind {
    this.expireIfUnwatched();
    let kind = this.kinds.get(relativePath);
    if (kind === undefined) {
      kind = this.disk.stat(relativePath);
      this.kinds.set(relativePath, kind);
    }
    return kind;
  }

  readText(relativePath: string): FileRead {
    this.expireIfUnwatched();
    let read = this.reads.get(relativePath);
    if (read === undefined) {
      read = this.disk.readText(relativePath);
      this.reads.set(relativePath, read);
    }
    return read;
  }

  /** Plugin-relative paths of the files in the folder (`tools/a.schema.json`), for path completion. */
  listFiles(): string[] {
    this.expireIfUnwatched();
    this.files ??= listFolder(this.root);
    return this.files;
  }

  invalidate(): void {
    // A fresh view of the disk: the old one remembers where directories really are.
    this.disk = new NodePluginFolder(this.root);
    this.kinds = new Map();
    this.reads = new Map();
    this.files = undefined;
    this.generation++;
  }

  private expireIfUnwatched(): void {
    const now = Date.now();
    if (this.isWatched()) return;
    if (now - this.filledAt > unwatchedLifetimeMs) {
      if (this.filledAt !== 0) this.invalidate();
      this.filledAt = now;
    }
  }
}

/** One CachedPluginFolder per folder that holds a manifest. */
export class PluginFolders {
  private readonly folders = new Map<string, CachedPluginFolder>();

  constructor(private readonly isWatched: () => boolean) {}

  forManifest(manifestPath: string): CachedPluginFolder {
    const root = path.dirname(manifestPath);
    let folder = this.folders.get(root);
    if (!folder) {
      folder = new CachedPluginFolder(root, this.isWatched);
      this.folders.set(root, folder);
    }
    return folder;
  }

  /** Forgets what is known under (or above: a deleted parent) a changed path; returns the folders touched. */
  invalidatePath(changedPath: string): CachedPluginFolder[] {
    const touched: CachedPluginFolder[] = [];
    for (const folder of this.folders.values()) {
      if (isInsideOrEqual(folder.root, changedPath) || isInsideOrEqual(changedPath, folder.root)) {
        folder.invalidate();
        touched.push(folder);
      }
    }
    return touched;
  }

  invalidateAll(): void {
    for (const folder of this.folders.values()) folder.invalidate();
  }
}

export function isInsideOrEqual(folder: string, candidate: string): boolean {
  const relative = path.relative(folder, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Breadth-first, skipping node_modules, dot-folders and symbolic links (which could leave the folder). */
function listFolder(root: string): string[] {
  const files: string[] = [];
  let level = [''];
  for (let depth = 0; depth < listDepth && level.length > 0; depth++) {
    const next: string[] = [];
    for (const relative of level) {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(path.join(root, relative), { withFileTypes: true });
      } catch {
        continue;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        const child = relative ? `${relative}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) next.push(child);
        } else if (entry.isFile()) {
          files.push(child);
          if (files.length >= listLimit) return files;
        }
      }
    }
    level = next;
  }
  return files;
}
