import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FileKind, FileRead, PluginFolder } from '../engine';

/** Files larger than this are not read (a tool schema is a few KB). */
export const maxReadBytes = 2 * 1024 * 1024;

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

  constructor(readonly root: string) {
    this.realRoot = safeRealpath(root) ?? path.resolve(root);
  }

  stat(relativePath: string): FileKind {
    const resolved = this.resolveInside(relativePath);
    if (resolved.kind !== 'inside') return resolved.kind;
    return kindOf(resolved.stats);
  }

  readText(relativePath: string): FileRead {
    const resolved = this.resolveInside(relativePath);
    if (resolved.kind !== 'inside') return { kind: resolved.kind };
    const { stats } = resolved;
    if (stats.isDirectory()) return { kind: 'not-a-file', what: 'directory' };
    if (!stats.isFile()) return { kind: 'not-a-file', what: 'other' };
    if (stats.size > maxReadBytes) return { kind: 'too-large', size: stats.size };
    try {
      return { kind: 'text', text: fs.readFileSync(resolved.path, 'utf8') };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return { kind: 'missing' };
      return { kind: 'unreadable', reason: code === 'EACCES' ? 'permission denied' : (error as Error).message };
    }
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

  /** The real path and stats of a plugin-relative path, if it exists and stays inside the folder. */
  private resolveInside(relativePath: string): Resolved {
    const joined = path.resolve(this.realRoot, relativePath);
    if (!isInside(this.realRoot, joined)) return { kind: 'outside' };
    if (joined === this.realRoot) return this.inspect(joined);
    const directory = path.dirname(joined);
    if (!this.realDirectories.has(directory)) this.realDirectories.set(directory, safeRealpath(directory));
    const realDirectory = this.realDirectories.get(directory);
    if (realDirectory !== directory) this.resolvedThroughLinks = true;
    if (realDirectory === undefined) return { kind: 'missing' };
    if (!isInside(this.realRoot, realDirectory)) return { kind: 'outside' };
    return this.inspect(path.join(realDirectory, path.basename(joined)));
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
    const real = safeRealpath(candidate);
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

/** Both paths are absolute and normalized, so a prefix check is enough (and cheap: it runs per file). */
function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

function safeRealpath(target: string): string | undefined {
  try {
    return fs.realpathSync.native(target);
  } catch {
    return undefined;
  }
}
