import * as fs from 'node:fs';
import * as path from 'node:path';

/** A path the user named that cannot be checked: reported in one line, exit code 2. */
export class PathError extends Error {}

/** The display name of the manifest read from standard input. */
export const stdinName = '<stdin>';

export const manifestFileName = 'manifest.json';

/** A manifest to check: `path` is absolute, or undefined for stdin. */
export interface ManifestInput {
  path: string | undefined;
  text: string;
}

/**
 * The manifest files the command-line paths name, in argument order, each once: a file is taken as
 * named; a folder is searched for manifest.json below it, skipping node_modules and dot-folders
 * (a dot-folder named explicitly, such as `.`, is searched). `-` is kept as is for stdin.
 */
export function resolveManifestPaths(inputs: string[], cwd: string): { paths: (string | '-')[]; errors: PathError[] } {
  const paths: (string | '-')[] = [];
  const seen = new Set<string>();
  const errors: PathError[] = [];
  const add = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    paths.push(file);
  };
  for (const input of inputs) {
    if (input === '-') {
      add('-');
      continue;
    }
    const absolute = path.resolve(cwd, input);
    try {
      const stats = fs.statSync(absolute);
      if (stats.isFile()) add(absolute);
      else if (stats.isDirectory()) {
        const found = findBelow(absolute, input);
        if (found.length === 0) {
          throw new PathError(`${input}: no ${manifestFileName} in this folder or below it (node_modules and dot-folders are skipped).`);
        }
        found.forEach(add);
      } else throw new PathError(`${input}: not a file or a folder.`);
    } catch (error) {
      errors.push(error instanceof PathError ? error : new PathError(`${input}: ${describeFsError(error)}.`));
    }
  }
  return { paths, errors };
}

function findBelow(folder: string, shownAs: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    throw new PathError(`${shownAs}: the folder cannot be listed (${describeFsError(error)}).`);
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const found: string[] = [];
  for (const entry of entries) {
    const child = path.join(folder, entry.name);
    // Symlinked folders are not followed, so a link cycle cannot make the search endless.
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      found.push(...findBelow(child, path.join(shownAs, entry.name)));
    } else if (entry.name === manifestFileName && isFile(child)) {
      found.push(child);
    }
  }
  return found;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Reads one manifest; a failure names the path as the user would recognise it. */
export function readManifest(file: string, cwd: string): ManifestInput {
  try {
    return { path: file, text: fs.readFileSync(file, 'utf8') };
  } catch (error) {
    throw new PathError(`${displayPath(file, cwd)}: cannot be read (${describeFsError(error)}).`);
  }
}

export async function readStdin(): Promise<ManifestInput> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return { path: undefined, text: Buffer.concat(chunks).toString('utf8') };
}

/** A manifest's path as shown in reports: relative to the working folder when below it. */
export function displayPath(file: string | undefined, cwd: string): string {
  if (file === undefined) return stdinName;
  return pathBelow(cwd, file) ?? file;
}

/** The path of `file` relative to `folder` when it lies below it, else undefined. */
export function pathBelow(folder: string, file: string): string | undefined {
  const relative = path.relative(folder, file);
  const outside = relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  return outside ? undefined : relative;
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
    default:
      return (error as Error).message;
  }
}
