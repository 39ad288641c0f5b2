import { parseArgs } from 'node:util';
import { defaultMaxDiagnostics, ruleByCode, type SeverityOverride } from '../engine';

const formats = ['text', 'json', 'sarif'] as const;
type Format = (typeof formats)[number];

const severities: SeverityOverride[] = ['off', 'hint', 'information', 'warning', 'error'];

export interface CheckCommand {
  kind: 'check';
  /** Manifest files, plugin folders, or `-` for stdin; `.` when none is given. */
  paths: string[];
  format: Format;
  severityOverrides: Record<string, SeverityOverride>;
  /** Exit 1 when there are more warnings than this; undefined means warnings never fail. */
  maxWarnings: number | undefined;
  /** At most this many diagnostics per manifest, the last one saying how many more there were. */
  maxDiagnostics: number;
  /** `--fix`: the fixes nobody needs to choose written to the files; `--fix-dry-run`: only said. */
  fix: 'write' | 'dry-run' | undefined;
}

type Command = CheckCommand | { kind: 'help' } | { kind: 'version' };

/** Bad usage: the message is shown as is, followed by a pointer to --help, and the exit code is 2. */
export class UsageError extends Error {}

export const helpText = `Usage: filer-manifest check [options] [paths...]
       filer-manifest gating [options] [paths...]   (see filer-manifest gating --help)
       filer-manifest menu <plugin> --select <names...>   (see filer-manifest menu --help)
       filer-manifest explain <code>   (a rule's page: what it checks, with examples)

Validates Filer plugin manifests the way the Filer loader does.

Paths are manifest.json files or plugin folders (searched for manifest.json below
them, skipping node_modules and dot-folders); "-" reads one manifest from stdin.
With no path, the current folder is searched. A file named and a folder's own
manifest.json are always checked (unless it is a browser-extension or web-app
manifest); one found below a folder only when it looks like a Filer manifest. A
folder with nothing to check is an error (exit 2) that says what was skipped.

Options:
  -f, --format <text|json|sarif>  output format (default: text)
      --rule <code=severity>      override a rule's severity (off, hint, information,
                                  warning, error); repeatable
      --max-warnings <n>          also fail (exit 1) when there are more than n warnings
      --max-diagnostics <n>       list at most n diagnostics per manifest, the last
                                  saying how many more there were (default: ${defaultMaxDiagnostics})
      --fix                       apply the fixes that need no choice (the legacy tool
                                  shape, a byte-order mark, kebab-case, a field Filer
                                  refuses) and report what is left
      --fix-dry-run               say which fixes --fix would apply; write nothing
  -h, --help                      show this help
  -v, --version                   show the version

Exit status: 0 no errors, 1 errors found (or too many warnings), 2 bad usage or
an unreadable path.
`;

export function parseCommandLine(args: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string', short: 'f' },
        rule: { type: 'string', multiple: true },
        'max-warnings': { type: 'string' },
        'max-diagnostics': { type: 'string' },
        fix: { type: 'boolean' },
        'fix-dry-run': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    // parseArgs explains the problem in one line (unknown option, missing value).
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const [command, ...paths] = positionals;
  if (command === undefined) throw new UsageError('No command given: use "filer-manifest check [paths...]".');
  if (command === 'gating' || command === 'menu' || command === 'explain') {
    throw new UsageError(`Put the command first: "filer-manifest ${command} [options]".`);
  }
  if (command !== 'check') {
    throw new UsageError(`Unknown command "${command}": the commands are check, gating, menu and explain.`);
  }

  if (values.fix && values['fix-dry-run']) throw new UsageError('Use --fix or --fix-dry-run, not both.');
  if (values.fix && paths.includes('-'))
    throw new UsageError('--fix cannot write a manifest read from stdin back: use --fix-dry-run, or name the file.');
  return {
    kind: 'check',
    fix: values.fix ? 'write' : values['fix-dry-run'] ? 'dry-run' : undefined,
    paths: paths.length > 0 ? paths : ['.'],
    format: parseFormat(values.format),
    severityOverrides: parseRuleOverrides(values.rule ?? []),
    maxWarnings: parseCount(values['max-warnings'], '--max-warnings', 0),
    maxDiagnostics: parseCount(values['max-diagnostics'], '--max-diagnostics', 1) ?? defaultMaxDiagnostics,
  };
}

function parseFormat(value: string | undefined): Format {
  if (value === undefined) return 'text';
  if ((formats as readonly string[]).includes(value)) return value as Format;
  throw new UsageError(`Unknown format "${value}": use ${formats.join(', ')}.`);
}

function parseRuleOverrides(entries: string[]): Record<string, SeverityOverride> {
  const overrides: Record<string, SeverityOverride> = {};
  for (const entry of entries) {
    const match = /^([^=]+)=(.*)$/.exec(entry);
    if (!match)
      throw new UsageError(`--rule "${entry}" must be code=severity, e.g. --rule tools.path-without-format=off.`);
    const [, code, severity] = match;
    if (!ruleByCode.has(code)) throw new UsageError(`--rule "${entry}": there is no rule with code "${code}".`);
    if (!(severities as string[]).includes(severity)) {
      throw new UsageError(`--rule "${entry}": severity must be one of ${severities.join(', ')}.`);
    }
    overrides[code] = severity as SeverityOverride;
  }
  return overrides;
}

function parseCount(value: string | undefined, option: string, least: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < least)
    throw new UsageError(`${option} "${value}" must be a whole number of ${least} or more.`);
  return Number(value);
}
