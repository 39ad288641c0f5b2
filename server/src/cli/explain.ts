/**
 * `filer-manifest explain <code>`: prints a rule's page (docs/rules/<code>.md, shipped with the package),
 * as `rustc --explain` prints an error's. The code is looked up among the registered rules before
 * anything is read, so no argument ever names a file: the page read is the one the package ships for it.
 */
import { parseArgs } from 'node:util';
import { closest, ruleByCode } from '../engine';
import type { RulePages } from '../lsp/rulePages';
import { UsageError } from './args';
import { PathError } from './manifestFiles';

const explainHelp = `Usage: filer-manifest explain <code>

Prints the page of a rule: what it checks, why it has its severity, a manifest it
reports and one it does not, its quick fix, and how to turn it off. The code is the
one each diagnostic shows, e.g. tools.id-dot.

Exit status: 0, or 2 for a code no rule has.
`;

const options = { help: { type: 'boolean', short: 'h' } } as const;

/** No code is this long: a longer argument is not compared with the codes. */
const longestCode = 64;

export function runExplain(args: string[], pages: RulePages, write: (text: string) => void): number {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, strict: true, options });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.values.help) {
    write(explainHelp);
    return 0;
  }
  const [code, ...rest] = parsed.positionals;
  if (code === undefined) throw new UsageError('Name a rule code: "filer-manifest explain tools.id-dot".');
  if (rest.length > 0) throw new UsageError(`Name one rule code, not ${parsed.positionals.length}.`);
  const rule = ruleByCode.get(code);
  if (!rule) {
    const suggestion = code.length <= longestCode ? closest(code, ruleByCode.keys()) : undefined;
    throw new UsageError(`No rule has the code ${shown(code)}.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`);
  }
  const page = pages.text(rule.code);
  if (page === undefined) {
    const missing = `docs/rules/${rule.code}.md`;
    throw new PathError(`the page of ${rule.code} is not in this installation of filer-manifest (${missing}).`);
  }
  write(page);
  return 0;
}

/**
 * An argument as a message may show it: quoted, and cut when long. Its controls and bidirectional characters are
 * escaped where every message is, on its way to stderr (terminalText, as for any other output).
 */
function shown(argument: string): string {
  const long = argument.length > longestCode;
  const cut = long ? argument.slice(0, longestCode) : argument;
  return long ? `"${cut}…" (${argument.length.toLocaleString('en-US')} characters)` : `"${cut}"`;
}
