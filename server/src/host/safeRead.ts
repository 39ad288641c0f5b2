import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FileRead } from '../engine';

export { maxManifestMegabytes } from '../lsp/host';

/**
 * The one way the server and the CLI read a file from disk (a manifest, a schema, a handler):
 * lstat first (or what the caller just learnt, `lstat`), and only a regular file is opened, never a symbolic link
 * (unless `followLink`), a
 * folder, a device or a FIFO; its size is checked before a byte is read; the open itself never
 * blocks (O_NONBLOCK: should the path become a FIFO between the lstat and the open, fstat says so
 * and it is closed unread) and never follows a link put there meanwhile (O_NOFOLLOW).
 */
export function readRegularFile(
  file: string,
  maxBytes: number,
  options: { followLink?: boolean; lstat?: fs.Stats | 'regular file' } = {},
): FileRead {
  let target = file;
  // `lstat`: what the caller just learnt of `file`, its own lstat or its directory's listing (a type
  // without a size: the fstat below checks the size before a byte is read).
  if (options.lstat !== 'regular file') {
    let stats: fs.Stats;
    try {
      stats = options.lstat ?? fs.lstatSync(target);
      if (stats.isSymbolicLink()) {
        if (!options.followLink) return { kind: 'outside' };
        target = fs.realpathSync.native(target);
        stats = fs.lstatSync(target);
      }
    } catch (error) {
      return failure(error);
    }
    const kind = unusable(stats);
    if (kind) return kind;
    if (stats.size > maxBytes) return { kind: 'too-large', size: stats.size };
  }
  let fd: number;
  try {
    fd = fs.openSync(target, openFlags);
  } catch (error) {
    return failure(error);
  }
  try {
    const opened = fs.fstatSync(fd);
    const changed = unusable(opened);
    if (changed) return changed;
    if (opened.size > maxBytes) return { kind: 'too-large', size: opened.size };
    // At most maxBytes + 1: a file that grew after the fstat is too large, not read whole. The size
    // fstat gave, once read, is the file (no read more to meet its end: half the reads of a fresh
    // open), unless it is the limit itself, where one byte more says it grew past it.
    const buffer = Buffer.allocUnsafe(Math.min(opened.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const read = fs.readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > maxBytes) return { kind: 'too-large', size: length };
      if (length === buffer.length || (length === opened.size && length < maxBytes)) break;
    }
    return { kind: 'text', text: buffer.toString('utf8', 0, length) };
  } catch (error) {
    return failure(error);
  } finally {
    fs.closeSync(fd);
  }
}

/** Never blocks on a FIFO or a device, never follows a link (where the system has these flags). */
const openFlags = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOFOLLOW ?? 0);

/**
 * A file that must lie inside `root` (a workspace folder, a plugin folder) as it really is on disk:
 * its folder is resolved, and if that leads out of `root` (a linked folder) the file is not opened.
 * The file itself is read by readRegularFile, so a link in its place is not followed either.
 */
export function readFileInside(root: string, file: string, maxBytes: number): FileRead {
  const realRoot = realpathOrUndefined(root) ?? path.resolve(root);
  const realFolder = realpathOrUndefined(path.dirname(path.resolve(file)));
  if (realFolder === undefined) return { kind: 'missing' };
  if (!isInside(realRoot, realFolder)) return { kind: 'outside' };
  return readRegularFile(path.join(realFolder, path.basename(file)), maxBytes);
}

/** Both paths are absolute and normalized, so a prefix check is enough (and cheap: it runs per file). */
export function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

export function realpathOrUndefined(target: string): string | undefined {
  try {
    return fs.realpathSync.native(target);
  } catch {
    return undefined;
  }
}

function unusable(stats: fs.Stats): FileRead | undefined {
  if (stats.isDirectory()) return { kind: 'not-a-file', what: 'directory' };
  if (!stats.isFile()) return { kind: 'not-a-file', what: 'other' };
  return undefined;
}

function failure(error: unknown): FileRead {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
  // O_NOFOLLOW met a link that replaced the file after the lstat.
  if (code === 'ELOOP') return { kind: 'outside' };
  if (code === 'EACCES' || code === 'EPERM') return { kind: 'unreadable', reason: 'permission denied' };
  return { kind: 'unreadable', reason: (error as Error).message };
}
