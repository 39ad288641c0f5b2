/**
 * The engine's entry points, each fed one input and checked: the handler parse (handlerFacts) and the analysis of a
 * manifest with an in-memory plugin folder in which one file is the input. A check returns what went wrong, in words,
 * or undefined: the suites assert it, scripts/fuzz.mjs reports and minimises it.
 */
import {
  addSuppressionEdits,
  analyzeManifest,
  configDiagnostics,
  LineIndex,
  proposeFixes,
  readConfig,
  scopeOf,
  suppressionFor,
  type FileRead,
  type FileKind,
  type ManifestDiagnostic,
  type PluginFolder,
} from '../../server/src/engine';
import { applyEdits } from '../../server/src/engine/fixes/textEdits';
import { handlerFacts, type HandlerKind } from '../../server/src/engine/handlers/handlerFacts';
import { rngFor, type FuzzInput } from './mutations';

/** How long one input may take at one entry point: a bound for hostile input (it hangs or it does not), no target. */
export const engineBoundMs = 10_000;

/** A plugin folder held in memory, remembering what the rules derive from each file, as the server's does. */
export class MemoryPluginFolder implements PluginFolder {
  private readonly derived = new Map<string, unknown>();

  constructor(private readonly files: ReadonlyMap<string, string>) {}

  stat(relativePath: string): FileKind {
    if (this.files.has(relativePath)) return 'file';
    for (const path of this.files.keys()) if (path.startsWith(`${relativePath}/`)) return 'directory';
    return 'missing';
  }

  readText(relativePath: string): FileRead {
    const text = this.files.get(relativePath);
    return text === undefined ? { kind: 'missing' } : { kind: 'text', text };
  }

  rememberUntilChanged<T>(relativePath: string, purpose: string, derive: () => T): T {
    const key = `${purpose}\0${relativePath}`;
    if (!this.derived.has(key)) this.derived.set(key, derive());
    return this.derived.get(key) as T;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Every `{ offset, length }` in a value (the facts' spans and member sites), with where it was found. */
function spansIn(value: unknown, path = 'facts', out: { path: string; offset: number; length: number }[] = []) {
  if (Array.isArray(value)) value.forEach((item, i) => spansIn(item, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.offset === 'number' && typeof record.length === 'number')
      out.push({ path, offset: record.offset, length: record.length });
    for (const [key, item] of Object.entries(record)) spansIn(item, `${path}.${key}`, out);
  }
  return out;
}

export const handlerKinds: readonly HandlerKind[] = ['tool', 'hook', 'command', 'setting'];

/** handlerFacts on `text` as each kind of handler (or those given): no exception, in time, every span inside it. */
export function checkHandlerFacts(
  text: string,
  fileName: string,
  kinds: readonly HandlerKind[] = handlerKinds,
): string | undefined {
  for (const kind of kinds) {
    const started = performance.now();
    let facts;
    try {
      facts = handlerFacts(text, fileName, kind);
    } catch (error) {
      return `handlerFacts(${kind}) threw ${errorText(error)}`;
    }
    const ms = performance.now() - started;
    if (ms > engineBoundMs) return `handlerFacts(${kind}) took ${ms.toFixed(0)} ms`;
    for (const span of spansIn(facts))
      if (!(span.offset >= 0 && span.length >= 0 && span.offset + span.length <= text.length))
        return `handlerFacts(${kind}): ${span.path} at ${span.offset}+${span.length} is outside the text (${text.length})`;
  }
  return undefined;
}

/** A diagnostic as compared between runs: its file, code and place. */
function key(d: ManifestDiagnostic): string {
  return `${d.file ?? 'manifest.json'} ${d.code} ${d.offset}+${d.length}`;
}

/** Whether every diagnostic lies inside its file's text, with a range that agrees with its offsets. */
function malformed(manifestText: string, diagnostics: ManifestDiagnostic[], folder: PluginFolder): string | undefined {
  const lineIndexes = new Map<string, LineIndex>();
  for (const d of diagnostics) {
    const read = d.file === undefined ? undefined : folder.readText(d.file);
    if (d.file !== undefined && read?.kind !== 'text') return `${d.code} is in ${d.file}, which is not a text`;
    const text = read?.kind === 'text' ? read.text : manifestText;
    const file = d.file ?? '';
    if (!lineIndexes.has(file)) lineIndexes.set(file, new LineIndex(text));
    const lines = lineIndexes.get(file)!;
    if (!(d.offset >= 0 && d.length >= 0 && d.offset + d.length <= text.length))
      return `${key(d)} is outside its text (${text.length})`;
    const start = lines.positionAt(d.offset);
    const end = lines.positionAt(d.offset + d.length);
    if (JSON.stringify([start, end]) !== JSON.stringify([d.range.start, d.range.end]))
      return `${key(d)}: its range ${JSON.stringify(d.range)} is not its offsets'`;
    if (!d.message || /\[object Object\]|\bNaN\b/.test(d.message)) return `${key(d)}: message ${d.message}`;
  }
  return undefined;
}

/** A plugin as files (path → text), its manifest at manifest.json. */
export type PluginFiles = ReadonlyMap<string, string>;

const baselines = new WeakMap<PluginFiles, ManifestDiagnostic[]>();

function analyze(files: PluginFiles) {
  const folder = new MemoryPluginFolder(files);
  const manifestText = files.get('manifest.json') ?? '';
  const started = performance.now();
  const { diagnostics } = analyzeManifest(manifestText, { folder, maxDiagnostics: 100_000 });
  return { folder, manifestText, diagnostics, ms: performance.now() - started };
}

/**
 * analyzeManifest on `plugin` with the file at `path` replaced by `text` (a handler, a tool schema or the manifest):
 * no exception, within the bound, every diagnostic well-formed, and every other file's diagnostics as in the
 * unchanged plugin's, when the input is not the manifest (whose text decides what is read).
 */
export function checkPluginAnalysis(plugin: PluginFiles, path: string, text: string): string | undefined {
  let baseline = baselines.get(plugin);
  if (!baseline) {
    baseline = analyze(plugin).diagnostics;
    baselines.set(plugin, baseline);
  }
  const files = new Map(plugin);
  files.set(path, text);
  let result;
  try {
    result = analyze(files);
  } catch (error) {
    return `analyzeManifest threw ${errorText(error)}`;
  }
  if (result.ms > engineBoundMs) return `analyzeManifest took ${result.ms.toFixed(0)} ms`;
  const wrong = malformed(result.manifestText, result.diagnostics, result.folder);
  if (wrong) return wrong;
  const unsuppressed = suppressionsHold(result.manifestText, result.folder);
  if (unsuppressed) return unsuppressed;
  // A manifest names what is read, and a tool schema decides what its handler's arguments are: only a handler's own
  // diagnostics may change with it.
  if (!/\.(js|cjs|mjs)$/.test(path)) return undefined;
  const others = (diagnostics: ManifestDiagnostic[]) =>
    diagnostics
      .filter((d) => d.file !== undefined && d.file !== path)
      .map(key)
      .join('\n');
  if (others(result.diagnostics) !== others(baseline))
    return `the other files' diagnostics changed:\n${others(baseline)}\n→\n${others(result.diagnostics)}`;
  return undefined;
}

/**
 * The suppression fixes on the findings of a mutated plugin (the first few of each kind): "Suppress <code> in
 * filer-manifest.config.json" writes an entry that silences exactly its finding, which config.unused-suppression then
 * does not report; "Remove this unused suppression" of a handler's comment edits it so that the comment is gone (or
 * no longer names the code). Neither throws.
 */
function suppressionsHold(manifestText: string, folder: PluginFolder): string | undefined {
  try {
    const analysis = analyzeManifest(manifestText, { folder, maxDiagnostics: 100_000 });
    const offered = analysis.diagnostics.flatMap((d) => {
      const entry = suppressionFor(d, analysis.document.root, 'plugin/manifest.json');
      return entry ? [{ d, entry }] : [];
    });
    for (const { d, entry } of offered.slice(0, 3)) {
      const edits = addSuppressionEdits('{}\n', entry);
      if (!edits) return `${key(d)}: no entry could be added to an empty config`;
      const config = readConfig(applyEdits('{}\n', edits));
      const scope = scopeOf(config, 'plugin/manifest.json');
      const used = new Set<number>();
      const after = analyzeManifest(manifestText, {
        folder,
        maxDiagnostics: 100_000,
        severityOverrides: scope.severityOverrides,
        suppressions: { entries: scope.suppressions, used },
      });
      if (after.diagnostics.some((other) => key(other) === key(d))) return `${key(d)}: not suppressed at ${entry.at}`;
      const checked = new Map([['plugin/manifest.json', scope.severityOverrides]]);
      const left = configDiagnostics(config, { used, checked });
      if (left.length > 0) return `${key(d)}: the config's findings: ${left.map((c) => c.message).join(' ')}`;
    }
    const unused = analysis.diagnostics.filter((d) => d.code === 'handlers.unused-suppression').slice(0, 3);
    for (const d of unused) {
      const read = folder.readText(d.file!);
      if (read.kind !== 'text') continue;
      for (const proposal of proposeFixes(d, analysis, { creatable: () => 'outside', folderName: 'p' }))
        for (const fileEdit of proposal.fileEdits ?? []) {
          const edits = fileEdit.editsFor(read.text);
          if (!edits) return `${key(d)}: ${proposal.title} has no edit of the text it was offered for`;
          const text = applyEdits(read.text, edits);
          if (text.length >= read.text.length) return `${key(d)}: ${proposal.title} removed nothing`;
        }
    }
  } catch (error) {
    return `a suppression fix threw ${errorText(error)}`;
  }
  return undefined;
}

const variants = new WeakMap<PluginFiles, Map<string, PluginFiles>>();

/**
 * `plugin` with its handler at `path` renamed to end in `extension` (.cjs is read as a script, .mjs and .js as a
 * module first), the manifest naming it so: the same object for the same arguments, so that its baseline is computed
 * once. Returns the plugin and the handler's new path.
 */
export function withHandlerExtension(
  plugin: PluginFiles,
  path: string,
  extension: string,
): { plugin: PluginFiles; path: string } {
  const renamed = path.replace(/\.[cm]?js$/, extension);
  if (renamed === path) return { plugin, path };
  const cache = variants.get(plugin) ?? new Map<string, PluginFiles>();
  variants.set(plugin, cache);
  let variant = cache.get(renamed);
  if (!variant) {
    const files = new Map(plugin);
    files.set(renamed, files.get(path) ?? '');
    files.delete(path);
    files.set(
      'manifest.json',
      (files.get('manifest.json') ?? '').split(JSON.stringify(path)).join(JSON.stringify(renamed)),
    );
    variant = files;
    cache.set(renamed, variant);
  }
  return { plugin: variant, path: renamed };
}

/** The handler modules a plugin's manifest names (the paths it writes that are files of the plugin ending in .js). */
export function namedHandlers(plugin: PluginFiles): string[] {
  const manifestText = plugin.get('manifest.json') ?? '';
  return [...plugin.keys()].filter(
    (path) =>
      /\.(js|cjs|mjs)$/.test(path) && (manifestText.includes(`"${path}"`) || manifestText.includes(`"./${path}"`)),
  );
}

/**
 * Where a mutated handler goes: a plugin of `plugins` and a handler its manifest names (by the input's seed), renamed
 * to the input's extension unless `renamed` is false.
 */
export function placeHandlerInput(
  input: FuzzInput,
  plugins: ReadonlyMap<string, PluginFiles>,
  renamed = true,
): { name: string; plugin: PluginFiles; path: string } {
  const rng = rngFor(input.seed, input.index, 'handler-place');
  const [name, files] = rng.pick([...plugins].filter(([, files]) => namedHandlers(files).length > 0));
  const extension = (renamed && /\.[cm]?js$/.exec(input.base.fileName)?.[0]) || '.js';
  return { name, ...withHandlerExtension(files, rng.pick(namedHandlers(files)), extension) };
}

/**
 * Where a mutated manifest or tool schema goes: its own place in its example plugin, or (a schema of this repository)
 * word-count's manifest.json.
 */
export function placeManifestInput(
  input: FuzzInput,
  plugins: ReadonlyMap<string, PluginFiles>,
): { name: string; plugin: PluginFiles; path: string } {
  const [, name, path] = /^examples\/([^/]+)\/(.+)$/.exec(input.base.name) ?? [];
  return name && plugins.has(name)
    ? { name, plugin: plugins.get(name)!, path }
    : { name: 'word-count', plugin: plugins.get('word-count')!, path: 'manifest.json' };
}
