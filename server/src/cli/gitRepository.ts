/**
 * git as `gating --base <ref>` runs it. The repository is the one that holds the manifest, found here
 * (never by git's own search from a folder under review), and git runs with an argument array (no
 * shell) under options that keep any configuration (the repository's, the machine's, the caller's)
 * from making it run a command or fetch, with its output bounded. Which options, and why:
 *
 * - `safe.bareRepository=explicit`: a folder holding HEAD, config, refs/ and objects/ as plain files
 *   (which a pull request can commit) is never taken for a repository.
 * - `core.fsmonitor=false`: `ls-files` reads the index, and git 2.39 then runs the fsmonitor command a
 *   repository's config names.
 * - `GIT_NO_LAZY_FETCH=1`: a blob a partial clone lacks would be fetched, running
 *   `remote.<name>.uploadpack` through the shell.
 * - `GIT_ALLOW_PROTOCOL=` (empty): no transport at all. `-c protocol.allow=never` is not enough: a
 *   repository's own `protocol.file.allow=always` wins over it.
 * - `core.hooksPath` set to the null device: none of these commands runs a hook in git 2.39, nor
 *   will one in a later git.
 * - `GIT_CONFIG_NOSYSTEM=1`, `GIT_CONFIG_GLOBAL`, `HOME` and `XDG_CONFIG_HOME` set to the null
 *   device, and every `GIT_*` variable of the caller removed (GIT_DIR, GIT_CONFIG_PARAMETERS,
 *   GIT_EXEC_PATH, GIT_ALTERNATE_OBJECT_DIRECTORIES…): git reads the repository found here, with
 *   its own config only, the same way on every machine.
 * - `GIT_TERMINAL_PROMPT=0`: never waits for a password. `GIT_LITERAL_PATHSPECS=1`: a path with `*`
 *   or `:(` in it is a path, not a pattern. `GIT_OPTIONAL_LOCKS=0`: nothing is written to the index.
 *
 * What else git 2.39 could run was tried with every such key set in a repository's config
 * (core.pager, diff.external, textconv and filter drivers, gpg.program with log.showSignature,
 * credential.helper, core.sshCommand, core.askPass, core.alternateRefsCommand, hooks, gc.auto): none
 * runs for `rev-parse`, `ls-files`, `ls-tree` or `cat-file`, the only commands used here.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isInside, realpathOrUndefined } from '../host/safeRead';
import { PathError } from './manifestFiles';

export interface GitRepository {
  /** The git directory, absolute: `.git`, or the folder a `.git` file names. */
  gitDir: string;
  /** The top of its work tree, a real path: the folder that holds `.git`. */
  top: string;
}

type FoundRepository =
  { kind: 'repository'; repository: GitRepository } | { kind: 'none' } | { kind: 'unusable'; reason: string };

/**
 * What one run has learnt: by folder, the repository of the nearest `.git` at or above it (git is asked once for each).
 */
export type RepositoryCache = Map<string, FoundRepository>;

/** A blob of the base: its text, or why there is none to read. */
type BaseBlob =
  | { kind: 'text'; text: string }
  | { kind: 'absent' }
  | { kind: 'link' }
  | { kind: 'not-a-file'; what: 'folder' | 'submodule' }
  | { kind: 'too-large'; size: number }
  | { kind: 'not-in-clone' }
  | { kind: 'failed'; reason: string };

/** What git prints besides a blob: a path, an object name, a line of ls-tree. */
const smallOutput = 1024 * 1024;

const safetyOptions = [
  '--no-pager',
  '-c',
  'safe.bareRepository=explicit',
  '-c',
  'core.fsmonitor=false',
  '-c',
  `core.hooksPath=${os.devNull}`,
];

/**
 * The repository that holds `file`: the one the working folder is in, when it holds the file; else the
 * one found from the file's own folder. Each is the nearest folder above with a `.git` (git never
 * takes a folder of plain HEAD/objects files for one here). A `.git` inside another repository's
 * checkout, where that repository tracks the file, was not made by the checkout (git never checks out
 * a `.git`): the enclosing repository, whose history has the file, is the one used.
 */
export function repositoryHolding(file: string, cwd: string, cache: RepositoryCache): FoundRepository {
  const folder = realpathOrUndefined(path.dirname(file));
  if (folder === undefined) return { kind: 'none' };
  const realFile = path.join(folder, path.basename(file));
  const fromCwd = repositoryAbove(realpathOrUndefined(cwd) ?? cwd, cache);
  let found =
    fromCwd.kind === 'repository' && isInside(fromCwd.repository.top, realFile)
      ? fromCwd
      : repositoryAbove(folder, cache);
  while (found.kind === 'repository') {
    const parent = path.dirname(found.repository.top);
    if (parent === found.repository.top) break;
    const enclosing = repositoryAbove(parent, cache);
    if (enclosing.kind !== 'repository' || !tracks(enclosing.repository, realFile)) break;
    found = enclosing;
  }
  return found;
}

/** The commit `ref` names in `repository`, or undefined when it names none. */
export function resolveCommit(repository: GitRepository, ref: string): string | undefined {
  const run = git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], repository);
  return run.status === 0 ? run.stdout.toString('utf8').trim() : undefined;
}

/** The path of `file` below the repository's top, `/`-separated, as git names it in a tree. */
export function pathInRepository(repository: GitRepository, file: string): string | undefined {
  const folder = realpathOrUndefined(path.dirname(file));
  if (folder === undefined || !isInside(repository.top, folder)) return undefined;
  return path
    .relative(repository.top, path.join(folder, path.basename(file)))
    .split(path.sep)
    .join('/');
}

/**
 * The blob at `file` (a path in the repository) in `commit`: its entry is looked up in the tree first,
 * with its size (a symbolic link, a folder or a submodule is not read), and only a blob of at most
 * `maxBytes` is read.
 */
export function readBlob(repository: GitRepository, commit: string, file: string, maxBytes: number): BaseBlob {
  const entry = git(['ls-tree', '-l', '-z', '--full-tree', commit, '--', file], repository);
  if (entry.status !== 0) {
    // Without -l, the tree alone: a blob it names that is not here (a partial clone's) has no size.
    const listed = git(['ls-tree', '-z', '--full-tree', commit, '--', file], repository);
    return listed.status === 0 && listed.stdout.length > 0
      ? { kind: 'not-in-clone' }
      : { kind: 'failed', reason: firstLine(entry.stderr) };
  }
  // `<mode> <type> <object> <size>\t<path>\0` (the size `-` for a folder or a submodule), or nothing
  // when the commit has no such path.
  const match = /^(\d+) (\w+) ([0-9a-f]+) +(\d+|-)\t/.exec(entry.stdout.toString('utf8'));
  if (!match) return { kind: 'absent' };
  const [, mode, type, object, size] = match;
  if (mode === '120000') return { kind: 'link' };
  if (type !== 'blob') return { kind: 'not-a-file', what: type === 'tree' ? 'folder' : 'submodule' };
  const bytes = Number(size);
  if (!(bytes <= maxBytes)) return { kind: 'too-large', size: bytes };
  const blob = git(['cat-file', 'blob', object], repository, bytes + 1);
  if (blob.status !== 0) return { kind: 'failed', reason: firstLine(blob.stderr) };
  return { kind: 'text', text: blob.stdout.toString('utf8') };
}

/** The repository whose `.git` is in `start` or the nearest folder above it that has one. */
function repositoryAbove(start: string, cache: RepositoryCache): FoundRepository {
  let found = cache.get(start);
  if (!found) {
    for (let folder = start; !found; folder = path.dirname(folder)) {
      if (hasGitEntry(folder)) found = repositoryAt(folder);
      else if (path.dirname(folder) === folder) found = { kind: 'none' };
    }
    cache.set(start, found);
  }
  return found;
}

/** A `.git` of any kind (a folder, a file, a link) in `folder`; a folder that cannot be searched has none. */
function hasGitEntry(folder: string): boolean {
  try {
    return fs.lstatSync(path.join(folder, '.git'), { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/** The repository of the `.git` in `folder`, as git itself checks it (a `.git` file, ownership). */
function repositoryAt(folder: string): FoundRepository {
  const run = git(['rev-parse', '--show-toplevel', '--absolute-git-dir'], { cwd: folder });
  const shown = `${folder.split(path.sep).join('/')}\n`;
  const output = run.stdout.toString('utf8');
  if (run.status !== 0) {
    // git refuses a repository of another user unless safe.directory names it, which only the global
    // or system config can: --base reads neither.
    const owner = fs.statSync(folder, { throwIfNoEntry: false })?.uid;
    const another = owner !== undefined && process.getuid !== undefined && owner !== process.getuid();
    const hint = another
      ? ' (the folder belongs to another user, and --base reads no safe.directory from the global git config: run as its owner)'
      : '';
    return { kind: 'unusable', reason: `${path.join(folder, '.git')}: ${firstLine(run.stderr)}${hint}` };
  }
  // git took another folder for the top (an unusable .git here, or a core.worktree elsewhere).
  if (!output.startsWith(shown))
    return { kind: 'unusable', reason: `${path.join(folder, '.git')} is not the repository of its folder` };
  return { kind: 'repository', repository: { gitDir: output.slice(shown.length).replace(/\n$/, ''), top: folder } };
}

function tracks(repository: GitRepository, realFile: string): boolean {
  const file = pathInRepository(repository, realFile);
  return file !== undefined && git(['ls-files', '--error-unmatch', '--', file], repository).status === 0;
}

/**
 * One git command, with the repository given explicitly (GIT_DIR) so that git searches for none, or
 * in `cwd` for the one command that checks a `.git` found there.
 */
function git(
  args: string[],
  where: GitRepository | { cwd: string },
  maxBytes = smallOutput,
): { status: number | null; stdout: Buffer; stderr: string } {
  const repository = 'gitDir' in where ? where : undefined;
  const run = spawnSync('git', [...safetyOptions, ...args], {
    cwd: repository?.top ?? ('cwd' in where ? where.cwd : undefined),
    env: gitEnvironment(repository),
    maxBuffer: maxBytes,
    windowsHide: true,
  });
  if (run.error) {
    const code = (run.error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new GitMissing('git is not installed, so --base cannot be read as a git ref.');
    throw new PathError(
      code === 'ENOBUFS'
        ? `git printed more than expected for "git ${args[0]}".`
        : `git could not run: ${run.error.message}.`,
    );
  }
  return { status: run.status, stdout: run.stdout, stderr: run.stderr.toString('utf8') };
}

/** git is not on the PATH: a base that is also a file or folder is then read as that. */
export class GitMissing extends PathError {}

function gitEnvironment(repository: GitRepository | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.toUpperCase().startsWith('GIT_')) env[key] = value;
  Object.assign(env, {
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: os.devNull,
    HOME: os.devNull,
    XDG_CONFIG_HOME: os.devNull,
    GIT_NO_LAZY_FETCH: '1',
    GIT_ALLOW_PROTOCOL: '',
    GIT_TERMINAL_PROMPT: '0',
    GIT_LITERAL_PATHSPECS: '1',
    GIT_OPTIONAL_LOCKS: '0',
  });
  if (repository) Object.assign(env, { GIT_DIR: repository.gitDir, GIT_WORK_TREE: repository.top });
  return env;
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] || 'no message';
}
