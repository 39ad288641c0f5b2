import * as fs from 'node:fs';
import * as path from 'node:path';
import { manifestFileName, type FileRead, type Recognition } from '../engine';
import { walkFolderSync } from '../host/folderWalk';
import { maxManifestMegabytes, readRegularFile } from '../host/safeRead';
import { describeUnread } from '../lsp/host';

/** A path the user named that cannot be checked: reported in one line, exit code 2. */
export class PathError extends Error {}

/** The display name of the manifest read from standard input. */
const stdinName = '<stdin>';

/** A manifest to check: `path` is absolute, or undefined for stdin. */
export interface ManifestInput {
  absolutePath: string | undefined;
  text: string;
}

/**
 * How the user reached a manifest file: `named` it (a link there is followed), named the folder it is
 * the `folder-root` manifest of, or a folder search `found` it below a folder named.
 */
export type ManifestOrigin = 'named' | 'folder-root' | 'found';

/**
 * As in the editor, a manifest.json that a folder search finds is checked only when it looks like a
 * Filer manifest, but a file named on the command line always is (with a note when it does not look
 * like one), and so is the manifest.json of a folder named, unless it is plainly another kind (a
 * browser-extension or web-app manifest): a plugin broken enough not to look like one is still the
 * plugin the user asked about.
 */
export function isChecked(origin: ManifestOrigin, recognition: Recognition): boolean {
  return origin === 'named' || (origin === 'folder-root' && recognition.anotherKind === undefined);
}

/** A manifest file to read. */
interface ManifestPath {
  absolutePath: string;
  origin: ManifestOrigin;
  /** Whether the user named this very file (a link there is followed). */
  named: boolean;
}

/** A folder named on the command line, as typed, and the manifest files found in it (each also in `paths`). */
export interface SearchedFolder {
  argument: string;
  files: ManifestPath[];
}

/** The nearer the user named a file, the more it is theirs: a file found twice keeps the nearest origin. */
const originRank: Record<ManifestOrigin, number> = { named: 0, 'folder-root': 1, found: 2 };

/**
 * The manifest files the command-line paths name, in argument order, each once: a file is taken as
 * named; a folder is searched for manifest.json below it, skipping node_modules, dot-folders and
 * symbolic links (a dot-folder named explicitly, such as `.`, is searched). `-` is kept as is for
 * stdin. A path that cannot be searched (a folder that cannot be listed) is an error that names it,
 * and the search goes on with the rest.
 */
export function resolveManifestPaths(
  inputs: string[],
  cwd: string,
): { paths: (ManifestPath | '-')[]; folders: SearchedFolder[]; errors: PathError[] } {
  const paths: (ManifestPath | '-')[] = [];
  const folders: SearchedFolder[] = [];
  const seen = new Map<string, ManifestPath>();
  const errors: PathError[] = [];
  const add = (file: string, origin: ManifestOrigin): ManifestPath => {
    const earlier = seen.get(file);
    if (earlier) {
      if (originRank[origin] < originRank[earlier.origin]) {
        earlier.origin = origin;
        earlier.named = origin === 'named';
      }
      return earlier;
    }
    const added = { absolutePath: file, origin, named: origin === 'named' };
    seen.set(file, added);
    paths.push(added);
    return added;
  };
  for (const input of inputs) {
    if (input === '-') {
      if (!paths.includes('-')) paths.push('-');
      continue;
    }
    const absolute = path.resolve(cwd, input);
    try {
      const stats = fs.statSync(absolute);
      if (stats.isFile()) add(absolute, 'named');
      else if (stats.isDirectory()) {
        const errorsBefore = errors.length;
        const found = findBelow(absolute, input, errors);
        if (found.length === 0 && errors.length === errorsBefore) {
          throw new PathError(
            `${input}: no ${manifestFileName} in this folder or below it (node_modules and dot-folders are skipped).`,
          );
        }
        const root = path.join(absolute, manifestFileName);
        const files = found.map((file) => add(file, file === root ? 'folder-root' : 'found'));
        folders.push({ argument: input, files });
      } else throw new PathError(`${input}: not a file or a folder.`);
    } catch (error) {
      errors.push(error instanceof PathError ? error : new PathError(`${input}: ${describeFsError(error)}.`));
    }
  }
  return { paths, folders, errors };
}

/**
 * Depth first, in name order (host/folderWalk.ts): a folder's manifest.json before those below it;
 * symbolic links are never followed, neither to a folder (a link cycle cannot make the search endless)
 * nor to a manifest.json (it could name any file). A folder that cannot be listed is named as the user
 * would write it (`shownAs` and the path below it).
 */
function findBelow(folder: string, shownAs: string, errors: PathError[]): string[] {
  const found: string[] = [];
  walkFolderSync(
    [folder],
    { order: 'depth-first' },
    {
      file: (file) => {
        if (file.name === manifestFileName) found.push(file.absolutePath);
      },
      unreadable: (unread, error) => {
        const shown = unread.relative ? path.join(shownAs, unread.relative) : shownAs;
        errors.push(new PathError(`${shortened(shown)}: the folder cannot be listed (${describeFsError(error)}).`));
      },
    },
  );
  return found;
}

/**
 * Reads one manifest as the language server does (server/src/host/safeRead.ts): a regular file of at
 * most maxManifestMegabytes, never a FIFO or a device, and a link only where the user named it. A
 * failure names the path as the user would recognize it.
 */
export function readManifest(file: ManifestPath, cwd: string): ManifestInput {
  const read = readRegularFile(file.absolutePath, maxManifestMegabytes * 1024 * 1024, { followLink: file.named });
  if (read.kind === 'text') return { absolutePath: file.absolutePath, text: read.text };
  throw new PathError(`${displayPath(file.absolutePath, cwd)}: cannot be read (${whyUnread(read)}).`);
}

/** Why a manifest (or a base's) cannot be read, in words for the message: the size limit when it is over it. */
export function whyUnread(read: Exclude<FileRead, { kind: 'text' }>): string {
  return read.kind === 'too-large'
    ? `${describeUnread(read)}: the limit is ${maxManifestMegabytes} MB`
    : describeUnread(read);
}

/**
 * One manifest from stdin, under the limit a file has: past maxManifestMegabytes the reading stops
 * (what follows is never held) and stdin is named as a file that large would be.
 */
export async function readStdin(): Promise<ManifestInput> {
  const maxBytes = maxManifestMegabytes * 1024 * 1024;
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of process.stdin) {
    length += (chunk as Buffer).length;
    if (length > maxBytes) {
      process.stdin.destroy();
      throw new PathError(
        `${stdinName}: cannot be read (more than ${maxManifestMegabytes} MB, too large to read: the limit is ${maxManifestMegabytes} MB).`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  return { absolutePath: undefined, text: Buffer.concat(chunks).toString('utf8') };
}

/** A manifest's path as shown in reports: relative to the working folder when below it. */
export function displayPath(file: string | undefined, cwd: string): string {
  if (file === undefined) return stdinName;
  return pathBelow(cwd, file) ?? file;
}

/** The path of `file` relative to `folder` when it lies below it, else undefined. */
export function pathBelow(folder: string, file: string): string | undefined {
  const relative = path.relative(folder, file);
  const outside =
    relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  return outside ? undefined : relative;
}

/** A path of thousands of characters (a tree that deep) as one readable line: its start and its end. */
function shortened(shown: string): string {
  return shown.length <= 200 ? shown : `${shown.slice(0, 100)}…${shown.slice(-60)} (${shown.length} characters)`;
}

function describeFsError(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'ENAMETOOLONG':
      return 'the path is too long';
    default:
      return (error as Error).message;
  }
}
