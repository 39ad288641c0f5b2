import { detachedCopy, type FileKind, type FileRead, type PluginFolder } from '../engine';
import { host, isInside, path, type HostPluginFolder } from './host';

/** Path completion lists at most this many files, this deep, so a huge folder cannot stall it. */
const listLimit = 2000;
const listDepth = 8;
/**
 * Without file watching the cache cannot know of changes: what it knows is checked against the disk again after this
 * long.
 */
const unwatchedLifetimeMs = 2000;

/** What is known of one plugin-relative path: its kind, and what the rules derived from the file. */
interface PathFacts {
  kind: FileKind | undefined;
  /**
   * By purpose. A plain object, not a Map: thousands of paths each hold one or two (a Map costs some 200 bytes empty).
   */
  derived: Record<string, unknown> | undefined;
  /** Unwatched only: the path's stat signature when these facts were learnt, and the round it was last checked in. */
  signature?: string;
  checkedIn?: number;
}

/**
 * The plugin folder of a manifest (the folder that holds it), read through the host's view of it
 * (host().pluginFolder). What the rules learn from a path (its kind, a schema's few facts, a handler's ctx uses) is
 * remembered until a watched change says that path changed, but never a file's text: a 5,000-tool manifest
 * names 10,000 files, which should be neither read again on every keystroke nor kept in memory.
 * One instance per folder serves every document of that folder and outlives them, so a reopened
 * manifest reads nothing again. Without file watching, what is remembered of a path is checked
 * against its stat (identity, size, times) once it is older than unwatchedLifetimeMs: an unchanged
 * file costs one lstat, not a read.
 */
export class CachedPluginFolder implements PluginFolder {
  private changes = 0;
  private disk: HostPluginFolder;
  private known = new Map<string, PathFacts>();
  /** Whether a remembered path may lead through a symbolic link: a change elsewhere can then change it. */
  private knownThroughLinks = false;
  private files: string[] | undefined;
  private filledAt = 0;
  /**
   * Unwatched: bumped every unwatchedLifetimeMs; a path not checked in this round is stat-checked when next asked for.
   */
  private round = 0;

  constructor(
    readonly root: string,
    private readonly isWatched: () => boolean,
    /** The text of a file open in the editor (unsaved changes included), by absolute path. */
    private readonly openText: (filePath: string) => string | undefined = () => undefined,
  ) {
    this.disk = host().pluginFolder(root);
  }

  /**
   * Bumped on every change in or above the folder: part of a diagnostics result's identity. Read
   * first, before anything of the folder is: unwatched, what it knew may have expired.
   */
  get generation(): number {
    // Unwatched, a new round checks every remembered path against its stat now, so that a changed
    // file bumps the generation before a result id is made from it.
    if (!this.isWatched() && this.startRoundIfDue()) for (const known of [...this.known.keys()]) this.factsOf(known);
    return this.changes;
  }

  stat(relativePath: string): FileKind {
    const facts = this.factsOf(relativePath);
    facts.kind ??= this.disk.stat(relativePath);
    return facts.kind;
  }

  /**
   * Straight from the disk (only what is derived from a text is kept), or, for a file open in the
   * editor, its text there: the disk says whether the file exists and may be read, the editor what
   * it holds now.
   */
  readText(relativePath: string): FileRead {
    const read = this.disk.readText(relativePath);
    if (read.kind !== 'text') return read;
    const open = this.openText(path.join(this.root, relativePath));
    return open === undefined ? read : { kind: 'text', text: open };
  }

  /** Straight from the disk, as a quick fix is asked for. */
  creatable(relativePath: string): 'free' | 'exists' | 'outside' {
    return this.disk.creatable(relativePath);
  }

  rememberUntilChanged<T>(relativePath: string, purpose: string, derive: () => T): T {
    const facts = this.factsOf(relativePath);
    facts.derived ??= {};
    if (Object.hasOwn(facts.derived, purpose)) return facts.derived[purpose] as T;
    const value = derive();
    facts.derived[purpose] = value;
    return value;
  }

  /** Plugin-relative paths of the files in the folder (`tools/a.schema.json`), for path completion. */
  listFiles(): string[] {
    if (!this.isWatched()) this.startRoundIfDue();
    this.files ??= listFolder(this.root);
    return this.files;
  }

  /**
   * Forgets what was learnt from a changed path and what lies below it; everything when the path
   * is the folder itself or above it, or when a remembered path may lead through a symbolic link
   * (the watcher names the link's target, not the link).
   */
  forget(changedPath: string): void {
    const relative = path.relative(this.root, changedPath);
    this.knownThroughLinks ||= this.disk.resolvedThroughLinks;
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative) || this.knownThroughLinks) {
      this.invalidate();
      return;
    }
    const changed = comparablePath(relative.split(path.sep).join('/'));
    for (const known of this.known.keys()) {
      const candidate = comparablePath(known);
      if (candidate === changed || candidate.startsWith(`${changed}/`)) this.known.delete(known);
    }
    this.refresh();
  }

  invalidate(): void {
    this.known = new Map();
    this.knownThroughLinks = false;
    this.refresh();
  }

  /**
   * A fresh view of the disk (the old one remembers where directories really are), a new file list, a new generation.
   */
  private refresh(): void {
    this.disk = host().pluginFolder(this.root);
    this.files = undefined;
    this.changes++;
  }

  /** What is known of a path; unwatched, first checked against its stat when this round has not yet. */
  private factsOf(relativePath: string): PathFacts {
    const watched = this.isWatched();
    if (!watched) this.startRoundIfDue();
    let facts = this.known.get(relativePath);
    if (!facts) {
      facts = { kind: undefined, derived: undefined };
      this.known.set(detachedCopy(relativePath), facts);
    }
    if (!watched && facts.checkedIn !== this.round) {
      const { kind, signature } = this.disk.statSignature(relativePath);
      if (facts.signature !== undefined && facts.signature !== signature) {
        facts.derived = undefined;
        this.changes++;
      }
      facts.kind = kind;
      facts.signature = signature;
      facts.checkedIn = this.round;
    }
    return facts;
  }

  /**
   * Unwatched, every unwatchedLifetimeMs: a fresh view of the disk, and every remembered path to be checked again. True
   * when a new round began.
   */
  private startRoundIfDue(): boolean {
    const now = Date.now();
    if (now - this.filledAt <= unwatchedLifetimeMs) return false;
    const began = this.filledAt !== 0;
    if (began) {
      this.knownThroughLinks ||= this.disk.resolvedThroughLinks;
      this.disk = host().pluginFolder(this.root);
      this.files = undefined;
      this.round++;
    }
    this.filledAt = now;
    return began;
  }
}

/** Where file names are usually case-insensitive, `Tools/A.json` and `tools/a.json` are one file. */
function comparablePath(relativePath: string): string {
  return host().caseInsensitive ? relativePath.toLowerCase() : relativePath;
}

/** What the plugin folders learn from the server: whether a folder is watched, the editor's open texts. */
interface PluginFoldersEnvironment {
  /** Whether changes in this plugin folder are reported (by the editor or the server's own watch). */
  isWatched(root: string): boolean;
  openText?(filePath: string): string | undefined;
  /** Called once for each plugin folder, when it is first used. */
  onNewFolder?(root: string): void;
}

/** One CachedPluginFolder per folder that holds a manifest. */
export class PluginFolders {
  private readonly folders = new Map<string, CachedPluginFolder>();

  constructor(private readonly env: PluginFoldersEnvironment) {}

  forManifest(manifestPath: string): CachedPluginFolder {
    const root = path.dirname(manifestPath);
    let folder = this.folders.get(root);
    if (!folder) {
      folder = new CachedPluginFolder(
        root,
        () => this.env.isWatched(root),
        (filePath) => this.env.openText?.(filePath),
      );
      this.folders.set(root, folder);
      this.env.onNewFolder?.(root);
    }
    return folder;
  }

  roots(): string[] {
    return [...this.folders.keys()];
  }

  /**
   * Forgets what is known of a changed path in each folder it lies in (or above: a deleted parent); returns the folders
   * touched.
   */
  invalidatePath(changedPath: string): CachedPluginFolder[] {
    const touched: CachedPluginFolder[] = [];
    for (const folder of this.folders.values()) {
      if (isInside(folder.root, changedPath) || isInside(changedPath, folder.root)) {
        folder.forget(changedPath);
        touched.push(folder);
      }
    }
    return touched;
  }

  invalidateAll(): void {
    for (const folder of this.folders.values()) folder.invalidate();
  }
}

/**
 * Breadth-first (host/folderWalk.ts), skipping node_modules, dot-folders and symbolic links (which could leave the
 * folder).
 */
function listFolder(root: string): string[] {
  const files: string[] = [];
  host().walkFolderSync(
    [root],
    { order: 'breadth-first', listDepth },
    {
      file: (file) => {
        files.push(file.relative);
        return files.length >= listLimit ? 'stop' : undefined;
      },
    },
  );
  return files;
}
