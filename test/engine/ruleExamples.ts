/**
 * Every rule's examples (the `examples` of its definition), as the runners (test/engine/ruleExamples.test.ts,
 * test/lsp/ruleExamples.test.ts) and the rule pages (docs/rules/, scripts/update-rule-pages.mjs) read them:
 * an example with files is a plugin folder written to disk, one without is a manifest checked alone, as
 * stdin is.
 */
import assert from 'node:assert/strict';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import {
  allRules,
  analyzeManifest,
  configFileName,
  type ExampleFile,
  type FileRead,
  type FixedExample,
  type ManifestAnalysis,
  type OffsetEdit,
  type RuleExample,
} from '../../server/src/engine';
import { docsOf } from '../../server/src/engine/rules/allDocs';
import { isRuleCode } from '../../server/src/engine/rules/registry';
import { rulePageMarkdown, rulesIndexMarkdown, type ShownExample } from '../../server/src/engine/rules/rulePages';
import { CheckConfigs } from '../../server/src/cli/configs';
import { formatText } from '../../server/src/cli/formats/text';
import { NodePluginFolder } from '../../server/src/host/nodePluginFolder';

export type Rule = (typeof allRules)[number];

/** One example of one rule. */
export interface ExampleCase {
  rule: Rule;
  kind: 'incorrect' | 'correct';
  example: RuleExample & { fixed?: FixedExample };
  /** How a failure names it: `tools.id-dot, incorrect example 1`. */
  name: string;
  /** manifest.json without the marks (the example's `files` are without them too). */
  text: string;
  /** In an incorrect example, the span marked «…»: where the rule must point, in manifest.json or in `file`. */
  span?: { file?: string; offset: number; length: number };
}

/** The text without its one «…» mark, and the span marked; undefined when it has no mark. */
function unmarked(source: string, name: string): { text: string; offset: number; length: number } | undefined {
  const [start, end] = [source.indexOf('«'), source.indexOf('»')];
  if (start < 0 && end < 0) return undefined;
  const once = start >= 0 && end > start && source.indexOf('«', start + 1) < 0 && source.indexOf('»', end + 1) < 0;
  assert.ok(once, `${name} marks the one span the rule reports with «…»`);
  const text = source.slice(0, start) + source.slice(start + 1, end) + source.slice(end + 1);
  return { text, offset: start, length: end - start - 1 };
}

/** A rule's examples, each with its text; a rule without examples (one added without them) fails here, by name. */
export function casesOf(rule: Rule): ExampleCase[] {
  const { examples } = docsOf(rule.code);
  // Only the validator's own findings may be faults that no plugin shows.
  if ('fault' in examples) {
    assert.ok(rule.code.startsWith('diagnostics.'), `${rule.code} reports plugins' mistakes: it needs examples`);
    return [];
  }
  assert.ok(examples.incorrect.length > 0 && examples.correct.length > 0, `${rule.code} needs both examples`);
  if (rule.fix) assert.ok(examples.incorrect[0].fixed, `${rule.code} has a fix: its first incorrect example shows it`);
  const cases = (kind: ExampleCase['kind'], list: readonly ExampleCase['example'][]) =>
    list.map((example, index): ExampleCase => {
      const name = `${rule.code}, ${kind} example ${index + 1}`;
      const isText = (entry: [string, ExampleFile]): entry is [string, string] => typeof entry[1] === 'string';
      const texts = Object.entries(example.files ?? {}).filter(isText);
      if (kind === 'correct') {
        const marked = [example.manifest, ...texts.map(([, text]) => text)].some((text) => /[«»]/.test(text));
        assert.ok(!marked, `${name} marks no span: nothing is reported in it`);
        assert.ok(!example.alsoReported, `${name} is reported by nothing, so no other rule either`);
        return { rule, kind, example, name, text: example.manifest };
      }
      for (const code of example.alsoReported ?? []) {
        assert.ok(isRuleCode(code), `${name}: ${code} is a registered rule's code`);
      }
      const inManifest = unmarked(example.manifest, name);
      const inFiles = texts.flatMap(([path, text]) => {
        const found = unmarked(text, `${name} (${path})`);
        return found ? [{ path, ...found }] : [];
      });
      const marks = (inManifest ? 1 : 0) + inFiles.length;
      assert.equal(marks, 1, `${name} marks the one span the rule reports with «…», in manifest.json or one file`);
      if (inManifest) {
        const { text, offset, length } = inManifest;
        return { rule, kind, example, name, text, span: { offset, length } };
      }
      const [{ path, text, offset, length }] = inFiles;
      const files = { ...example.files, [path]: text };
      const span = { file: path, offset, length };
      return { rule, kind, example: { ...example, files }, name, text: example.manifest, span };
    });
  return [...cases('incorrect', examples.incorrect), ...cases('correct', examples.correct)];
}

/** Every rule's examples. */
export function everyCase(): ExampleCase[] {
  return allRules.flatMap(casesOf);
}

/** An example's plugin folder on disk: `<sandbox>/word-count/`, removed by `remove`. */
export interface WrittenExample {
  root: string;
  manifestPath: string;
  folder: NodePluginFolder;
  remove(): void;
}

/**
 * Writes `files` (and manifest.json, `text`) as a plugin folder in a fresh sandbox. A symbolic link's
 * target is made (empty) where it points, which must be in the sandbox: beside the plugin folder, not in it.
 */
export function writeExample(
  text: string,
  files: Readonly<Record<string, ExampleFile>>,
  extra: Readonly<Record<string, string>> = {},
): WrittenExample {
  const sandbox = realpathSync(mkdtempSync(join(tmpdir(), 'filer-example-')));
  const root = join(sandbox, 'word-count');
  const write = (path: string, content: string | Buffer) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  };
  write(join(root, 'manifest.json'), text);
  const refused = new Map<string, string>();
  for (const [path, file] of [...Object.entries(files), ...Object.entries(extra)]) {
    const at = join(root, path);
    if (typeof file === 'string') write(at, file);
    else if ('bytes' in file) write(at, Buffer.alloc(file.bytes, ' '));
    else if ('unreadable' in file) {
      // Written without permissions; and, as the tests may run as root (whom no mode stops), refused by the folder.
      write(at, '');
      chmodSync(at, 0);
      refused.set(path, file.unreadable);
    } else {
      const target = resolve(dirname(at), file.symlink);
      assert.ok(!relative(sandbox, target).startsWith('..'), `the link ${path} points into the example's sandbox`);
      // A target among the example's own files keeps its text.
      if (!existsSync(target)) write(target, '');
      mkdirSync(dirname(at), { recursive: true });
      symlinkSync(file.symlink, at);
    }
  }
  const remove = () => rmSync(sandbox, { recursive: true, force: true });
  return { root, manifestPath: join(root, 'manifest.json'), folder: new RefusingFolder(root, refused), remove };
}

/** The plugin folder on disk, where the system refuses the reads an example says it refuses. */
class RefusingFolder extends NodePluginFolder {
  constructor(
    root: string,
    private readonly refused: ReadonlyMap<string, string>,
  ) {
    super(root);
  }

  override readText(relativePath: string): FileRead {
    const reason = this.refused.get(relativePath);
    return reason === undefined ? super.readText(relativePath) : { kind: 'unreadable', reason };
  }
}

/** Whether an example's folder has a config file (filer-manifest.config.json, whatever it is). */
export function hasConfigFile(example: RuleExample): boolean {
  return Object.keys(example.files ?? {}).some((path) => path.split('/')[0] === configFileName);
}

/** The engine's analysis of an example: with its plugin folder when it has files (the folder is removed after). */
export function analyzeExample<T>(
  text: string,
  example: RuleExample,
  use: (analysis: ManifestAnalysis, written: WrittenExample | undefined) => T,
): T {
  const written = example.files ? writeExample(text, example.files) : undefined;
  try {
    if (!written || !hasConfigFile(example))
      return use(analyzeManifest(text, { folder: written?.folder, ...example.checkedWith }), written);
    // A config file beside the manifest: checked as the CLI checks it (cli/configs.ts), its own findings in it.
    const configs = new CheckConfigs(written.root, {});
    const config = configs.forManifest(written.manifestPath);
    const scope = config.scope;
    const analysis = scope?.ignored
      ? { ...analyzeManifest(text), diagnostics: [] }
      : analyzeManifest(text, {
          folder: written.folder,
          ...example.checkedWith,
          severityOverrides: scope?.severityOverrides,
          ...(scope && config.used ? { suppressions: { entries: scope.suppressions, used: config.used } } : {}),
        });
    if (config.unreadable) analysis.diagnostics.unshift(config.unreadable);
    const inConfig = configs.results().flatMap((result) => result.diagnostics);
    analysis.diagnostics.push(...inConfig.map((diagnostic) => ({ ...diagnostic, file: configFileName })));
    return use(analysis, written);
  } finally {
    written?.remove();
  }
}

/** The text after the edits (by offset, none overlapping). */
export function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  let out = text;
  for (const { offset, length, newText } of [...edits].sort((a, b) => b.offset - a.offset)) {
    out = out.slice(0, offset) + newText + out.slice(offset + length);
  }
  return out;
}

/** A diagnostic as the engine or an LSP server gives it, for listed(). */
interface Said {
  /** A handler's path, for a finding in it. */
  file?: string;
  code?: string | number;
  message: unknown;
  range: { start: { line: number; character: number } };
}

/** Diagnostics, one a line, as a failure lists them. */
export function listed(diagnostics: readonly Said[]): string {
  if (diagnostics.length === 0) return '(none)';
  const line = ({ file, code, message, range: { start } }: Said) =>
    `${file ? `${file}:` : ''}${start.line + 1}:${start.character + 1} ${code} ${message}`;
  return diagnostics.map((diagnostic) => `\n  ${line(diagnostic)}`).join('');
}

/** The command that gives an example's output, with what it is checked with. */
function commandOf({ checkedWith }: RuleExample, command: string): string {
  if (checkedWith?.tooLarge)
    return `in an editor, a manifest of ${checkedWith.tooLarge.megabytes} MB (filerManifest.maxFileSize: ${checkedWith.tooLarge.maxFileSize})`;
  if (checkedWith?.maxTreeValues !== undefined)
    return `${command}   # as if the limit were ${checkedWith.maxTreeValues} values, not 1,000,000`;
  const [check, ...rest] = command.split(' < ');
  return checkedWith?.maxDiagnostics === undefined
    ? command
    : [`${check} --max-diagnostics ${checkedWith.maxDiagnostics}`, ...rest].join(' < ');
}

/**
 * The rule pages, by file name under docs/rules/: a page per rule, each example with what
 * `filer-manifest check` prints for it (the CLI's own text format), and the index.
 */
export function rulePages(): Map<string, string> {
  const pages = new Map<string, string>([['README.md', rulesIndexMarkdown(allRules)]]);
  for (const rule of allRules) {
    const shown = (example: ExampleCase): ShownExample =>
      analyzeExample(example.text, example.example, ({ diagnostics }) => {
        const [file, command] = example.example.files
          ? ['word-count/manifest.json', 'filer-manifest check word-count']
          : ['<stdin>', 'filer-manifest check - < manifest.json'];
        // A handler's findings are printed at the handler, as the CLI does for a folder it was given.
        const absolutePath = example.example.files ? file : undefined;
        const output = formatText([{ file, absolutePath, diagnostics }], { color: false });
        return {
          manifest: example.text,
          files: example.example.files,
          command: commandOf(example.example, command),
          output,
          fixed: example.example.fixed,
        };
      });
    const cases = casesOf(rule);
    const page = rulePageMarkdown(rule, docsOf(rule.code), {
      incorrect: cases.filter((example) => example.kind === 'incorrect').map(shown),
      correct: cases.filter((example) => example.kind === 'correct').map(shown),
    });
    pages.set(`${rule.code}.md`, page);
  }
  return pages;
}
