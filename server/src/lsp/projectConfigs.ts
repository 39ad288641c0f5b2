import {
  configFileName,
  configUnreadable,
  scopeOf,
  type ConfigScope,
  type ManifestDiagnostic,
  type SeverityOverride,
} from '../engine';
import { host, isInside, path, type FoundConfig } from './host';

interface ConfigsEnvironment {
  workspaceFolderPaths(): string[];
  /** The text of an open document at this path, which wins over the file on disk. */
  openText(filePath: string): string | undefined;
}

/** What a manifest is checked with from its config file. */
export interface ManifestConfig {
  /** The config file (absolute). */
  configPath: string;
  /** Its folder, what its globs and suppressions are relative to. */
  configFolder: string;
  /** The manifest's path relative to it. */
  relative: string;
  scope: ConfigScope | undefined;
  /** The finding at the manifest's start when the config file cannot be read. */
  unreadable: ManifestDiagnostic | undefined;
}

/**
 * The project config files (filer-manifest.config.json) of the workspace, for the server: the nearest one above a
 * manifest, never above its workspace folder (a manifest outside every workspace folder has none), read as every file
 * is (host/configFiles.ts), from the editor when open. None at all in Restricted Mode. Each read is kept until that
 * file changes; `generation` changes whenever one does.
 */
export class ProjectConfigs {
  private readonly read = new Map<string, FoundConfig>();
  /** The open config files, read from the editor's text: parsed once per version of it. */
  private readonly readOpen = new Map<string, { text: string; found: FoundConfig }>();
  private changes = 0;
  private trusted = true;

  constructor(private readonly env: ConfigsEnvironment) {}

  /** Whether config files are read at all (not in VS Code's Restricted Mode). */
  get readsConfigs(): boolean {
    return this.trusted;
  }

  /** VS Code's Restricted Mode: the workspace's config files are not read. */
  untrusted(): void {
    this.trusted = false;
    this.read.clear();
    this.readOpen.clear();
    this.changes++;
  }

  generation(): number {
    return this.changes;
  }

  /** Whether a path is a config file's (by its name). */
  isConfigPath(filePath: string): boolean {
    return path.basename(filePath) === configFileName;
  }

  /** A config file changed (on disk, or in the editor): it is read again, and what was checked under it is stale. */
  changed(filePath: string): void {
    this.read.delete(filePath);
    this.changes++;
  }

  /** The workspace folder that holds a path, if any (the innermost). */
  boundaryOf(filePath: string): string | undefined {
    return this.env
      .workspaceFolderPaths()
      .filter((folder) => isInside(folder, filePath))
      .sort((a, b) => b.length - a.length)[0];
  }

  /** The config file at `configPath`, read (or as read last), under the workspace folder `boundary`. */
  config(configPath: string, boundary: string): FoundConfig {
    let found = this.read.get(configPath);
    const open = this.env.openText(configPath);
    if (open !== undefined) {
      const last = this.readOpen.get(configPath);
      if (last?.text === open) return last.found;
      const read = host().readConfigFile(configPath, boundary, open);
      this.readOpen.set(configPath, { text: open, found: read });
      return read;
    }
    this.readOpen.delete(configPath);
    if (!found) {
      found = host().readConfigFile(configPath, boundary);
      // A file that could not be read is asked again at the next validation: on the web its text may be on its way
      // (asked of the editor after the folders above it were), and no change of that file itself will be reported.
      if (found.read.kind === 'config') this.read.set(configPath, found);
    }
    return found;
  }

  /**
   * Whether a suppression of a finding of the manifest at `filePath` may be written to a config file: config files are
   * read (not in Restricted Mode), and the manifest is inside a workspace folder, as the config file read for it is.
   */
  maySuppressFor(filePath: string): boolean {
    return this.trusted && this.boundaryOf(filePath) !== undefined;
  }

  /**
   * Where "Suppress … in filer-manifest.config.json" writes for the manifest at `filePath`, as it is now: the config
   * file read for it (found again, and its text now: the editor's when it is open there, else the disk's, read again)
   * and the manifest's path relative to it; when there is none, a new one beside the manifest (`text` undefined).
   * Undefined when no suppression may be written (maySuppressFor), or the config file cannot be read.
   */
  suppressionTarget(filePath: string): { configPath: string; relative: string; text: string | undefined } | undefined {
    const boundary = this.boundaryOf(filePath);
    if (!this.trusted || boundary === undefined) return undefined;
    const folder = path.dirname(filePath);
    const configPath = host().findConfigPath(folder, boundary);
    if (configPath === undefined)
      return { configPath: path.join(folder, configFileName), relative: path.basename(filePath), text: undefined };
    const found = host().readConfigFile(configPath, boundary, this.env.openText(configPath));
    if (found.read.kind !== 'config') return undefined;
    return { configPath, relative: manifestRelative(found.folder, filePath), text: found.read.text };
  }

  /** What the manifest at `filePath` is checked with, under the user's own severities; undefined without a config. */
  forManifest(filePath: string, userOverrides: Record<string, SeverityOverride>): ManifestConfig | undefined {
    if (!this.trusted) return undefined;
    const boundary = this.boundaryOf(filePath);
    if (boundary === undefined) return undefined;
    const folder = path.dirname(filePath);
    const configPath = host().findConfigPath(folder, boundary);
    if (configPath === undefined) return undefined;
    const found = this.config(configPath, boundary);
    const relative = manifestRelative(found.folder, filePath);
    const base = { configPath, configFolder: found.folder, relative };
    if (found.read.kind === 'unreadable') {
      const shown = configRelative(folder, configPath);
      return { ...base, scope: undefined, unreadable: configUnreadable(shown, found.read.why, userOverrides) };
    }
    return { ...base, scope: scopeOf(found.read.config, relative, userOverrides), unreadable: undefined };
  }
}

/** The manifest's path relative to its config file's folder, as its suppressions name it (its folder's real path). */
function manifestRelative(configFolder: string, filePath: string): string {
  const folder = path.dirname(filePath);
  return configRelative(configFolder, path.join(host().realpath(folder) ?? folder, path.basename(filePath)));
}

/** A path below a folder, `/`-separated, as a config file's globs and suppressions name it. */
function configRelative(folder: string, file: string): string {
  return path.relative(folder, file).split(path.sep).join('/');
}
