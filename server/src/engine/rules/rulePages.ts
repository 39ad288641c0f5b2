import type { Severity } from '../diagnostics';
import { notInTheReference, referenceTitles, type Quote } from './reference';
import type { AnyRule } from './rule';
import type { ExampleFile, FixedExample, RuleDocs } from './ruleDocs';
import { capitalized, sizeWords } from './messages';
import { areaTitleOf, rulesTableMarkdown } from './rulesTable';

/**
 * What a severity says, the same for every rule: what the decision column of a rule adds is why this
 * rule has the one it has.
 */
const severityMeaning: Readonly<Record<Severity, string>> = {
  error:
    'An error is what the loader refuses ("a manifest that fails validation is refused with one message per broken ' +
    'rule and the plugin is not loaded"), or what cannot work as written: a CI run must not pass it.',
  warning:
    'A warning is what the app accepts but ignores, skips or treats otherwise than the manifest seems to say: the ' +
    'plugin loads, and does not do what its author meant.',
  information: 'Information is what the app accepts and does as written, and is worth knowing.',
  hint: 'A hint is what works as written, where a call may still be gated or granted otherwise than its author thinks.',
};

/** One example as a page shows it: its text (without the marks), its files, and what the CLI prints for it. */
export interface ShownExample {
  manifest: string;
  files?: Readonly<Record<string, ExampleFile>>;
  /** The command line that checks it, and what it prints. */
  command: string;
  output: string;
  fixed?: FixedExample;
}

/**
 * docs/rules/<code>.md: what the rule checks, why its severity, its examples, how to turn it off. Why its severity:
 * what every rule of that severity is, unless its docs say why this one has it, then its decision.
 */
export function rulePageMarkdown(
  rule: AnyRule,
  docs: RuleDocs,
  examples: { incorrect: ShownExample[]; correct: ShownExample[] },
): string {
  const fixedExample = examples.incorrect.find((example) => example.fixed);
  const fixed = fixedExample?.fixed;
  const withFix = rule.fix ? ', with a quick fix' : '';
  const lines = [
    `# ${rule.code}`,
    '',
    `**${capitalized(rule.severity)}** in ${areaTitleOf(rule.code)}${withFix}. [Every rule](README.md)`,
    '',
    rule.description,
    '',
    '## What the reference says',
    '',
    ...(docs.quotes === notInTheReference
      ? ['Nothing: this rule is one of ours, not the reference\u2019s. What it rests on is said below.']
      : quotedBySection(docs.quotes)),
    '',
    `## Why ${severityNames[rule.severity]}`,
    '',
    docs.whySeverity ?? severityMeaning[rule.severity],
    ...(docs.decision ? ['', docs.decision] : []),
    '',
    ...('fault' in docs.examples
      ? ['## Examples', '', `None: no plugin shows it. ${docs.examples.fault}`]
      : [
          '## Incorrect',
          ...examples.incorrect.flatMap((example) => ['', ...shown(example, true)]),
          '',
          '## Correct',
          ...examples.correct.flatMap((example) => ['', ...shown(example, false)]),
        ]),
    ...(fixed ? ['', '## The quick fix', '', ...fixShown(fixed, fixedExample.manifest), ...unattendedSaid(rule)] : []),
    '',
    '## Turning it off',
    '',
    'For the whole team, in every editor and in CI: in the `filer-manifest.config.json` at the root of the repository',
    '(`overrides` sets it for some plugins only, and `suppress` accepts one finding where it stands, with its reason):',
    '',
    '```json',
    `{ "rules": { "${rule.code}": "off" } }`,
    '```',
    '',
    'For yourself, in VS Code (or in the `filerManifest` settings of any editor), a severity per rule code:',
    '',
    '```json',
    `"filerManifest.rules": { "${rule.code}": "off" }`,
    '```',
    '',
    'On the command line, and so in CI:',
    '',
    '```sh',
    `filer-manifest check --rule ${rule.code}=off`,
    '```',
    '',
    'The other severities (`hint`, `information`, `warning`, `error`) change it instead of turning it off.',
  ];
  return `${lines.join('\n')}\n`;
}

/** docs/rules/README.md: what the severities mean, and every rule, linked to its page. */
export function rulesIndexMarkdown(rules: AnyRule[]): string {
  const lines = [
    '# Rules',
    '',
    'Every rule of the manifest reference has a stable code, shown with each diagnostic, and a page here: what it',
    'checks, the words of the reference it rests on, why it has its severity, a plugin it reports and one it does',
    'not, its quick fix, and how to turn it off. `filer-manifest explain <code>` prints the page in a terminal.',
    '',
    'The reference, as this version of the tools reads it: the',
    '[manifest reference](../reference/manifest-reference.txt) and the [tools guide](../reference/tools-guide.txt).',
    '',
    ...(['error', 'warning', 'hint'] as const).flatMap((severity) => [`- ${severityMeaning[severity]}`]),
    '',
    rulesTableMarkdown(rules, (code) => `${code}.md`).trimEnd(),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * The quotations as blockquotes, one per run of quotations from the same section, which it names after them.
 * Their words are escaped where Markdown would read them as markup (`**`, `<base64>`), and only there, as a
 * terminal shows the page as it is.
 */
function quotedBySection(quotes: readonly Quote[]): string[] {
  const runs: Quote[][] = [];
  for (const quote of quotes) {
    const run = runs[runs.length - 1];
    if (run && run[0].source === quote.source && run[0].section === quote.section) run.push(quote);
    else runs.push([quote]);
  }
  return runs.flatMap((run, index) => [
    ...(index > 0 ? [''] : []),
    ...run.flatMap(({ words }) => [`> ${words.replace(/\s+/g, ' ').replace(/[\\`*<]/g, '\\$&')}`, '>']),
    `> \u2014 ${referenceTitles[run[0].source]}, \u201c${run[0].section}\u201d`,
  ]);
}

function shown(example: ShownExample, incorrect: boolean): string[] {
  const { manifest, files, command, output } = example;
  const checked = incorrect ? fenced('console', `$ ${command}\n${output}`) : [`\`${command}\` finds nothing.`];
  return [...fenced('json', manifest), ...invisibleIn(manifest), ...filesShown(files ?? {}), '', ...checked];
}

/**
 * What the fix makes of the first incorrect example (whose manifest was `manifest`): its manifest, and the files it
 * edits and creates; a fix that edits another file alone shows that file.
 */
/** Whether the fix is applied with nobody choosing: from the command line, and by the editor's "Fix all". */
function unattendedSaid(rule: AnyRule): string[] {
  return rule.fix?.unattended
    ? [
        '',
        'It needs no choice: `filer-manifest check --fix` applies it, and so does "Fix all" in the editor (the code action `source.fixAll.filer`, also on save).',
      ]
    : [];
}

function fixShown(fixed: FixedExample, manifest: string): string[] {
  const created = Object.entries(fixed.newFiles ?? {});
  const edited = Object.entries(fixed.editedFiles ?? {});
  const manifestKept = fixed.manifest === manifest && edited.length > 0;
  const editedShown = edited.flatMap(([path, text], index) => [
    ...(index > 0 || !manifestKept ? ['', `and makes \`${path}\`:`] : []),
    '',
    ...fenced(languageOf(path), text),
  ]);
  return [
    manifestKept
      ? `**${fixed.title}** leaves the manifest of the first incorrect example as it is, and makes \`${edited[0][0]}\`:`
      : `**${fixed.title}** makes the first incorrect example:`,
    ...(manifestKept ? [] : ['', ...fenced('json', fixed.manifest)]),
    ...editedShown,
    ...created.flatMap(([path, text]) => {
      const content = text ? ['', ...fenced(languageOf(path), text)] : [];
      return ['', `and creates \`${path}\`${text ? ':' : ', empty.'}`, ...content];
    }),
    ...(fixed.placeholder ? ['', 'It adds a value for you to fill in: until you do, the rule still reports it.'] : []),
  ];
}

function filesShown(files: Readonly<Record<string, ExampleFile>>): string[] {
  return Object.entries(files).flatMap(([path, file]) => {
    if (typeof file === 'string')
      return ['', `Beside it, \`${path}\`:`, '', ...fenced(languageOf(path), shortened(file))];
    if ('symlink' in file) return ['', `Beside it, \`${path}\` is a symbolic link to \`${file.symlink}\`.`];
    if ('unreadable' in file)
      return ['', `Beside it, \`${path}\` is a file the system refuses to read (${file.unreadable}).`];
    return ['', `Beside it, \`${path}\` is a file of ${sizeOf(file.bytes)}.`];
  });
}

/** What a page cannot show of a text: the characters that print as nothing, each named with where it is. */
function invisibleIn(text: string): string[] {
  const invisible = /[\u0000-\u0008\u000b-\u001f\u007f\u00ad\u200b-\u200f\u2060\ufeff]/g;
  const found = [...text.matchAll(invisible)].map((match) => {
    const lines = text.slice(0, match.index).split('\n');
    const code = match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    return `U+${code} at line ${lines.length}, column ${lines[lines.length - 1].length + 1}`;
  });
  return found.length > 0 ? ['', `It holds what does not show above: ${found.join(', ')}.`] : [];
}

/** A text whose lines are at most a screen wide: a longer one (generated code) is cut, and says how long it was. */
function shortened(text: string): string {
  return text.replace(
    /^.{160,}$/gm,
    (line) => `${line.slice(0, 120)}… (${line.length.toLocaleString('en-US')} characters)`,
  );
}

/** A fenced block long enough for any backticks inside. */
function fenced(language: string, text: string): string[] {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}${language}`, text.replace(/\n$/, ''), fence];
}

function languageOf(path: string): string {
  if (path.endsWith('.json')) return 'json';
  return /\.[cm]?js$/.test(path) ? 'js' : 'text';
}

function sizeOf(bytes: number): string {
  return bytes >= 1024 * 1024 ? sizeWords(bytes) : `${bytes} bytes`;
}

/** How a page's heading names a severity: "Why an error". */
const severityNames: Readonly<Record<Severity, string>> = {
  error: 'an error',
  warning: 'a warning',
  information: 'information',
  hint: 'a hint',
};
