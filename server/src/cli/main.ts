/**
 * `filer-manifest check [paths...]`: validates Filer plugin manifests with the same engine as the
 * editor and prints the diagnostics as text, JSON or SARIF. `gating` and `menu` (gating.ts, menu.ts)
 * show what each tool may do and the context menu for a selection; `explain` (explain.ts) prints a
 * rule's page. Exit 0: no errors; 1: errors (or more warnings than --max-warnings); 2: bad usage or a
 * path that cannot be checked.
 */
import * as path from 'node:path';
import packageJson from '../../package.json';
import { allRules, analyzeManifest, checkFailed, manifestFileName, recognizeText, terminalText } from '../engine';
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
import {
  displayPath,
  isChecked,
  PathError,
  readManifest,
  readStdin,
  resolveManifestPaths,
  type ManifestInput,
  type ManifestOrigin,
  type SearchedFolder,
} from './manifestFiles';
import { CheckConfigs } from './configs';
import { countSeverities, type CheckedManifest } from './results';

const programName = 'filer-manifest';

/** One line on stderr: what it quotes of a plugin folder (a path, an id) is terminal text, as on stdout. */
function warn(message: string): void {
  process.stderr.write(`${programName}: ${terminalText(message)}\n`);
}
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
      const write = (text: string) => process.stdout.write(text);
      return review.kind === 'gating'
        ? await runGating(review, process.cwd(), write, warn)
        : runMenu(review, process.cwd(), write);
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
      warn(error.message);
      process.stderr.write(`Run "${programName} --help" for usage.\n`);
      return 2;
    }
    if (error instanceof PathError) {
      warn(error.message);
      return 2;
    }
    // A bug in the validator: say so in one line rather than dump a stack trace on a CI log.
    warn(`internal error: ${(error as Error)?.message ?? String(error)}`);
    return 2;
  }
}

async function check(command: CheckCommand, cwd: string): Promise<number> {
  const { paths, folders, errors } = resolveManifestPaths(command.paths, cwd);
  const inputs: (ManifestInput & { origin: ManifestOrigin })[] = [];
  for (const file of paths) {
    try {
      const input = file === '-' ? await readStdin() : readManifest(file, cwd);
      inputs.push({ ...input, origin: file === '-' ? 'named' : file.origin });
    } catch (error) {
      if (!(error instanceof PathError)) throw error;
      errors.push(error);
    }
  }

  const results: CheckedManifest[] = [];
  const configs = new CheckConfigs(cwd, command.severityOverrides);
  /** Why each manifest.json a folder search found was not checked, by its absolute path. */
  const skipped = new Map<string, string>();
  const notes: { path: string | undefined; text: string }[] = [];
  for (const input of inputs) {
    const file = displayPath(input.absolutePath, cwd);
    // Its config file (filer-manifest.config.json, the nearest above it in its repository): the severities, whether
    // it is ignored, the findings the team accepted.
    const config = configs.forManifest(input.absolutePath);
    if (config.scope?.ignored) {
      if (input.origin !== 'found')
        notes.push({ path: input.absolutePath, text: `${file}: skipped: ignored by ${config.configFile}.` });
      if (input.absolutePath !== undefined) skipped.set(input.absolutePath, `ignored by ${config.configFile}`);
      continue;
    }
    const severityOverrides = config.scope?.severityOverrides ?? command.severityOverrides;
    let analysis: ReturnType<typeof analyzeManifest>;
    try {
      analysis = analyzeManifest(input.text, {
        // Stdin has no folder: the rules that read the files a manifest names stay quiet.
        folder: input.absolutePath === undefined ? undefined : new NodePluginFolder(path.dirname(input.absolutePath)),
        severityOverrides,
        maxDiagnostics: command.maxDiagnostics,
        ...(config.scope && config.used
          ? { suppressions: { entries: config.scope.suppressions, used: config.used } }
          : {}),
      });
    } catch (error) {
      // One manifest whose check throws fails alone: the others are checked and reported.
      const failed = checkFailed('this manifest', error, severityOverrides);
      results.push({ file, absolutePath: input.absolutePath, diagnostics: failed ? [failed] : [] });
      continue;
    }
    if (config.unreadable) analysis.diagnostics.unshift(config.unreadable);
    const recognition = recognizeText(input.text, () => analysis.document.value);
    if (recognition.kind === 'other') {
      if (!isChecked(input.origin, recognition)) {
        skipped.set(input.absolutePath!, recognition.reason);
        const text = `${file}: skipped: not taken as a Filer manifest (${recognition.reason}).`;
        notes.push({ path: input.absolutePath, text });
        continue;
      }
      const text = `${file}: checked, though it does not look like a Filer manifest (${recognition.reason}).`;
      notes.push({ path: input.absolutePath, text });
    }
    results.push({ file, absolutePath: input.absolutePath, diagnostics: analysis.diagnostics });
  }
  results.push(...configs.results());
  // A folder named that yields no manifest to check is an error, which names what was skipped and why
  // (instead of a note per file); the others' notes stand.
  const empty = folders.filter((folder) => folder.files.every((found) => skipped.has(found.absolutePath)));
  const told = new Set(empty.flatMap((folder) => folder.files.map((found) => found.absolutePath)));
  for (const folder of empty) errors.push(new PathError(nothingToCheck(folder, skipped, cwd)));
  // Every path that cannot be checked is named, the others are checked all the same, and the exit code is 2.
  for (const error of errors) warn(error.message);
  for (const note of notes) {
    if (note.path === undefined || !told.has(note.path)) warn(note.text);
  }
  if (results.length === 0 && errors.length > 0) return 2;

  process.stdout.write(format(command, results, cwd));
  const counts = countSeverities(results);
  const tooManyWarnings = command.maxWarnings !== undefined && counts.warning > command.maxWarnings;
  if (tooManyWarnings) {
    warn(`${counts.warning} warnings, more than --max-warnings ${command.maxWarnings}.`);
  }
  if (errors.length > 0) return 2;
  return counts.error > 0 || tooManyWarnings ? 1 : 0;
}

/** How many skipped files a message names; the rest are counted. */
const skippedShown = 3;

function nothingToCheck(folder: SearchedFolder, skipped: Map<string, string>, cwd: string): string {
  const shown = folder.files.slice(0, skippedShown);
  const named = shown.map((found) => `${displayPath(found.absolutePath, cwd)} (${skipped.get(found.absolutePath)})`);
  const rest = folder.files.length - named.length;
  const what =
    folder.files.length === 1
      ? named[0]
      : `${folder.files.length} ${manifestFileName} files: ${named.join('; ')}${rest > 0 ? `; and ${rest} more` : ''}`;
  return `${folder.argument}: no Filer manifest to check in this folder or below it: skipped ${what}.`;
}

function format(command: CheckCommand, results: CheckedManifest[], cwd: string): string {
  switch (command.format) {
    case 'text':
      return formatText(results, { color: wantsColor(process.env, process.stdout.isTTY === true) });
    case 'json':
      return formatJson(results);
    case 'sarif': {
      const homepage = (packageJson as { homepage?: string }).homepage;
      const { version } = packageJson;
      const tool = { name: programName, version, rules: allRules, informationUri: homepage, pages: rulePages() };
      return formatSarif(results, tool, cwd);
    }
  }
}

// A reader that stops early (`| head`) closes the pipe: stop quietly, as other command-line tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  warn(`cannot write the report: ${error.message}`);
  process.exit(2);
});

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
