/**
 * Where `gating --base` finds the other version of each manifest: a manifest file, a folder holding the
 * plugins at the same paths, or a git ref, read from the repository that holds each manifest
 * (gitRepository.ts). Files and folders are read as every other file is (host/safeRead.ts); git runs
 * here, in the CLI layer, and the engine never sees it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { maxManifestMegabytes, readFileInside, readRegularFile, realpathOrUndefined } from '../host/safeRead';
import {
  GitMissing,
  pathInRepository,
  readBlob,
  repositoryHolding,
  resolveCommit,
  type GitRepository,
  type RepositoryCache,
} from './gitRepository';
import { displayPath, PathError, whyUnread } from './manifestFiles';

/** What the command line gave: `--base` (a git ref or else a path), `--base-ref` or `--base-path`. */
export interface BaseOption {
  option: '--base' | '--base-ref' | '--base-path';
  spec: string;
}

type BaseSource =
  | { kind: 'file'; option: BaseOption['option']; absolutePath: string; shownAs: string }
  | { kind: 'folder'; option: BaseOption['option']; absolutePath: string; shownAs: string }
  | GitBase;

interface GitBase {
  kind: 'git';
  option: BaseOption['option'];
  ref: string;
  /** By each manifest's folder: the repository that holds it. */
  repositories: Map<string, ReturnType<typeof repositoryHolding>>;
  /** By folder: the repository of the nearest `.git` at or above it. */
  nearest: RepositoryCache;
  /** By git directory: the commit the ref names there (undefined: none). */
  commits: Map<string, string | undefined>;
}

/** The other version of one manifest: its text, or absent (a plugin the base does not have). */
type BaseManifest = { text: string; shownAs: string } | { text: undefined; shownAs: string };

const maxBytes = maxManifestMegabytes * 1024 * 1024;

/**
 * `--base-path`: a file or folder. `--base-ref`: a git ref. `--base`: a git ref when the repository
 * that holds the first manifest has a commit of that name, else a file or folder. The ref wins over a
 * path of the same name (said on stderr): a pull request under review can add any file to the
 * checkout, a file named `origin/main` too, but no ref to the repository.
 */
export function resolveBase(
  base: BaseOption,
  firstHead: string | undefined,
  cwd: string,
  note: (line: string) => void,
): BaseSource {
  const { option, spec } = base;
  const gitBase: GitBase = {
    kind: 'git',
    option,
    ref: spec,
    repositories: new Map(),
    nearest: new Map(),
    commits: new Map(),
  };
  if (option === '--base-ref') {
    if (spec.startsWith('-')) throw new PathError(`${option} ${spec}: a git ref does not start with "-".`);
    return gitBase;
  }
  const stats = pathStats(base, cwd);
  if (option === '--base-path') {
    if (!stats) throw new PathError(`${option} ${spec}: no such file or folder.`);
    return pathBase(base, stats, cwd);
  }
  let whyNotRef: string;
  if (spec.startsWith('-')) whyNotRef = 'a git ref does not start with "-"';
  else if (firstHead === undefined) whyNotRef = 'not a git ref: a manifest from stdin is in no git repository';
  else {
    let found: ReturnType<typeof repositoryHolding>;
    try {
      found = repositoryOf(gitBase, firstHead, cwd);
      if (found.kind === 'repository' && commitIn(gitBase, found.repository) !== undefined) {
        const kind = stats?.isDirectory() ? 'folder' : 'file';
        if (stats)
          note(
            `${option} ${spec}: both a git ref and a ${kind}; compared with the git ref (--base-path ${spec} compares with the ${kind}).`,
          );
        return gitBase;
      }
    } catch (error) {
      // Without git, a base that is a file or folder is read as one.
      if (error instanceof GitMissing && stats) return pathBase(base, stats, cwd);
      throw error;
    }
    if (found.kind === 'repository') whyNotRef = `no git ref "${spec}" in ${repositoryWords(found.repository, cwd)}`;
    else if (found.kind === 'unusable') whyNotRef = `not a git ref: ${found.reason}`;
    else
      whyNotRef = `not a git ref: ${displayPath(path.dirname(firstHead), cwd) || 'the working folder'} is not in a git repository`;
  }
  if (stats) return pathBase(base, stats, cwd);
  throw new PathError(`${option} ${spec}: no such file or folder, and ${whyNotRef}.`);
}

/**
 * The base version of the manifest at `headPath`. `relativePath` is its path below the folder the
 * user named (what a folder base is matched by).
 */
export function readBase(base: BaseSource, headPath: string, relativePath: string, cwd: string): BaseManifest {
  // A file the user named is read as a named head is: a link there is followed.
  if (base.kind === 'file')
    return {
      text: readText(base, base.shownAs, readRegularFile(base.absolutePath, maxBytes, { followLink: true })),
      shownAs: base.shownAs,
    };
  if (base.kind === 'folder') {
    // Links inside the base are not followed, as in the plugin folder itself (the base folder named
    // by the user may be one).
    const file = path.join(base.absolutePath, relativePath);
    const shownAs = displayPath(file, cwd);
    const read = readFileInside(base.absolutePath, file, maxBytes);
    return read.kind === 'missing' ? { text: undefined, shownAs } : { text: readText(base, shownAs, read), shownAs };
  }
  const found = repositoryOf(base, headPath, cwd);
  const { option, ref } = base;
  if (found.kind === 'none')
    throw new PathError(`${option} ${ref}: ${displayPath(headPath, cwd)} is not in a git repository.`);
  if (found.kind === 'unusable') throw new PathError(`${option} ${ref}: ${found.reason}.`);
  const { repository } = found;
  const commit = commitIn(base, repository);
  if (commit === undefined)
    throw new PathError(`${option} ${ref}: no git ref "${ref}" in ${repositoryWords(repository, cwd)}.`);
  const file = pathInRepository(repository, headPath);
  if (file === undefined)
    throw new PathError(
      `${option} ${ref}: ${displayPath(headPath, cwd)} is not in ${repositoryWords(repository, cwd)}.`,
    );
  const shownAs = `${ref}:${file}`;
  const blob = readBlob(repository, commit, file, maxBytes);
  switch (blob.kind) {
    case 'text':
      return { text: blob.text, shownAs };
    case 'absent':
      return { text: undefined, shownAs };
    case 'link':
      throw new PathError(`${option} ${shownAs}: cannot be read (a symbolic link in the base, which is not followed).`);
    case 'not-a-file':
      throw new PathError(`${option} ${shownAs}: cannot be read (a ${blob.what} in the base, not a file).`);
    case 'too-large':
      throw new PathError(`${option} ${shownAs}: cannot be read (${whyUnread(blob)}).`);
    case 'not-in-clone':
      throw new PathError(
        `${option} ${shownAs}: not in this clone (a partial clone, whose missing files --base never fetches: clone without --filter).`,
      );
    case 'failed':
      throw new PathError(`${option} ${shownAs}: git could not read it (${blob.reason}).`);
  }
}

function pathStats(base: BaseOption, cwd: string): fs.Stats | undefined {
  try {
    return fs.statSync(path.resolve(cwd, base.spec));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new PathError(`${base.option} ${base.spec}: cannot be read (${(error as Error).message}).`);
  }
}

function pathBase(base: BaseOption, stats: fs.Stats, cwd: string): BaseSource {
  const absolute = path.resolve(cwd, base.spec);
  if (stats.isFile())
    return { kind: 'file', option: base.option, absolutePath: absolute, shownAs: displayPath(absolute, cwd) };
  if (stats.isDirectory())
    return { kind: 'folder', option: base.option, absolutePath: absolute, shownAs: displayPath(absolute, cwd) || '.' };
  throw new PathError(`${base.option} ${base.spec}: not a file or a folder.`);
}

function repositoryOf(base: GitBase, headPath: string, cwd: string): ReturnType<typeof repositoryHolding> {
  const folder = path.dirname(headPath);
  let found = base.repositories.get(folder);
  if (!found) base.repositories.set(folder, (found = repositoryHolding(headPath, cwd, base.nearest)));
  return found;
}

function commitIn(base: GitBase, repository: GitRepository): string | undefined {
  if (!base.commits.has(repository.gitDir)) base.commits.set(repository.gitDir, resolveCommit(repository, base.ref));
  return base.commits.get(repository.gitDir);
}

/** `this repository` (the working folder's), or `the repository at <its folder>`. */
function repositoryWords(repository: GitRepository, cwd: string): string {
  return repository.top === (realpathOrUndefined(cwd) ?? cwd)
    ? 'this repository'
    : `the repository at ${displayPath(repository.top, cwd)}`;
}

function readText(
  base: { option: BaseOption['option'] },
  shownAs: string,
  read: ReturnType<typeof readRegularFile>,
): string {
  if (read.kind === 'text') return read.text;
  throw new PathError(`${base.option} ${shownAs}: cannot be read (${whyUnread(read)}).`);
}
