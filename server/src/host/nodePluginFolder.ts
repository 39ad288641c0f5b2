import * as fs from 'node:fs';
import * as path from 'node:path';
import { detachedCopy, type FileKind, type FileRead, type PluginFolder } from '../engine';
import { regularFileNames } from './folderWalk';
import { isInside, maxManifestMegabytes, readRegularFile, realpathOrUndefined } from './safeRead';

/**
 * Files larger than a manifest's limit are not read at all; the engine checks less of a handler or a prompt
 * (checkedBytes, engine/folder/referencedFiles.ts).
 */
const maxReadBytes = maxManifestMegabytes * 1024 * 1024;

/**
 * Where a path really is inside the folder, with its lstat, or none when its directory listing says it is a regular
 * file.
 */
type Resolved = { kind: 'inside'; absolutePath: string; stats: fs.Stats | undefined } | { kind: 'missing' | 'outside' };

/** A directory with more entries than this is not listed: each of its files is looked up with its own lstat. */
const maxListedEntries = 100_000;

/**
 * The plugin folder on disk, read-only. Every path is resolved against the folder and, after
 * following symlinks, must still lie inside it: nothing outside the plugin folder is ever read.
 * One instance sees the folder as it was when it first looked: the real path of each directory is
 * remembered, and so are the regular files each holds (a plugin's thousands of files sit in a few
 * directories): a file named there costs no lstat, only its open when it is read; any other path
 * (a link, a folder, one not listed) one lstat.
 */
export class NodePluginFolder implements PluginFolder {
  private readonly realRoot: string;
  /**
   * `realRoot` and a separator: a plain relative path (see isPlainRelativePath) appended to it is its resolved form.
   */
  private readonly rootPrefix: string;
  /** Each directory a path was resolved in, by its absolute path as joined. */
  private readonly directories = new Map<string, Directory>();
  /** The same directories, by their plugin-relative path (`tools`, `''` for the root), for plain paths. */
  private readonly relativeDirectories = new Map<string, Directory>();
  /**
   * The names of the regular files in each real directory, as one listing saw them (host/folderWalk.ts); undefined when
   * it could not be listed.
   */
  private readonly regularFiles = new Map<string, Set<string> | undefined>();
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
    this.rootPrefix = this.realRoot.endsWith(sep) ? this.realRoot : this.realRoot + sep;
  }

  stat(relativePath: string): FileKind {
    const resolved = this.resolveInside(relativePath);
    this.lastResolved = { relativePath, resolved };
    if (resolved.kind !== 'inside') return resolved.kind;
    return resolved.stats ? kindOf(resolved.stats) : 'file';
  }

  readText(relativePath: string): FileRead {
    const resolved = this.resolveAgain(relativePath);
    if (resolved.kind !== 'inside') return { kind: resolved.kind };
    // The real path, and the lstat or the listing it was resolved with: a link or a FIFO that appears
    // there after the check is not followed (O_NOFOLLOW) nor read (the open never blocks, and fstat is checked).
    return readRegularFile(resolved.absolutePath, maxReadBytes, { lstat: resolved.stats ?? 'regular file' });
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
    const resolved = this.resolveInside(relativePath, false);
    if (resolved.kind !== 'inside') return { kind: resolved.kind, signature: resolved.kind };
    // Resolved without the listings, the stats are always there.
    const stats = resolved.stats!;
    const kind = kindOf(stats);
    return { kind, signature: `${kind}:${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}` };
  }

  /** The resolution `stat` just made of this path (used once), or a new one. */
  private resolveAgain(relativePath: string): Resolved {
    const last = this.lastResolved;
    this.lastResolved = undefined;
    return last?.relativePath === relativePath ? last.resolved : this.resolveInside(relativePath);
  }

  /**
   * The real path and stats of a plugin-relative path, if it exists and stays inside the folder; `listed`: a file its
   * directory lists as regular is not lstat'ed.
   */
  private resolveInside(relativePath: string, listed = true): Resolved {
    // A plain path (most are: `tools/a.schema.json`) is the root's prefix and itself once resolved: its
    // directory is found by its relative name, with no path.resolve, dirname, basename or join per file.
    if (isPlainRelativePath(relativePath)) {
      const slash = relativePath.lastIndexOf('/');
      const relativeDirectory = slash < 0 ? '' : relativePath.slice(0, slash);
      let directory = this.relativeDirectories.get(relativeDirectory);
      if (!directory) {
        // Kept: a copy, not a view of the manifest's text.
        const kept = detachedCopy(relativeDirectory);
        directory = this.directory(slash < 0 ? this.realRoot : this.rootPrefix + kept);
        this.relativeDirectories.set(kept, directory);
      }
      return this.resolveIn(directory, slash < 0 ? relativePath : relativePath.slice(slash + 1), listed);
    }
    const joined = path.resolve(this.realRoot, relativePath);
    if (!isInside(this.realRoot, joined)) return { kind: 'outside' };
    if (joined === this.realRoot) return this.inspect(joined);
    return this.resolveIn(this.directory(path.dirname(joined)), path.basename(joined), listed);
  }

  /** `name` (one path segment, never `.` or `..`) in a directory a path led to. */
  private resolveIn(directory: Directory, name: string, listed: boolean): Resolved {
    const { real } = directory;
    if (real !== directory.absolutePath) this.resolvedThroughLinks = true;
    if (real === undefined) return { kind: this.leadsOutside(directory.absolutePath) ? 'outside' : 'missing' };
    if (!directory.inside) return { kind: 'outside' };
    const file = real.endsWith(sep) ? real + name : real + sep + name;
    if (listed && this.regularFilesIn(directory)?.has(name))
      return { kind: 'inside', absolutePath: file, stats: undefined };
    return this.inspect(file);
  }

  /** A directory by its absolute path as joined: its real path, resolved once. */
  private directory(joined: string): Directory {
    let directory = this.directories.get(joined);
    if (!directory) {
      const real = realpathOrUndefined(joined);
      directory = { absolutePath: joined, real, inside: real !== undefined && isInside(this.realRoot, real) };
      this.directories.set(joined, directory);
    }
    return directory;
  }

  /** One listing per directory (its entries' types come with it, no link followed), so its files need no lstat each. */
  private regularFilesIn(directory: Directory): Set<string> | undefined {
    if (directory.regularFiles === undefined) {
      const real = directory.real!;
      if (!this.regularFiles.has(real)) this.regularFiles.set(real, regularFileNames(real, maxListedEntries));
      directory.regularFiles = this.regularFiles.get(real) ?? null;
    }
    return directory.regularFiles ?? undefined;
  }

  /**
   * Whether the deepest folder of `directory` that exists (a missing one does not) really lies outside the folder: a
   * linked folder with missing subfolders.
   */
  private leadsOutside(directory: string): boolean {
    for (
      let ancestor = path.dirname(directory);
      isInside(this.realRoot, ancestor) && ancestor !== this.realRoot;
      ancestor = path.dirname(ancestor)
    ) {
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
    if (!stats.isSymbolicLink()) return { kind: 'inside', absolutePath: candidate, stats };
    this.resolvedThroughLinks = true;
    const real = realpathOrUndefined(candidate);
    if (real === undefined) return { kind: 'missing' };
    if (!isInside(this.realRoot, real)) return { kind: 'outside' };
    try {
      return { kind: 'inside', absolutePath: real, stats: fs.statSync(real) };
    } catch {
      return { kind: 'missing' };
    }
  }
}

/** A directory paths were resolved in. */
interface Directory {
  /** Absolute, as joined from the root and the relative path (not resolved). */
  absolutePath: string;
  /** Its real path; undefined when it cannot be resolved (missing, or a broken link). */
  real: string | undefined;
  /** Whether `real` lies inside the plugin folder. */
  inside: boolean;
  /** The regular files its one listing names; null when it could not be listed; undefined until asked. */
  regularFiles?: Set<string> | null;
}

/**
 * A relative path that path.resolve would only append to the root: segments separated by single
 * slashes, none empty, `.` or `..` (and only where `/` is the one separator): the root's
 * prefix and the path are then its resolved form, inside the root. Any other path takes path.resolve.
 */
export function isPlainRelativePath(relativePath: string): boolean {
  // Where `\\` separates too (Windows), every path takes path.resolve.
  return sep === '/' && relativePath !== '' && !notPlain.test(relativePath);
}

/** Read once: the module's bindings are getters in the bundle, which cost per call in code that runs per file. */
const sep = path.sep;

/** A leading or trailing slash, two in a row, a `.` or `..` segment, or a NUL. */
const notPlain = /^\/|\/\/|\/$|(?:^|\/)\.\.?(?:\/|$)|\0/;

function kindOf(stats: fs.Stats): FileKind {
  return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
}
