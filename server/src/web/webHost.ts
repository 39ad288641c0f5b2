import { configFileName, type FileKind, type FileRead } from '../engine';
import {
  foundConfig,
  isInside,
  maxManifestMegabytes,
  walk,
  type FileStamp,
  type FoundConfig,
  type HostPluginFolder,
  type ListedEntry,
  type Listing,
  type ServerHost,
  type WalkOptions,
  type WalkVisitor,
} from '../lsp/host';
import {
  readDirectoryMethod,
  readFileMethod,
  statMethod,
  type ReadDirectoryResult,
  type ReadFileParams,
  type ReadFileResult,
  type StatResult,
} from '../protocol/requests';
import { posixPaths as paths } from './posixPaths';

/** What the host needs of the connection: to send a request to the client. */
interface RequestSender {
  sendRequest(method: string, params: unknown): Promise<unknown>;
}

/** The same limit as on the disk (host/nodePluginFolder.ts): a larger file is not read. */
const maxReadBytes = maxManifestMegabytes * 1024 * 1024;
/** A folder with more entries than this is not listed, as on the disk (host/nodePluginFolder.ts). */
const maxListedEntries = 100_000;
/** At most this many answers are kept (a 5,000-tool plugin names 10,000 files): past it, a path is not asked. */
const maxKnown = 50_000;
/** Requests in flight at once. */
const concurrency = 16;
/** A client that does not answer within this long: the file counts as unreadable. */
const answerTimeoutMs = 10_000;
/** A message names at most this much of what a client sent. */
const maxQuoted = 200;

/** VS Code's FileType bits. */
const fileBit = 1;
const directoryBit = 2;
const symbolicLinkBit = 64;

type Stat = { kind: 'stat'; type: number; size: number; mtime: number } | { kind: 'missing' } | Failure;
type Failure = { kind: 'failed'; reason: string };
type Answer = Stat | FileRead | Listing;

/** Not asked yet: said of a file a validation reads before the client answered for it (then validated again). */
const notReadYet = 'not read yet: asked of the editor';

/**
 * The language server's host on the web, in a Web Worker with no disk: the plugin folders' files are asked of the
 * client (`filer/fs/stat`, `filer/fs/readFile`, `filer/fs/readDirectory`, served with `workspace.fs`), and only of a
 * client that declared it serves them (`initializationOptions.serveFiles`).
 *
 * The engine reads a plugin folder synchronously (engine/folder/pluginFolder.ts), and a request is not: what the client
 * answered is kept (by absolute path, until the client reports a change there), and a read that finds nothing kept
 * asks the client for it, answers "not read yet", and, once the answers are in, has the server validate again what
 * named those files (`onFilesArrived`), as after a change: the next validation reads them from what is kept. A pulled
 * report waits for the answers (`pendingReads`) and is computed again, so a client sees the finished one; each round
 * asks only for paths it has not asked before, and rounds are bounded (diagnostics/pull.ts), so a read still missing
 * then is said in its finding ("not read yet").
 *
 * The same promises as on the disk: nothing outside the plugin folder (paths are resolved first, `..` cannot climb
 * out), no symbolic link followed (the web cannot say where one leads: a link, or a file in a linked folder, counts as
 * outside), the same size limits, and whatever the client answers is checked: a wrong type, a text past the limit, an
 * error or no answer within answerTimeoutMs counts as a file that cannot be read, on that file alone.
 */
export class WebHost implements ServerHost {
  readonly runtime = 'a Web Worker, the files read through the editor';
  readonly paths = paths;
  readonly caseInsensitive = false;
  private serving = false;
  private readonly known = new Map<string, Answer>();
  private readonly queue = new Map<string, () => Promise<Answer>>();
  private flushing: Promise<void> | undefined;
  private readonly arrivedListeners: ((filePaths: string[]) => void)[] = [];
  private arrived = new Set<string>();

  constructor(private readonly client: RequestSender) {}

  /** Whether the client said it serves files (`initializationOptions.serveFiles: true`). */
  clientDeclared(initializationOptions: unknown): void {
    this.serving =
      typeof initializationOptions === 'object' &&
      initializationOptions !== null &&
      (initializationOptions as { serveFiles?: unknown }).serveFiles === true;
  }

  onFilesArrived(listener: (filePaths: string[]) => void): void {
    this.arrivedListeners.push(listener);
  }

  /** The client reported a change at `filePath`: what was kept of it, of what lies below, and its folder's list go. */
  changed(filePath: string): void {
    const folderListing = `list:${paths.dirname(filePath)}`;
    for (const key of [...this.known.keys()]) {
      const keyPath = key.slice(key.indexOf(':') + 1);
      if (key === folderListing || isInside(filePath, keyPath)) this.known.delete(key);
    }
  }

  pendingReads(): Promise<void> | undefined {
    return this.flushing;
  }

  pluginFolder(root: string): HostPluginFolder {
    return new WebPluginFolder(this, paths.resolve(root));
  }

  readFileInside(root: string, file: string, maxBytes: number): FileRead {
    const resolvedRoot = paths.resolve(root);
    const resolved = paths.resolve(file);
    if (resolved === resolvedRoot || !isInside(resolvedRoot, resolved)) return { kind: 'outside' };
    return this.readText(resolvedRoot, resolved, Math.min(maxBytes, maxReadBytes));
  }

  /** No link is followed on the web (one counts as outside): a path is where it is. */
  realpath(filePath: string): string | undefined {
    return paths.resolve(filePath);
  }

  /** As on the disk (host/configFiles.ts): the first folder up to `boundary` with an entry of that name. */
  findConfigPath(folder: string, boundary: string): string | undefined {
    const stop = paths.resolve(boundary);
    let current = paths.resolve(folder);
    if (!isInside(stop, current)) return undefined;
    for (;;) {
      const candidate = paths.join(current, configFileName);
      const stat = this.stat(candidate);
      // Not known yet: asked; the manifest is validated again once it is.
      if (stat !== undefined && stat.kind !== 'missing') return candidate;
      if (current === stop) return undefined;
      const parent = paths.dirname(current);
      if (parent === current) return undefined;
      current = parent;
    }
  }

  readConfigFile(file: string, boundary: string, text?: string): FoundConfig {
    const read =
      text !== undefined ? { kind: 'text' as const, text } : this.readFileInside(boundary, file, maxReadBytes);
    return foundConfig(file, paths.dirname(file), read);
  }

  fileStamp(filePath: string): FileStamp | undefined {
    const stat = this.stat(paths.resolve(filePath));
    return stat?.kind === 'stat' ? stampOf(stat) : undefined;
  }

  async fileStampAsync(filePath: string): Promise<FileStamp | undefined> {
    const resolved = paths.resolve(filePath);
    if (!this.known.has(`stat:${resolved}`)) await this.answer(`stat:${resolved}`, () => this.askStat(resolved));
    const stat = this.stat(resolved);
    return stat?.kind === 'stat' ? stampOf(stat) : undefined;
  }

  pathExists(filePath: string): boolean {
    const stat = this.stat(paths.resolve(filePath));
    return stat !== undefined && stat.kind !== 'missing';
  }

  async walkFolder(roots: string[], options: WalkOptions, visitor: WalkVisitor): Promise<void> {
    const walker = walk(
      roots.map((root) => paths.resolve(root)),
      options,
      visitor,
      prefixOf,
    );
    for (let step = walker.next(); !step.done;) {
      const key = `list:${step.value}`;
      if (!this.known.has(key)) await this.answer(key, () => this.askListing(step.value as string));
      step = walker.next(this.listing(step.value as string));
    }
  }

  walkFolderSync(roots: string[], options: WalkOptions, visitor: WalkVisitor): void {
    const walker = walk(
      roots.map((root) => paths.resolve(root)),
      options,
      visitor,
      prefixOf,
    );
    for (let step = walker.next(); !step.done; step = walker.next(this.listing(step.value))) {
      // Each step lists the folder the walk asks for, from what is kept (asked of the client when it is not).
    }
  }

  /** What is at an absolute path, as kept; undefined (and asked of the client) when not known yet. */
  stat(resolved: string): Stat | undefined {
    return this.lookup(`stat:${resolved}`, () => this.askStat(resolved)) as Stat | undefined;
  }

  /** The text of a file inside `root` (both resolved): no link followed, nothing past `maxBytes`. */
  readText(root: string, resolved: string, maxBytes: number): FileRead {
    const kind = this.kindInside(root, resolved);
    if (kind === undefined) return { kind: 'unreadable', reason: notReadYet };
    if (typeof kind === 'object') return { kind: 'unreadable', reason: kind.reason };
    if (kind === 'missing' || kind === 'outside') return { kind };
    if (kind !== 'file') return { kind: 'not-a-file', what: kind === 'directory' ? 'directory' : 'other' };
    const stat = this.stat(resolved) as Stat & { kind: 'stat' };
    if (stat.size > maxBytes) return { kind: 'too-large', size: stat.size };
    const read = this.lookup(`read:${resolved}`, () => this.askRead(resolved)) as FileRead | undefined;
    if (read === undefined) return { kind: 'unreadable', reason: notReadYet };
    // The client answered under the host's own limit; a caller's may be lower (a manifest's maxFileSize).
    if (read.kind === 'text' && read.text.length > maxBytes && utf8Length(read.text) > maxBytes)
      return { kind: 'too-large', size: utf8Length(read.text) };
    return read;
  }

  /**
   * What a resolved path inside `root` names: each folder on the way from `root` is stat'ed too (few, and kept), so a
   * linked folder counts as outside; undefined while an answer is awaited, a Failure when the client's was unusable.
   */
  kindInside(root: string, resolved: string): FileKind | Failure | undefined {
    if (resolved !== root && !isInside(root, resolved)) return 'outside';
    const below = resolved === root ? [] : resolved.slice(root.length).split('/').filter(Boolean);
    let current = root;
    let waiting = false;
    for (let i = 0; i <= below.length; i++) {
      if (i > 0) current = current === '/' ? `/${below[i - 1]}` : `${current}/${below[i - 1]}`;
      const stat = this.stat(current);
      if (stat === undefined) {
        waiting = true;
        continue;
      }
      if (stat.kind === 'failed') return stat;
      if (stat.kind === 'missing') return waiting ? undefined : 'missing';
      if (i > 0 && stat.type & symbolicLinkBit) return 'outside';
      const last = i === below.length;
      if (last) return waiting ? undefined : kindOf(stat.type);
      if (!(stat.type & directoryBit)) return waiting ? undefined : 'missing';
    }
    return undefined;
  }

  private listing(folder: string): Listing {
    const listing = this.lookup(`list:${folder}`, () => this.askListing(folder)) as Listing | undefined;
    return listing ?? { error: new Error(notReadYet) };
  }

  /** The kept answer for `key`, or undefined after asking the client for it (unless it cannot be asked). */
  private lookup(key: string, ask: () => Promise<Answer>): Answer | undefined {
    const kept = this.known.get(key);
    if (kept !== undefined) return kept;
    if (!this.serving) return unserved(key);
    if (this.known.size >= maxKnown) return tooMany(key);
    if (!this.queue.has(key)) this.queue.set(key, ask);
    this.flushing ??= Promise.resolve().then(() => this.flush());
    return undefined;
  }

  /** Asks the client for what is queued, `concurrency` at once, until nothing is; then says which paths arrived. */
  private async flush(): Promise<void> {
    try {
      while (this.queue.size > 0) {
        const batch = [...this.queue].slice(0, concurrency);
        for (const [key] of batch) this.queue.delete(key);
        await Promise.all(batch.map(([key, ask]) => this.answer(key, ask, true)));
      }
    } finally {
      this.flushing = undefined;
    }
    const arrived = [...this.arrived];
    this.arrived = new Set();
    if (arrived.length > 0) for (const listener of this.arrivedListeners) listener(arrived);
  }

  /** Asks once, keeps the answer (a failure included: a bad answer is not asked again until a change). */
  private async answer(key: string, ask: () => Promise<Answer>, queued = false): Promise<void> {
    if (this.known.has(key)) return;
    if (!this.serving) {
      this.known.set(key, unserved(key));
      return;
    }
    let answer: Answer;
    try {
      answer = await ask();
    } catch (error) {
      answer = failed(key, `the editor could not read it (${quote(error instanceof Error ? error.message : error)})`);
    }
    if (this.known.size < maxKnown || this.known.has(key)) this.known.set(key, answer);
    if (queued) this.arrived.add(key.slice(key.indexOf(':') + 1));
  }

  private async askStat(resolved: string): Promise<Stat> {
    const result = await this.request(statMethod, { uri: paths.fileUri(resolved) });
    if (result === null) return { kind: 'missing' };
    const stat = result as StatResult;
    if (
      typeof stat !== 'object' ||
      !isCount(stat?.type) ||
      stat.type > 0xff ||
      !isCount(stat.size) ||
      typeof stat.mtime !== 'number' ||
      !Number.isFinite(stat.mtime)
    )
      return { kind: 'failed', reason: `the editor's answer for it was not a file's type and size (${quote(result)})` };
    return { kind: 'stat', type: stat.type, size: stat.size, mtime: stat.mtime };
  }

  private async askRead(resolved: string): Promise<FileRead> {
    const params: ReadFileParams = { uri: paths.fileUri(resolved), maxBytes: maxReadBytes };
    const result = (await this.request(readFileMethod, params)) as ReadFileResult;
    if (result === null) return { kind: 'missing' };
    if (
      typeof result === 'object' &&
      'tooLarge' in result &&
      isCount(result.tooLarge) &&
      result.tooLarge > maxReadBytes
    )
      return { kind: 'too-large', size: result.tooLarge };
    if (typeof result === 'object' && 'text' in result && typeof result.text === 'string') {
      if (result.text.length > maxReadBytes && utf8Length(result.text) > maxReadBytes)
        return { kind: 'too-large', size: utf8Length(result.text) };
      return { kind: 'text', text: result.text };
    }
    return { kind: 'unreadable', reason: `the editor's answer for it was not a file's text (${quote(result)})` };
  }

  private async askListing(folder: string): Promise<Listing> {
    const result = (await this.request(readDirectoryMethod, { uri: paths.fileUri(folder) })) as ReadDirectoryResult;
    if (result === null) return { error: new Error('no such folder') };
    if (!Array.isArray(result) || result.length > maxListedEntries)
      return { error: new Error(`the editor's answer was not a folder's list (${quote(result)})`) };
    const entries: ListedEntry[] = [];
    for (const entry of result) {
      if (!Array.isArray(entry) || !isEntryName(entry[0]) || !isCount(entry[1]))
        return { error: new Error(`the editor's list of the folder held ${quote(entry)}`) };
      const type = entry[1];
      // By its own type: a link is neither a file nor a folder here, as a Dirent of one is on the disk.
      entries.push({ name: entry[0], kind: type & symbolicLinkBit ? 'other' : (kindOf(type) as ListedEntry['kind']) });
    }
    return { entries };
  }

  /** A request, or its failure when the client errs or does not answer within answerTimeoutMs. */
  private request(method: string, params: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no answer within ${answerTimeoutMs / 1000} s`)),
        answerTimeoutMs,
      );
      this.client.sendRequest(method, params).then(
        (result) => {
          clearTimeout(timer);
          resolve(result);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(quote(error)));
        },
      );
    });
  }
}

/** One plugin folder, as the web host keeps it. */
class WebPluginFolder implements HostPluginFolder {
  readonly resolvedThroughLinks = false;

  constructor(
    private readonly host: WebHost,
    readonly root: string,
  ) {}

  stat(relativePath: string): FileKind {
    const kind = this.host.kindInside(this.root, paths.resolve(this.root, relativePath));
    // Awaited, or the client's answer was unusable: a file as far as the rules go, whose read then says why it cannot
    // be read ("not read yet", the client's error), on that file alone.
    return kind === undefined || typeof kind === 'object' ? 'file' : kind;
  }

  readText(relativePath: string): FileRead {
    const resolved = paths.resolve(this.root, relativePath);
    if (resolved === this.root) return { kind: 'not-a-file', what: 'directory' };
    return this.host.readText(this.root, resolved, maxReadBytes);
  }

  creatable(relativePath: string): 'free' | 'exists' | 'outside' {
    const resolved = paths.resolve(this.root, relativePath);
    if (resolved === this.root || !isInside(this.root, resolved)) return 'outside';
    let current = this.root;
    for (const segment of resolved.slice(this.root.length).split('/').filter(Boolean)) {
      current = current === '/' ? `/${segment}` : `${current}/${segment}`;
      const stat = this.host.stat(current);
      if (stat === undefined || stat.kind === 'failed') return 'outside';
      if (stat.kind === 'missing') return 'free';
      if (stat.type & symbolicLinkBit) return 'outside';
      if (current === resolved) return 'exists';
      if (!(stat.type & directoryBit)) return 'outside';
    }
    return 'exists';
  }

  statSignature(relativePath: string): { kind: FileKind; signature: string } {
    const resolved = paths.resolve(this.root, relativePath);
    const kind = this.stat(relativePath);
    const stat = this.host.stat(resolved);
    return { kind, signature: stat?.kind === 'stat' ? `${kind}:${stat.size}:${stat.mtime}` : kind };
  }
}

const prefixOf = (folder: string): string => (folder.endsWith('/') ? folder : `${folder}/`);

function kindOf(type: number): FileKind {
  return type & fileBit ? 'file' : type & directoryBit ? 'directory' : 'other';
}

function stampOf(stat: Stat & { kind: 'stat' }): FileStamp {
  return { isFile: (stat.type & fileBit) !== 0, ino: 0, size: stat.size, mtimeMs: stat.mtime };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** One segment of a path: never empty, `.`, `..`, nor holding a slash or a NUL. */
function isEntryName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= 1024 &&
    value !== '.' &&
    value !== '..' &&
    !/[/\\\0]/.test(value)
  );
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** At most maxQuoted characters of what the client sent, as JSON. */
function quote(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > maxQuoted ? `${text.slice(0, maxQuoted)}…` : text;
}

function failed(key: string, reason: string): Answer {
  if (key.startsWith('list:')) return { error: new Error(reason) };
  if (key.startsWith('read:')) return { kind: 'unreadable', reason };
  return { kind: 'failed', reason };
}

function unserved(key: string): Answer {
  return failed(key, 'the editor does not serve files to the language server (initializationOptions.serveFiles)');
}

function tooMany(key: string): Answer {
  return failed(key, `not read: the language server keeps at most ${maxKnown} answers of the editor`);
}
