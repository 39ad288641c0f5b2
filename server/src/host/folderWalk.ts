import * as fs from 'node:fs';
import * as path from 'node:path';

/** A folder or a file the walk reached. */
interface WalkedPath {
  /** Absolute. */
  absolutePath: string;
  /** Below the root it was found under, `/`-separated (`''` for the root itself). */
  relative: string;
  /** 0 for a root, 1 for what it holds, … */
  depth: number;
}

export interface WalkOptions {
  /**
   * `depth-first`: a folder's files, then each of its folders (in name order) wholly; `breadth-first`: level by level.
   */
  order: 'depth-first' | 'breadth-first';
  /** Folders this deep or deeper are not listed (they are still offered to `enter`); no bound by default. */
  listDepth?: number;
  /** At most this many folders are listed (across all roots); no bound by default. */
  maxFolders?: number;
}

export interface WalkVisitor {
  /**
   * A folder about to be listed (a root too): `skip` leaves it (and what it holds) out. Also called
   * for a folder at `listDepth`, which is not listed whatever the answer.
   */
  enter?(folder: WalkedPath): 'list' | 'skip';
  /** A regular file (never a symbolic link); `stop` ends the walk. */
  file?(file: WalkedPath & { name: string }): 'stop' | void;
  /** A folder that could not be listed; the walk goes on with the others. */
  unreadable?(folder: WalkedPath, error: unknown): void;
}

/** node_modules and dot-folders are never entered (a root is, whatever its name). */
export function isSkippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/**
 * The one way the server and the CLI walk a folder tree: entries in name order; symbolic links are
 * never followed, neither to a folder (a link may leave the folder, or make a cycle) nor to a file;
 * node_modules and dot-folders are skipped; no recursion, so a tree thousands of folders deep is
 * walked (and a folder whose path the system refuses is reported through `unreadable`).
 */
export function walkFolderSync(roots: string[], options: WalkOptions, visitor: WalkVisitor): void {
  const walker = walk(roots, options, visitor);
  for (let step = walker.next(); !step.done; step = walker.next(listSync(step.value))) {
    // Each step lists the folder the walk asks for.
  }
}

/** walkFolderSync, listing with fs.promises so that a large tree does not block the event loop. */
export async function walkFolder(roots: string[], options: WalkOptions, visitor: WalkVisitor): Promise<void> {
  const walker = walk(roots, options, visitor);
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

type Listing = { entries: fs.Dirent[] } | { error: unknown };

function listSync(folder: string): Listing {
  try {
    return { entries: fs.readdirSync(folder, { withFileTypes: true }) };
  } catch (error) {
    return { error };
  }
}

async function listAsync(folder: string): Promise<Listing> {
  try {
    return { entries: await fs.promises.readdir(folder, { withFileTypes: true }) };
  } catch (error) {
    return { error };
  }
}

/** The walk itself: yields each folder to list, and is given its entries. */
function* walk(roots: string[], options: WalkOptions, visitor: WalkVisitor): Generator<string, void, Listing> {
  const pending: WalkedPath[] = roots.map((root) => ({ absolutePath: root, relative: '', depth: 0 }));
  if (options.order === 'depth-first') pending.reverse();
  const listDepth = options.listDepth ?? Infinity;
  const maxFolders = options.maxFolders ?? Infinity;
  let listed = 0;
  while (pending.length > 0 && listed < maxFolders) {
    const folder = options.order === 'depth-first' ? pending.pop()! : pending.shift()!;
    if (visitor.enter?.(folder) === 'skip' || folder.depth >= listDepth) continue;
    listed++;
    const listing = yield folder.absolutePath;
    if ('error' in listing) {
      visitor.unreadable?.(folder, listing.error);
      continue;
    }
    const entries = listing.entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const below: WalkedPath[] = [];
    // An entry's name is one segment (never `.` or `..`): the folder's normalized path and a separator,
    // then the name, is path.join's answer, made without normalizing each of thousands of paths again.
    const prefix = folder.absolutePath === '' ? '' : path.join(folder.absolutePath, path.sep);
    const relativePrefix = folder.relative ? `${folder.relative}/` : '';
    const depth = folder.depth + 1;
    for (const entry of entries) {
      const name = entry.name;
      // A Dirent of a symbolic link is neither a directory nor a file: links are never followed.
      if (entry.isDirectory()) {
        if (!isSkippedFolder(name)) below.push({ absolutePath: prefix + name, relative: relativePrefix + name, depth });
      } else if (
        entry.isFile() &&
        visitor.file?.({ absolutePath: prefix + name, relative: relativePrefix + name, depth, name }) === 'stop'
      ) {
        return;
      }
    }
    if (options.order === 'depth-first') pending.push(...below.reverse());
    else pending.push(...below);
  }
}
