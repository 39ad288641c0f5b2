/**
 * `filer-manifest check [paths...]`: validates Filer plugin manifests with the same engine as the
 * editor and prints the diagnostics as text, JSON or SARIF. `gating` and `menu` (gating.ts, menu.ts)
 * show what each tool may do and the context menu for a selection; `explain` (explain.ts) prints a
 * rule's page. Exit 0: no errors; 1: errors (or more warnings than --max-warnings); 2: bad usage or a
 * path that cannot be checked.
 */
import * as path from 'node:path';
import packageJson from '../../package.json';
import { allRules, analyzeManifest, recognizeText } from '../engine';
import { NodePluginFolder } from '../host/nodePluginFolder';
import { rulePagesOf } from '../host/rulePages';
import { helpText, parseCommandLine, UsageError, type CheckCommand } from './args';
import { runExplain } from './explain';
import { formatJson } from './formats/json';
import { runGating } from './gating';
import { runMenu } from './menu';
import { parseReviewCommand } from './reviewArgs';
import { formatSarif } from './formats/sarif';
import { formatText, wantsColor } from './formats/text';
import { displayPath, PathError, readManifest, readStdin, resolveManifestPaths, type ManifestInput } from './manifestFiles';
import { countSeverities, type CheckedManifest } from './results';

const programName = 'filer-manifest';

/** The bundle is dist/cli.js: the package's root, which ships docs/rules/, is the folder above. */
const rulePages = () => rulePagesOf(path.join(__dirname, '..'));

async function main(args: string[]): Promise<number> {
  try {
    if (args[0] === 'explain') return runExplain(args.slice(1), rulePages(), (text) => process.stdout.write(text));
    if (args[0] === 'gating' || args[0] === 'menu') {
      const review = parseReviewCommand(args[0], args.slice(1));
      if (review.kind === 'help') {
        process.stdout.write(review.text);
        return 0;
      }
      const warn = (line: string) => process.stderr.write(`${programName}: ${line}\n`);
      const write = (text: string) => process.stdout.write(text);
      return review.kind === 'gating' ? await runGating(review, process.cwd(), write, warn) : runMenu(review, process.cwd(), write);
    }
    const command = parseCommandLine(args);
    if (command.kind === 'help') {
      process.stdout.write(helpText);
      return 0;
    }
    if (command.kind === 'version') {
      process.stdout.write(`${packageJson.version}\n`);
      return 0;
    }
    return await check(command, process.cwd());
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${programName}: ${error.message}\nRun "${programName} --help" for usage.\n`);
      return 2;
    }
    if (error instanceof PathError) {
      process.stderr.write(`${programName}: ${error.message}\n`);
      return 2;
    }
    // A bug in the validator: say so in one line rather than dump a stack trace on a CI log.
    process.stderr.write(`${programName}: internal error: ${(error as Error)?.message ?? String(error)}\n`);
    return 2;
  }
}

async function check(command: CheckCommand, cwd: string): Promise<number> {
  const { paths, errors } = resolveManifestPaths(command.paths, cwd);
  const inputs: (ManifestInput & { named: boolean })[] = [];
  for (const file of paths) {
    try {
      inputs.push(file === '-' ? { ...(await readStdin()), named: true } : { ...readManifest(file, cwd), named: file.named });
    } catch (error) {
      if (!(error instanceof PathError)) throw error;
      errors.push(error);
    }
  }
  // Every path that cannot be checked is named, the others are checked all the same, and the exit code is 2.
  for (const error of errors) process.stderr.write(`${programName}: ${error.message}\n`);
  if (inputs.length === 0 && errors.length > 0) return 2;

  const results: CheckedManifest[] = [];
  for (const input of inputs) {
    const file = displayPath(input.path, cwd);
    const analysis = analyzeManifest(input.text, {
      // Stdin has no folder: the rules that read the files a manifest names stay quiet.
      folder: input.path === undefined ? undefined : new NodePluginFolder(path.dirname(input.path)),
      severityOverrides: command.severityOverrides,
      maxDiagnostics: command.maxDiagnostics,
    });
    // As in the editor: a manifest.json the folder search finds is checked only when it looks like a
    // Filer manifest; a file named on the command line always is, with a note when it does not.
    const recognition = recognizeText(input.text, () => analysis.document.value);
    if (recognition.kind === 'other') {
      process.stderr.write(`${programName}: ${file}: ${input.named ? 'checked, though it does not look like' : 'skipped: not taken as'} a Filer manifest (${recognition.reason}).\n`);
      if (!input.named) continue;
    }
    results.push({ file, path: input.path, diagnostics: analysis.diagnostics });
  }

  process.stdout.write(format(command, results, cwd));
  const counts = countSeverities(results);
  const tooManyWarnings = command.maxWarnings !== undefined && counts.warning > command.maxWarnings;
  if (tooManyWarnings) {
    process.stderr.write(`${programName}: ${counts.warning} warnings, more than --max-warnings ${command.maxWarnings}.\n`);
  }
  if (errors.length > 0) return 2;
  return counts.error > 0 || tooManyWarnings ? 1 : 0;
}

function format(command: CheckCommand, results: CheckedManifest[], cwd: string): string {
  switch (command.format) {
    case 'text':
      return formatText(results, { color: wantsColor(process.env, process.stdout.isTTY === true) });
    case 'json':
      return formatJson(results);
    case 'sarif': {
      const homepage = (packageJson as { homepage?: string }).homepage;
      const pages = rulePages();
      const { version } = packageJson;
      const tool = { name: programName, version, rules: allRules, informationUri: homepage, helpUri: pages.link };
      return formatSarif(results, tool, cwd);
    }
  }
}

// A reader that stops early (`| head`) closes the pipe: stop quietly, as other command-line tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  process.stderr.write(`${programName}: cannot write the report: ${error.message}\n`);
  process.exit(2);
});

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
