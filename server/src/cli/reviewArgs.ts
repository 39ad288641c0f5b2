/**
 * The review commands' command lines: `filer-manifest gating` (what each tool may do, and what changed
 * against a base) and `filer-manifest menu` (the context menu for a selection).
 */
import { parseArgs } from 'node:util';
import type { MenuSelection } from '../engine';
import { UsageError } from './args';
import type { BaseOption } from './baseManifests';

const gatingFormats = ['text', 'markdown', 'json'] as const;
type GatingFormat = (typeof gatingFormats)[number];
const failOnValues = ['escalation', 'added'] as const;
type FailOn = (typeof failOnValues)[number];
const menuFormats = ['text', 'json'] as const;
type MenuFormat = (typeof menuFormats)[number];

export interface GatingCommand {
  kind: 'gating';
  /** Manifest files, plugin folders, or `-` for stdin; `.` when none is given. */
  paths: string[];
  format: GatingFormat;
  /** A git ref, a manifest file or a folder of plugins to compare with, and which the user said it is. */
  base: BaseOption | undefined;
  failOn: FailOn[];
}

export interface MenuCommand {
  kind: 'menu';
  /** The plugin: its manifest file or its folder. */
  plugin: string;
  selection: MenuSelection;
  format: MenuFormat;
}

const gatingHelp = `Usage: filer-manifest gating [options] [paths...]

For every plugin, each tool's approval category (external, delete, modify, read), why (its
annotations, or what the plugin's permissions and runtime imply, and which one won), and when
the approval gate asks.

Options:
  -f, --format <text|markdown|json>  output format (default: text); markdown is made for a
                                     pull-request comment or $GITHUB_STEP_SUMMARY
      --base <git-ref|file|folder>   compare with another version: tools added and removed and
                                     every category change, escalations first, with the cause
      --base-ref <git-ref>           the same, with a git ref and never a path
      --base-path <file|folder>      the same, with a file or folder and never a git ref
      --fail-on <escalation|added>   with a base: exit 1 when a tool's category rose
                                     (escalation) or a tool was added (added); repeatable
  -h, --help                         show this help

--base is a git ref when the repository holding the manifests has a commit of that name,
even if a file or folder of that name exists too (a note says so), else a file or folder.
A git ref is read as "<ref>:<path>" from the repository that holds each manifest, with git
running no command and fetching nothing; a folder base is matched by the manifests' paths
below it. A plugin Filer would not load (its manifest has errors) is said to be so. Exit
status: 0, or 1 when --fail-on finds what it names, or finds a plugin Filer would not load;
2 on bad usage, an unreadable path, or a base that cannot be read.
`;

const menuHelp = `Usage: filer-manifest menu <plugin> (--select <names...> | --folder <name>) [options]

The right-click menu Filer would build from the plugin's manifest for a selection: each entry
with the dialog it opens, and why the other actions are not offered. Only the names'
extensions matter; the files need not exist.

Options:
      --select <names...>   one or more selected files (e.g. --select a.md b.pdf)
      --folder <name>       a selected folder
  -f, --format <text|json>  output format (default: text)
  -h, --help                show this help

Exit status: 0, or 2 on bad usage or an unreadable path.
`;

type ReviewCommand = GatingCommand | MenuCommand | { kind: 'help'; text: string };

export function parseReviewCommand(name: 'gating' | 'menu', args: string[]): ReviewCommand {
  return name === 'gating' ? parseGating(args) : parseMenu(args);
}

function parseGating(args: string[]): ReviewCommand {
  const { values, positionals } = usage(() =>
    parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string', short: 'f' },
        base: { type: 'string' },
        'base-ref': { type: 'string' },
        'base-path': { type: 'string' },
        'fail-on': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (values.help) return { kind: 'help', text: gatingHelp };
  const failOn = (values['fail-on'] ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => {
      if (!(failOnValues as readonly string[]).includes(value))
        throw new UsageError(`--fail-on "${value}": use ${failOnValues.join(' or ')}.`);
      return value as FailOn;
    });
  const bases = (['--base', '--base-ref', '--base-path'] as const).flatMap((option) => {
    const spec = values[option.slice(2) as 'base' | 'base-ref' | 'base-path'];
    return spec === undefined ? [] : [{ option, spec }];
  });
  if (bases.length > 1)
    throw new UsageError(`Give one base: ${bases.map((base) => base.option).join(' and ')} are both given.`);
  const [base] = bases;
  if (failOn.length > 0 && base === undefined)
    throw new UsageError('--fail-on compares with a base: give --base <git-ref|file|folder> too.');
  if (base?.spec === '')
    throw new UsageError(
      `${base.option} is empty: give ${{ '--base': 'a git ref, a manifest file or a folder', '--base-ref': 'a git ref', '--base-path': 'a manifest file or a folder' }[base.option]}.`,
    );
  return {
    kind: 'gating',
    paths: positionals.length > 0 ? positionals : ['.'],
    format: oneOf(values.format, gatingFormats),
    base,
    failOn: [...new Set(failOn)],
  };
}

function parseMenu(args: string[]): ReviewCommand {
  const { values, tokens } = usage(() =>
    parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      tokens: true,
      options: {
        select: { type: 'string', multiple: true },
        folder: { type: 'string' },
        format: { type: 'string', short: 'f' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (values.help) return { kind: 'help', text: menuHelp };
  // `--select a.md b.md`: the names after --select, up to the next option, are all selected.
  const selected: string[] = [];
  const others: string[] = [];
  let afterSelect = false;
  for (const token of tokens) {
    if (token.kind === 'option') {
      afterSelect = token.name === 'select';
      if (afterSelect && token.value !== undefined) selected.push(token.value);
    } else if (token.kind === 'positional') (afterSelect ? selected : others).push(token.value);
    else afterSelect = false;
  }
  const [plugin, ...extra] = others;
  if (plugin === undefined)
    throw new UsageError(
      'menu needs the plugin: its manifest.json or its folder, e.g. "filer-manifest menu . --select report.md".',
    );
  if (extra.length > 0)
    throw new UsageError(`menu takes one plugin; "${extra[0]}" is one too many (selected names go after --select).`);
  const folder = values.folder;
  if (folder !== undefined && selected.length > 0)
    throw new UsageError('Give either --select <names...> or --folder <name>, not both.');
  if (folder === undefined && selected.length === 0)
    throw new UsageError('Say what is right-clicked: --select <names...> for files, or --folder <name>.');
  const names = (folder !== undefined ? [folder] : selected).map(withoutTrailingSeparators);
  const empty = names.find((name) => name.trim() === '');
  if (empty !== undefined)
    throw new UsageError(`A selected ${folder !== undefined ? 'folder' : 'file'} name is empty.`);
  const selection: MenuSelection =
    folder !== undefined ? { kind: 'folder', names } : { kind: names.length === 1 ? 'file' : 'files', names };
  return { kind: 'menu', plugin, selection, format: oneOf(values.format, menuFormats) };
}

function usage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    // parseArgs explains the problem in one line (unknown option, missing value).
    throw new UsageError((error as Error).message);
  }
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): T {
  if (value === undefined) return allowed[0];
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`Unknown format "${value}": use ${allowed.join(', ')}.`);
}

/** `photos/` names the folder `photos`; a loop, not /[\\/]+$/, which backtracks on a long run of slashes. */
function withoutTrailingSeparators(name: string): string {
  let end = name.length;
  while (end > 0 && (name[end - 1] === '/' || name[end - 1] === '\\')) end--;
  return name.slice(0, end);
}
