import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FileKind, FileRead, PluginFolder } from '../engine';

/** Files larger than this are not read (a tool schema is a few KB). */
export const maxReadBytes = 2 * 1024 * 1024;

/**
 * The plugin folder on disk, read-only. Every path is resolved against the folder and, after
 * following symlinks, must still lie inside it: nothing outside the plugin folder is ever read.
 */
export class NodePluginFolder implements PluginFolder {
  private readonly realRoot: string;

  constructor(readonly root: string) {
    this.realRoot = safeRealpath(root) ?? path.resolve(root);
  }

  stat(relativePath: string): FileKind {
    const resolved = this.resolveInside(relativePath);
    if (resolved.kind !== 'inside') return resolved.kind;
    try {
      const stats = fs.statSync(resolved.path);
      return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
    } catch {
      return 'missing';
    }
  }

  readText(relativePath: string): FileRead {
    const resolved = this.resolveInside(relativePath);
    if (resolved.kind !== 'inside') return { kind: resolved.kind };
    try {
      const stats = fs.statSync(resolved.path);
      if (stats.isDirectory()) return { kind: 'not-a-file', what: 'directory' };
      if (!stats.isFile()) return { kind: 'not-a-file', what: 'other' };
      if (stats.size > maxReadBytes) return { kind: 'too-large', size: stats.size };
      return { kind: 'text', text: fs.readFileSync(resolved.path, 'utf8') };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return { kind: 'missing' };
      return { kind: 'unreadable', reason: code === 'EACCES' ? 'permission denied' : (error as Error).message };
    }
  }

  /** The real path of a plugin-relative path, if it exists and stays inside the folder. */
  private resolveInside(relativePath: string): { kind: 'inside'; path: string } | { kind: 'missing' | 'outside' } {
    const joined = path.resolve(this.realRoot, relativePath);
    if (!isInside(this.realRoot, joined)) return { kind: 'outside' };
    const real = safeRealpath(joined);
    if (real === undefined) return { kind: 'missing' };
    return isInside(this.realRoot, real) ? { kind: 'inside', path: real } : { kind: 'outside' };
  }
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function safeRealpath(target: string): string | undefined {
  try {
    return fs.realpathSync(target);
  } catch {
    return undefined;
  }
}
