import * as fs from 'node:fs';
import * as path from 'node:path';
import { walk, type Listing, type ListedEntry, type WalkOptions, type WalkVisitor } from '../lsp/host';

export type { WalkOptions, WalkVisitor } from '../lsp/host';
export { isSkippedFolder } from '../lsp/host';

/**
 * The one way the server and the CLI walk a folder tree: entries in name order; symbolic links are
 * never followed, neither to a folder (a link may leave the folder, or make a cycle) nor to a file;
 * node_modules and dot-folders are skipped; no recursion, so a tree thousands of folders deep is
 * walked (and a folder whose path the system refuses is reported through `unreadable`).
 */
export function walkFolderSync(roots: string[], options: WalkOptions, visitor: WalkVisitor): void {
  const walker = walk(roots, options, visitor, prefixOf);
  for (let step = walker.next(); !step.done; step = walker.next(listSync(step.value))) {
    // Each step lists the folder the walk asks for.
  }
}

/** walkFolderSync, listing with fs.promises so that a large tree does not block the event loop. */
export async function walkFolder(roots: string[], options: WalkOptions, visitor: WalkVisitor): Promise<void> {
  const walker = walk(roots, options, visitor, prefixOf);
  for (let step = walker.next(); !step.done; step = walker.next(await listAsync(step.value))) {
    // Each step lists the folder the walk asks for.
  }
}

/**
 * The names of the regular files in one folder (no symbolic link among them: an entry's type is its
 * own, never its target's), from one listing; undefined when it cannot be listed or holds more than
 * `maxEntries` entries.
 */
export function regularFileNames(folder: string, maxEntries: number): Set<string> | undefined {
  const names = new Set<string>();
  let directory: fs.Dir | undefined;
  try {
    directory = fs.opendirSync(folder);
    for (let entry = directory.readSync(), count = 1; entry; entry = directory.readSync(), count++) {
      if (count > maxEntries) return undefined;
      if (entry.isFile()) names.add(entry.name);
    }
    return names;
  } catch {
    return undefined;
  } finally {
    directory?.closeSync();
  }
}

const prefixOf = (folder: string): string => path.join(folder, path.sep);

function entriesOf(dirents: fs.Dirent[]): ListedEntry[] {
  // A Dirent of a symbolic link is neither a directory nor a file: links are never followed.
  return dirents.map((entry) => ({
    name: entry.name,
    kind: entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : 'other',
  }));
}

function listSync(folder: string): Listing {
  try {
    return { entries: entriesOf(fs.readdirSync(folder, { withFileTypes: true })) };
  } catch (error) {
    return { error };
  }
}

async function listAsync(folder: string): Promise<Listing> {
  try {
    return { entries: entriesOf(await fs.promises.readdir(folder, { withFileTypes: true })) };
  } catch (error) {
    return { error };
  }
}
