import { readConfig, type FileKind, type FileRead, type PluginFolder, type ProjectConfig } from '../engine';

/**
 * What the language server needs of the machine it runs on, and nothing else: the plugin folders' files, paths and
 * their URIs, the file walk, a watch for clients that have none. The server's modules (server/src/lsp) ask these of
 * the host installed when the server starts, never of Node's modules, so that one server core runs on two hosts:
 * - the disk, in Node (server/src/host/nodeHost.ts: desktop VS Code and every other editor);
 * - the editor's own files, asked of the client (server/src/web/webHost.ts: VS Code for the Web, where the server
 *   runs in a Web Worker and the folder may be a virtual file system such as github.dev's).
 * Every limit and every refusal (a link out of the folder, a file too large, a path with `..`) is the same on both.
 */
export interface ServerHost {
  /** Where the server runs, for the first line of its log: `Node.js v20.19.0`, `a Web Worker`. */
  readonly runtime: string;
  readonly paths: HostPaths;
  /** Whether `Tools/A.json` and `tools/a.json` are usually one file there (Windows, macOS). */
  readonly caseInsensitive: boolean;
  /** A fresh view of a plugin folder (the folder that holds a manifest): what it first sees, it keeps. */
  pluginFolder(root: string): HostPluginFolder;
  /**
   * A file that must lie inside `root` as it really is (a manifest that is not open): never through a link that leads
   * out of `root`, never a file larger than `maxBytes`.
   */
  readFileInside(root: string, file: string, maxBytes: number): FileRead;
  /** The stamp of the file at `filePath` (a link followed); undefined when nothing is there or it cannot be had. */
  fileStamp(filePath: string): FileStamp | undefined;
  /** The same, without blocking: for a scan over many files. */
  fileStampAsync(filePath: string): Promise<FileStamp | undefined>;
  /** Where a path really is (links resolved); undefined when it cannot be resolved. */
  realpath(filePath: string): string | undefined;
  /**
   * The nearest `filer-manifest.config.json` at or above `folder`, never above `boundary` (host/configFiles.ts says
   * how); undefined when there is none.
   */
  findConfigPath(folder: string, boundary: string): string | undefined;
  /** The config file at `file`, read as every file is (or `text`, an editor's), or why it could not be. */
  readConfigFile(file: string, boundary: string, text?: string): FoundConfig;
  /** Whether anything is at `filePath`, itself (a link counts, dangling or not). */
  pathExists(filePath: string): boolean;
  /** The folder walk (links never followed, node_modules and dot-folders skipped, the bounds of `options`). */
  walkFolder(roots: string[], options: WalkOptions, visitor: WalkVisitor): Promise<void>;
  walkFolderSync(roots: string[], options: WalkOptions, visitor: WalkVisitor): void;
  /** The server's own watch on plugin folders, for a client that reports no file changes; none where it cannot. */
  watchFolders?(onChange: (paths: string[]) => void, logger: { error(message: string): void }): FolderWatch;
  /** A full garbage collection now; throws where it cannot be asked for. Without it, memory is left to the engine. */
  collectGarbage?(): void;
  /** A host that reads through the client learns here whether the client serves files (its initializationOptions). */
  clientDeclared?(initializationOptions: unknown): void;
  /**
   * A host that reads through the client: files were asked for that a validation missed, and have arrived. The
   * server validates again what named them (as for a change the client reports).
   */
  onFilesArrived?(listener: (filePaths: string[]) => void): void;
  /** A host that keeps what it read: the client reported a change at `filePath` (a file, or a folder and below). */
  changed?(filePath: string): void;
  /** A host that reads through the client: settled once every file asked for so far has been answered. */
  pendingReads?(): Promise<void> | undefined;
}

/** The path functions the server uses, Node's own (node:path, node:url) on the disk, POSIX ones on the web. */
export interface HostPaths {
  readonly sep: string;
  join(...parts: string[]): string;
  dirname(filePath: string): string;
  basename(filePath: string): string;
  relative(from: string, to: string): string;
  resolve(...parts: string[]): string;
  isAbsolute(filePath: string): boolean;
  /** The `file:` URI of an absolute path. */
  fileUri(filePath: string): string;
  /** The path of a `file:` URI; throws when it is not one of this host. */
  pathOfFileUri(uri: string): string;
}

/** A plugin folder as the server reads it: the engine's PluginFolder and what the server's cache asks besides. */
export interface HostPluginFolder extends PluginFolder {
  /** Whether a quick fix may create a file there (see NodePluginFolder.creatable). */
  creatable(relativePath: string): 'free' | 'exists' | 'outside';
  /** What a path names, with a signature that changes when the file does (for a folder nobody watches). */
  statSignature(relativePath: string): { kind: FileKind; signature: string };
  /** Whether a path it resolved may lead through a symbolic link. */
  readonly resolvedThroughLinks: boolean;
}

export interface FolderWatch {
  /** Whether every directory of this plugin folder is watched. */
  covers(root: string): boolean;
  watchFolder(root: string): void;
  close(): void;
}

/** What stands for a file's text without reading it: which file it is, its size and when it was last written. */
export interface FileStamp {
  /** A regular file (a link is followed, as the path is stat'ed). */
  isFile: boolean;
  ino: number;
  size: number;
  mtimeMs: number;
}

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

/** A config file found for a manifest, read as every file is (safeRead.ts), or why it could not be. */
export interface FoundConfig {
  /** Its absolute path. */
  path: string;
  /** Its folder: what its globs and suppressions are relative to. */
  folder: string;
  read: { kind: 'config'; config: ProjectConfig; text: string } | { kind: 'unreadable'; why: string };
}

/**
 * A config file at `file` (in `folder`) as a host read it: its text (an editor's, or the file's within the size limit)
 * read as a config, or why it could not be read.
 */
export function foundConfig(file: string, folder: string, read: FileRead): FoundConfig {
  if (read.kind === 'text')
    return { path: file, folder, read: { kind: 'config', config: readConfig(read.text), text: read.text } };
  const why =
    read.kind === 'too-large'
      ? `${describeUnread(read)}: the limit is ${maxManifestMegabytes} MB`
      : describeUnread(read);
  return { path: file, folder, read: { kind: 'unreadable', why } };
}

/** A manifest larger than this is not read (a 5,000-tool manifest is about 5.5 MB): the default of maxFileSize. */
export const maxManifestMegabytes = 16;

let installed: ServerHost | undefined;

/** The host the server runs on, from now on (startServer installs it). */
export function installHost(host: ServerHost): void {
  installed = host;
}

export function host(): ServerHost {
  if (!installed) throw new Error('No server host installed: startServer(connection, host) installs one.');
  return installed;
}

/** The installed host's path functions, under the names node:path gives them. */
export const path = {
  get sep(): string {
    return host().paths.sep;
  },
  join: (...parts: string[]): string => host().paths.join(...parts),
  dirname: (filePath: string): string => host().paths.dirname(filePath),
  basename: (filePath: string): string => host().paths.basename(filePath),
  relative: (from: string, to: string): string => host().paths.relative(from, to),
  resolve: (...parts: string[]): string => host().paths.resolve(...parts),
  isAbsolute: (filePath: string): boolean => host().paths.isAbsolute(filePath),
};

/** The `file:` URI of an absolute path. */
export function fileUri(filePath: string): string {
  return host().paths.fileUri(filePath);
}

/** Both paths are absolute and normalized, so a prefix check is enough (and cheap: it runs per file). */
export function isInside(root: string, candidate: string): boolean {
  const sep = host().paths.sep;
  return candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** Why a file cannot be read, in words for a message: `a symbolic link (not followed)`, `a FIFO or a device`. */
export function describeUnread(read: Exclude<FileRead, { kind: 'text' }>): string {
  switch (read.kind) {
    case 'missing':
      return 'no such file';
    case 'outside':
      return 'a symbolic link or a linked folder, which is not followed';
    case 'not-a-file':
      return read.what === 'directory' ? 'a folder, not a file' : 'not a regular file (a FIFO, a socket or a device)';
    case 'too-large':
      return `${(read.size / 1024 / 1024).toFixed(1)} MB, too large to read`;
    case 'unreadable':
      return read.reason;
  }
}

/** One entry of a folder's listing, by its own type (a symbolic link is `other`: never followed). */
export interface ListedEntry {
  name: string;
  kind: 'file' | 'directory' | 'other';
}

export type Listing = { entries: ListedEntry[] } | { error: unknown };

/** node_modules and dot-folders are never entered (a root is, whatever its name). */
export function isSkippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/**
 * The one walk of a folder tree, whatever lists the folders (the disk, the client): yields each folder to list, and
 * is given its entries, taken in name order. Links are never followed, node_modules and dot-folders are skipped, and
 * there is no recursion, so a tree thousands of folders deep is walked.
 */
export function* walk(
  roots: string[],
  options: WalkOptions,
  visitor: WalkVisitor,
  /** A folder's path with a separator after it (`path.join(folder, path.sep)`), under which its entries are. */
  prefixOf: (folder: string) => string,
): Generator<string, void, Listing> {
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
    const prefix = folder.absolutePath === '' ? '' : prefixOf(folder.absolutePath);
    const relativePrefix = folder.relative ? `${folder.relative}/` : '';
    const depth = folder.depth + 1;
    for (const entry of entries) {
      const name = entry.name;
      if (entry.kind === 'directory') {
        if (!isSkippedFolder(name)) below.push({ absolutePath: prefix + name, relative: relativePrefix + name, depth });
      } else if (
        entry.kind === 'file' &&
        visitor.file?.({ absolutePath: prefix + name, relative: relativePrefix + name, depth, name }) === 'stop'
      ) {
        return;
      }
    }
    if (options.order === 'depth-first') pending.push(...below.reverse());
    else pending.push(...below);
  }
}

/** Node's setImmediate, or a timer of no delay where there is none (a Web Worker). */
export const soon: (callback: () => void) => void =
  typeof setImmediate === 'function' ? (callback) => setImmediate(callback) : (callback) => setTimeout(callback, 0);
