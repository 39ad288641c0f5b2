import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FileKind, FileRead, PluginFolder } from '../engine';
import { isInside, readRegularFile, realpathOrUndefined } from './safeRead';

/** Files larger than this are not read (a tool schema is a few KB). */
const maxReadBytes = 2 * 1024 * 1024;

type Resolved = { kind: 'inside'; path: string; stats: fs.Stats } | { kind: 'missing' | 'outside' };

/**
 * The plugin folder on disk, read-only. Every path is resolved against the folder and, after
 * following symlinks, must still lie inside it: nothing outside the plugin folder is ever read.
 * One instance sees the folder as it was when it first looked: the real path of each directory is
 * remembered (a plugin's thousands of files sit in a few directories), so a file costs one lstat.
 */
export class NodePluginFolder implements PluginFolder {
  private readonly realRoot: string;
  private readonly realDirectories = new Map<string, string | undefined>();
  /**
   * Whether a path it resolved may lead through a symbolic link (a linked file or directory, or a
   * directory it could not resolve, which may be a broken link): what such a path names then
   * changes when the link's target does, and a watcher reports the target's path, not the link's.
   */
  resolvedThroughLinks = false;
  /** The path `stat` resolved last: the rules stat a handler and then read it, which takes one lstat, not two. */
  private lastResolved: { relativePath: string; resolved: Resolved } | undefined;

  constructor(readonly root: string) {
    this.realRoot = realpathOrUndefined(root) ?? path.resolve(root);
  }

  stat(relativePath: string): FileKind {
    const resolved = this.resolveInside(relativePath);
    this.lastResolved = { relativePath, resolved };
    if (resolved.kind !== 'inside') return resolved.kind;
    return kindOf(resolved.stats);
  }

  readText(relativePath: string): FileRead {
    const resolved = this.resolveAgain(relativePath);
    if (resolved.kind !== 'inside') return { kind: resolved.kind };
    // The real path, and the lstat it was resolved with: a link or a FIFO that appears there after
    // the check is not followed (O_NOFOLLOW) nor read (the open never blocks, and fstat is checked).
    return readRegularFile(resolved.path, maxReadBytes, { lstat: resolved.stats });
  }

  /**
   * Whether a quick fix may create a file at a plugin-relative path: `free` when nothing is there
   * and every folder on the way that exists is a real folder inside the plugin folder (the missing
   * ones would be made inside it); `exists` when something is there; `outside` when a folder on the
   * way is a link (dangling, or out of the folder) or not a folder, so a CreateFile could land
   * elsewhere.
   */
  creatable(relativePath: string): 'free' | 'exists' | 'outside' {
    const joined = path.resolve(this.realRoot, relativePath);
    if (joined === this.realRoot || !isInside(this.realRoot, joined)) return 'outside';
    const parts = path.relative(this.realRoot, joined).split(path.sep);
    let current = this.realRoot;
    for (let i = 0; i < parts.length; i++) {
      current = path.join(current, parts[i]);
      let stats: fs.Stats;
      try {
        stats = fs.lstatSync(current);
      } catch (error) {
        // Nothing there: this and what follows would be made here, inside the folder.
        return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'free' : 'outside';
      }
      const last = i === parts.length - 1;
      if (stats.isSymbolicLink()) {
        const real = realpathOrUndefined(current);
        if (real === undefined || !isInside(this.realRoot, real)) return 'outside';
        if (last) return 'exists';
        if (!fs.statSync(real, { throwIfNoEntry: false })?.isDirectory()) return 'outside';
        current = real;
      } else if (last) {
        return 'exists';
      } else if (!stats.isDirectory()) {
        return 'outside';
      }
    }
    return 'exists';
  }

  /**
   * What a path names, with a signature of its stats (identity, size, times) that changes when the
   * file does: a host that cannot watch the folder checks what it remembers against it.
   */
  statSignature(relativePath: string): { kind: FileKind; signature: string } {
    const resolved = this.resolveInside(relativePath);
    if (resolved.kind !== 'inside') return { kind: resolved.kind, signature: resolved.kind };
    const { stats } = resolved;
    const kind = kindOf(stats);
    return { kind, signature: `${kind}:${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}` };
  }

  /** The resolution `stat` just made of this path (used once), or a new one. */
  private resolveAgain(relativePath: string): Resolved {
    const last = this.lastResolved;
    this.lastResolved = undefined;
    return last?.relativePath === relativePath ? last.resolved : this.resolveInside(relativePath);
  }

  /** The real path and stats of a plugin-relative path, if it exists and stays inside the folder. */
  private resolveInside(relativePath: string): Resolved {
    const joined = path.resolve(this.realRoot, relativePath);
    if (!isInside(this.realRoot, joined)) return { kind: 'outside' };
    if (joined === this.realRoot) return this.inspect(joined);
    const directory = path.dirname(joined);
    if (!this.realDirectories.has(directory)) this.realDirectories.set(directory, realpathOrUndefined(directory));
    const realDirectory = this.realDirectories.get(directory);
    if (realDirectory !== directory) this.resolvedThroughLinks = true;
    if (realDirectory === undefined) return { kind: this.leadsOutside(directory) ? 'outside' : 'missing' };
    if (!isInside(this.realRoot, realDirectory)) return { kind: 'outside' };
    return this.inspect(path.join(realDirectory, path.basename(joined)));
  }

  /** Whether the deepest folder of `directory` that exists (a missing one does not) really lies outside the folder: a linked folder with missing subfolders. */
  private leadsOutside(directory: string): boolean {
    for (let ancestor = path.dirname(directory); isInside(this.realRoot, ancestor) && ancestor !== this.realRoot; ancestor = path.dirname(ancestor)) {
      const real = realpathOrUndefined(ancestor);
      if (real !== undefined) return !isInside(this.realRoot, real);
    }
    return false;
  }

  /** lstat, following a symlink only to check where it leads. */
  private inspect(candidate: string): Resolved {
    let stats: fs.Stats;
    try {
      stats = fs.lstatSync(candidate);
    } catch {
      return { kind: 'missing' };
    }
    if (!stats.isSymbolicLink()) return { kind: 'inside', path: candidate, stats };
    this.resolvedThroughLinks = true;
    const real = realpathOrUndefined(candidate);
    if (real === undefined) return { kind: 'missing' };
    if (!isInside(this.realRoot, real)) return { kind: 'outside' };
    try {
      return { kind: 'inside', path: real, stats: fs.statSync(real) };
    } catch {
      return { kind: 'missing' };
    }
  }
}

function kindOf(stats: fs.Stats): FileKind {
  return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
}
