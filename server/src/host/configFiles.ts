import * as fs from 'node:fs';
import * as path from 'node:path';
import { configFileName } from '../engine';
import { foundConfig, type FoundConfig } from '../lsp/host';
import { isInside, maxManifestMegabytes, readFileInside, realpathOrUndefined } from './safeRead';

/** A config file past this is not read (as a manifest past the limit is not). */
const maxConfigBytes = maxManifestMegabytes * 1024 * 1024;

/**
 * The nearest `filer-manifest.config.json` at or above `folder`, never above `boundary` (the repository root, or the
 * workspace folder): the first folder on the way that has an entry of that name, whatever it is (a link or a FIFO
 * there is the config file, unreadable, and no file further up stands in for it). Undefined when there is none, or
 * when `folder` is not inside `boundary` (a manifest outside the workspace folder, or one of another repository).
 */
export function findConfigPath(folder: string, boundary: string): string | undefined {
  const stop = realpathOrUndefined(boundary);
  let current = realpathOrUndefined(folder);
  if (stop === undefined || current === undefined || !isInside(stop, current)) return undefined;
  for (;;) {
    const candidate = path.join(current, configFileName);
    try {
      fs.lstatSync(candidate);
      return candidate;
    } catch {
      // Nothing of that name here: one folder up.
    }
    if (current === stop) return undefined;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/**
 * The config file at `file` (found by findConfigPath under `boundary`), read as every file is: a regular file inside
 * `boundary` as it really is on disk, of at most maxConfigBytes, never a link, a FIFO or a device; `text`, when given,
 * is its text as an editor holds it (an open document).
 */
export function readConfigFile(file: string, boundary: string, text?: string): FoundConfig {
  const read = text !== undefined ? { kind: 'text' as const, text } : readFileInside(boundary, file, maxConfigBytes);
  return foundConfig(file, path.dirname(file), read);
}

/** A path below a folder, `/`-separated, as a config file's globs and suppressions name it. */
export function configRelative(folder: string, file: string): string {
  return path.relative(folder, file).split(path.sep).join('/');
}
