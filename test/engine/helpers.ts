import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after } from 'node:test';
import {
  allRules,
  analyzeManifest,
  dataOf,
  type FileRead,
  type ManifestDiagnostic,
  type PluginFolder,
  type RuleCode,
  type RuleData,
  type Severity,
} from '../../server/src/engine';
import { NodePluginFolder } from '../../server/src/host/nodePluginFolder';

/**
 * A manifest with one span marked «like this»: the marks are removed and the span is where the
 * diagnostic must point. Returns the clean text and the marked offset and length.
 */
export function marked(source: string): { text: string; offset: number; length: number } {
  const start = source.indexOf('«');
  const end = source.indexOf('»');
  assert.ok(start >= 0 && end > start, 'the test source marks one span with «…»');
  const text = source.slice(0, start) + source.slice(start + 1, end) + source.slice(end + 1);
  return { text, offset: start, length: end - start - 1 };
}

/** The top level every test manifest needs, so a test shows only what it is about. */
export function manifest(body: string): string {
  return `{\n  "name": "sample-plugin",\n  "displayName": "Sample",\n  "version": "1.0.0"${body.trim() ? `,\n  ${body.trim()}` : ''}\n}`;
}

export interface ExpectOptions {
  folder?: PluginFolder;
  /**
   * For a finding in a file the manifest names (a handler): the plugin folder's files, one of them
   * `at` with the «marked» span (the manifest then has no marks). The folder is made from them.
   */
  inFile?: { at: string; files: Record<string, string> };
  /** The cap on diagnostics (the validator's default when not given). */
  maxDiagnostics?: number;
  /** Validate as a host does a text past its size limit. */
  tooLarge?: RuleData<'diagnostics.file-too-large'>;
  severity?: Severity;
  /** A piece of text the message must contain. */
  message?: string | RegExp;
}

/**
 * Asserts that `code` is reported exactly once, exactly at the «marked» span, and returns it, its data typed by its
 * rule.
 */
export function expectRule<C extends RuleCode>(
  code: C,
  source: string,
  options: ExpectOptions = {},
): ManifestDiagnostic & { data: RuleData<C> } {
  if (options.inFile) return expectRuleInFile(code, source, options.inFile, options);
  const { text, offset, length } = marked(source);
  const diagnostics = analyzeManifest(text, {
    folder: options.folder,
    maxDiagnostics: options.maxDiagnostics,
    tooLarge: options.tooLarge,
  }).diagnostics;
  const found = diagnostics.filter((d) => d.code === code && d.file === undefined);
  assert.equal(found.length, 1, `expected one ${code}, got: ${describe(diagnostics)}`);
  const [diagnostic] = found;
  assert.deepEqual(
    {
      offset: diagnostic.offset,
      length: diagnostic.length,
      text: text.slice(diagnostic.offset, diagnostic.offset + diagnostic.length),
    },
    { offset, length, text: text.slice(offset, offset + length) },
    `${code} points at the marked span`,
  );
  const lines = text.slice(0, offset).split(/\r\n|\r|\n/);
  assert.deepEqual(diagnostic.range.start, { line: lines.length - 1, character: lines[lines.length - 1].length });
  if (options.severity) assert.equal(diagnostic.severity, options.severity);
  if (options.message) {
    if (typeof options.message === 'string')
      assert.ok(diagnostic.message.includes(options.message), `message: ${diagnostic.message}`);
    else assert.match(diagnostic.message, options.message);
  }
  return { ...diagnostic, data: dataOf(diagnostic, code)! };
}

/**
 * expectRule for a finding in another file than the manifest: exactly once, in that file, exactly at its «marked» span.
 */
function expectRuleInFile<C extends RuleCode>(
  code: C,
  manifestText: string,
  inFile: { at: string; files: Record<string, string> },
  options: ExpectOptions,
): ManifestDiagnostic & { data: RuleData<C> } {
  const { text, offset, length } = marked(inFile.files[inFile.at]);
  const { folder } = pluginFolder({ ...inFile.files, [inFile.at]: text });
  const diagnostics = analyzeManifest(manifestText, { folder }).diagnostics;
  const found = diagnostics.filter((d) => d.code === code && d.file === inFile.at);
  assert.equal(found.length, 1, `expected one ${code} in ${inFile.at}, got: ${describe(diagnostics)}`);
  const [diagnostic] = found;
  assert.deepEqual(
    {
      offset: diagnostic.offset,
      length: diagnostic.length,
      text: text.slice(diagnostic.offset, diagnostic.offset + diagnostic.length),
    },
    { offset, length, text: text.slice(offset, offset + length) },
    `${code} points at the marked span of ${inFile.at}`,
  );
  const lines = text.slice(0, offset).split(/\r\n|\r|\n/);
  assert.deepEqual(diagnostic.range.start, { line: lines.length - 1, character: lines[lines.length - 1].length });
  const endLines = text.slice(0, offset + length).split(/\r\n|\r|\n/);
  assert.deepEqual(diagnostic.range.end, {
    line: endLines.length - 1,
    character: endLines[endLines.length - 1].length,
  });
  if (options.severity) assert.equal(diagnostic.severity, options.severity);
  if (options.message) {
    if (typeof options.message === 'string')
      assert.ok(diagnostic.message.includes(options.message), `message: ${diagnostic.message}`);
    else assert.match(diagnostic.message, options.message);
  }
  return { ...diagnostic, data: dataOf(diagnostic, code)! };
}

/**
 * Asserts that none of `codes` is reported. The codes are named: a test that asserted that nothing at all is reported
 * would fail for any rule added later that has something to say of its fixture.
 */
export function expectNone(text: string, codes: readonly [RuleCode, ...RuleCode[]], folder?: PluginFolder): void {
  const diagnostics = analyzeManifest(text, { folder }).diagnostics;
  const named: readonly string[] = codes;
  const unwanted = diagnostics.filter((d) => named.includes(d.code));
  assert.equal(unwanted.length, 0, `expected none of ${codes.join(', ')}, got: ${describe(unwanted)}`);
}

/** The codes of every rule of an area (`tools`: every `tools.*` rule), for a test of a complete entry of the area. */
export function areaCodes(area: string): [RuleCode, ...RuleCode[]] {
  const codes = allRules.map((rule) => rule.code).filter((code): code is RuleCode => code.split('.')[0] === area);
  assert.ok(codes.length > 0, `no rule is of the area ${area}`);
  return codes as [RuleCode, ...RuleCode[]];
}

export function codesOf(text: string, folder?: PluginFolder): string[] {
  return analyzeManifest(text, { folder }).diagnostics.map((d) => d.code);
}

function describe(diagnostics: ManifestDiagnostic[]): string {
  if (diagnostics.length === 0) return '(none)';
  return diagnostics
    .map((d) => `\n  ${d.file ?? ''}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ${d.message}`)
    .join('');
}

const tempRoots: string[] = [];
after(() => tempRoots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A plugin folder on disk with the given files (path → content), removed after the test file. */
export function pluginFolder(files: Record<string, string>): { root: string; folder: NodePluginFolder } {
  const root = mkdtempSync(join(tmpdir(), 'filer-plugin-'));
  tempRoots.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return { root, folder: new NodePluginFolder(root) };
}

/**
 * A plugin folder in memory that remembers what the rules derive from a file until it changes, and
 * counts its changes (as the server's CachedPluginFolder does): the host contract FileFactsMemo relies on.
 */
export class MemoryFolder implements PluginFolder {
  generation = 0;
  private derived = new Map<string, unknown>();

  constructor(private readonly files: Map<string, string>) {}

  stat(relativePath: string) {
    return this.files.has(relativePath)
      ? ('file' as const)
      : [...this.files.keys()].some((path) => path.startsWith(`${relativePath}/`))
        ? ('directory' as const)
        : ('missing' as const);
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

  filesNow(): Map<string, string> {
    return new Map(this.files);
  }

  change(relativePath: string, text: string | undefined): void {
    if (text === undefined) this.files.delete(relativePath);
    else this.files.set(relativePath, text);
    this.derived = new Map();
    this.generation++;
  }
}
