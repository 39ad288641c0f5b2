import * as fs from 'node:fs';

import type { FileStamp } from '../lsp/host';

/** The stamp of the file at `filePath` (a link followed); undefined when nothing is there or it cannot be stat'ed. */
export function fileStamp(filePath: string): FileStamp | undefined {
  try {
    const stats = fs.statSync(filePath, { throwIfNoEntry: false });
    return stats && stampOf(stats);
  } catch {
    return undefined;
  }
}

/** The same, without blocking: for a scan over many files. */
export async function fileStampAsync(filePath: string): Promise<FileStamp | undefined> {
  try {
    return stampOf(await fs.promises.stat(filePath));
  } catch {
    return undefined;
  }
}

/** Whether anything is at `filePath`, itself (a link counts, dangling or not). */
export function pathExists(filePath: string): boolean {
  try {
    return fs.lstatSync(filePath, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

function stampOf(stats: fs.Stats): FileStamp {
  return { isFile: stats.isFile(), ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs };
}
