/**
 * Where `gating --base` finds the other version of each manifest: a manifest file, a folder holding the
 * plugins at the same paths, or a git ref read with `git show <ref>:<path>`. Git runs here, in the CLI
 * layer, as a subprocess with an argument array (no shell); the engine never sees it.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { displayPath, PathError } from './manifestFiles';

type BaseSource =
  | { kind: 'file'; absolutePath: string; shownAs: string }
  | { kind: 'folder'; absolutePath: string; shownAs: string }
  | { kind: 'git'; ref: string };

/** The other version of one manifest: its text, or absent (a plugin the base does not have). */
type BaseManifest = { text: string; shownAs: string } | { text: undefined; shownAs: string };

/** A file or folder when one is there, else a git ref, which must exist in the repository at `cwd`. */
export function resolveBase(spec: string, cwd: string): BaseSource {
  const absolute = path.resolve(cwd, spec);
  let stats: fs.Stats | undefined;
  try {
    stats = fs.statSync(absolute);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'ENOTDIR') {
      throw new PathError(`--base ${spec}: cannot be read (${(error as Error).message}).`);
    }
  }
  if (stats?.isFile()) return { kind: 'file', absolutePath: absolute, shownAs: displayPath(absolute, cwd) };
  if (stats?.isDirectory()) return { kind: 'folder', absolutePath: absolute, shownAs: displayPath(absolute, cwd) || '.' };
  if (stats) throw new PathError(`--base ${spec}: not a file, a folder or a git ref.`);
  if (spec.startsWith('-')) throw new PathError(`--base ${spec}: no such file or folder, and a git ref does not start with "-".`);
  const check = git(['rev-parse', '--verify', '--quiet', `${spec}^{commit}`], cwd);
  if (check.status === 0) return { kind: 'git', ref: spec };
  if (/not a git repository/i.test(check.stderr)) {
    throw new PathError(`--base ${spec}: no such file or folder, and not a git ref: ${displayPath(cwd, cwd) || 'the working folder'} is not in a git repository.`);
  }
  throw new PathError(`--base ${spec}: no such file or folder, and no git ref "${spec}" in this repository.`);
}

/**
 * The base version of the manifest at `headPath`. `relativePath` is its path below the folder the
 * user named (what a folder base is matched by).
 */
export function readBase(base: BaseSource, headPath: string, relativePath: string, cwd: string): BaseManifest {
  if (base.kind === 'file') return { text: readText(base.absolutePath, base.shownAs), shownAs: base.shownAs };
  if (base.kind === 'folder') {
    const file = path.join(base.absolutePath, relativePath);
    const shownAs = displayPath(file, cwd);
    return fs.existsSync(file) ? { text: readText(file, shownAs), shownAs } : { text: undefined, shownAs };
  }
  // `<ref>:./<name>` is read relative to the manifest's own folder, wherever that is in the repository.
  const shownAs = `${base.ref}:${displayPath(headPath, cwd)}`;
  const run = git(['show', `${base.ref}:./${path.basename(headPath)}`], path.dirname(headPath));
  if (run.status === 0) return { text: run.stdout, shownAs };
  if (/does not exist in|exists on disk, but not in/.test(run.stderr)) return { text: undefined, shownAs };
  throw new PathError(`--base ${shownAs}: git could not read it (${firstLine(run.stderr)}).`);
}

function readText(file: string, shownAs: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new PathError(`--base ${shownAs}: cannot be read (${(error as Error).message}).`);
  }
}

function git(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
  if (run.error) {
    const missing = (run.error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new PathError(missing ? 'git is not installed, so --base cannot be read as a git ref.' : `git could not run: ${run.error.message}.`);
  }
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] || 'no message';
}
