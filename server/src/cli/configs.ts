import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  configDiagnostics,
  configUnreadable,
  manifestFileName,
  scopeOf,
  type ConfigScope,
  type ManifestDiagnostic,
  type SeverityOverride,
} from '../engine';
import { configRelative, findConfigPath, readConfigFile } from '../host/configFiles';
import type { FoundConfig } from '../lsp/host';
import { walkFolderSync } from '../host/folderWalk';
import { isInside, realpathOrUndefined } from '../host/safeRead';
import { displayPath } from './manifestFiles';
import type { CheckedManifest } from './results';

/** How many folders below a config file are listed to find the manifests its globs may name. */
const maxFoldersListed = 20_000;

/**
 * Where the search for a config file stops, above a manifest's folder: the repository root (the nearest folder above
 * it that holds `.git`, a folder or a file), or outside a repository the current folder, when the manifest is below it;
 * else the manifest's own folder. A config file of a folder above, or of another repository, is never read.
 */
function configBoundary(folder: string, cwd: string): string {
  const real = realpathOrUndefined(folder) ?? path.resolve(folder);
  for (let current = real; ;) {
    try {
      fs.lstatSync(path.join(current, '.git'));
      return current;
    } catch {
      // Not the repository root: one folder up.
    }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  const realCwd = realpathOrUndefined(cwd) ?? path.resolve(cwd);
  return isInside(realCwd, real) ? realCwd : real;
}

/** What the CLI does with one manifest under its config file. */
interface ManifestConfig {
  /** The severities and suppressions to check it with. */
  scope: ConfigScope | undefined;
  /** A finding to add at its start: its config file cannot be read. */
  unreadable: ManifestDiagnostic | undefined;
  /** What its suppressions that accepted a finding are added to. */
  used: Set<number> | undefined;
  /** The config file, as shown, when one applies. */
  configFile: string | undefined;
}

interface ConfigInUse {
  found: FoundConfig;
  used: Set<number>;
  checked: Map<string, Record<string, SeverityOverride>>;
}

/** The config files of one `check` run: each read once, and its own findings reported once, after the manifests. */
export class CheckConfigs {
  private readonly byPath = new Map<string, ConfigInUse>();

  constructor(
    private readonly cwd: string,
    private readonly userOverrides: Record<string, SeverityOverride>,
  ) {}

  /** The config of the manifest at `manifestPath` (absolute), or none for stdin. */
  forManifest(manifestPath: string | undefined): ManifestConfig {
    const none: ManifestConfig = { scope: undefined, unreadable: undefined, used: undefined, configFile: undefined };
    if (manifestPath === undefined) return none;
    const folder = path.dirname(manifestPath);
    const boundary = configBoundary(folder, this.cwd);
    const configPath = findConfigPath(folder, boundary);
    if (configPath === undefined) return none;
    let inUse = this.byPath.get(configPath);
    if (!inUse) {
      inUse = { found: readConfigFile(configPath, boundary), used: new Set(), checked: new Map() };
      this.byPath.set(configPath, inUse);
    }
    const { found } = inUse;
    const configFile = displayPath(found.path, this.cwd);
    if (found.read.kind === 'unreadable') {
      const shown = configRelative(folder, found.path);
      return { ...none, configFile, unreadable: configUnreadable(shown, found.read.why, this.userOverrides) };
    }
    const realManifest = path.join(realpathOrUndefined(folder) ?? folder, path.basename(manifestPath));
    const relative = configRelative(found.folder, realManifest);
    const scope = scopeOf(found.read.config, relative, this.userOverrides);
    if (!scope.ignored) inUse.checked.set(relative, scope.severityOverrides);
    return { scope, unreadable: undefined, used: inUse.used, configFile };
  }

  /** Each config file's own findings, as results after the manifests' (only those with findings). */
  results(): CheckedManifest[] {
    const results: CheckedManifest[] = [];
    for (const { found, used, checked } of this.byPath.values()) {
      if (found.read.kind !== 'config') continue;
      const diagnostics = configDiagnostics(found.read.config, {
        used,
        checked,
        below: manifestsBelow(found.folder),
        userOverrides: this.userOverrides,
      });
      if (diagnostics.length === 0) continue;
      results.push({ file: displayPath(found.path, this.cwd), absolutePath: found.path, diagnostics, kind: 'config' });
    }
    return results.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }
}

/**
 * The manifest.json files below a config file's folder (relative to it), as a folder search finds them; undefined for a
 * tree too large to list whole (no glob is then said to match nothing).
 */
function manifestsBelow(folder: string): string[] | undefined {
  const found: string[] = [];
  let folders = 0;
  walkFolderSync(
    [folder],
    { order: 'breadth-first', maxFolders: maxFoldersListed + 1 },
    {
      enter: () => (++folders > maxFoldersListed ? 'skip' : 'list'),
      file: (file) => {
        if (file.name === manifestFileName) found.push(file.relative);
      },
    },
  );
  return folders > maxFoldersListed ? undefined : found;
}
