/**
 * `filer-manifest gating [paths...] [--base <git-ref|file|folder>] [--fail-on escalation]`: every tool's
 * approval category from the engine's gatingReport(), and with a base, compareGating()'s changes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  analyzeManifest,
  compareGating,
  gatingReport,
  markdownCode,
  parseDocument,
  recognizeContent,
  recognizeText,
  type GatingReport,
} from '../engine';
import { NodePluginFolder } from '../host/nodePluginFolder';
import { UsageError } from './args';
import { readBase, resolveBase } from './baseManifests';
import { formatGatingJson, formatGatingMarkdown, formatGatingText } from './formats/gating';
import {
  displayPath,
  isChecked,
  PathError,
  readManifest,
  readStdin,
  resolveManifestPaths,
  type ManifestInput,
} from './manifestFiles';
import type { GatedManifest } from './results';
import type { GatingCommand } from './reviewArgs';
import { wantsColor } from './formats/text';

interface Head {
  input: ManifestInput;
  /** Its path below the folder the user named (a file named directly: its name). */
  relativePath: string;
}

export async function runGating(
  command: GatingCommand,
  cwd: string,
  write: (text: string) => void,
  warn: (line: string) => void,
): Promise<number> {
  const heads = await readHeads(command.paths, cwd, warn);
  const firstHead = heads.find((head) => head.input.absolutePath !== undefined)?.input.absolutePath;
  const choice = command.base;
  const base = choice && resolveBase(choice, firstHead, cwd, warn);
  if (choice && base?.kind === 'file' && heads.length !== 1) {
    throw new UsageError(
      `${choice.option} ${choice.spec} is one manifest, but ${heads.length} manifests are given: compare with a folder or a git ref.`,
    );
  }
  if (choice && base && base.kind !== 'file' && heads.some((head) => head.input.absolutePath === undefined)) {
    throw new UsageError(
      `${choice.option} with a ${base.kind === 'git' ? 'git ref' : 'folder'} reads the same path there: give manifest paths, not stdin.`,
    );
  }
  // Markdown marks fields as code in the causes' words; text and JSON keep them plain.
  const code = command.format === 'markdown' ? markdownCode : (text: string) => text;

  const results: GatedManifest[] = heads.map((head) => {
    const file = displayPath(head.input.absolutePath, cwd);
    // Read with its folder, as `check` reads it: a file it names that is missing makes the loader refuse it too.
    const folder = head.input.absolutePath === undefined ? undefined : path.dirname(head.input.absolutePath);
    const report = reportOf(head.input.text, file, '', folder);
    if (!base) return { file, report, comparison: undefined };
    const other = readBase(base, head.input.absolutePath ?? '', head.relativePath, cwd);
    const baseReport = other.text === undefined ? undefined : reportOf(other.text, other.shownAs, '--base ');
    const empty: GatingReport = { ...report, tools: [] };
    return {
      file,
      report,
      comparison: {
        base: other.shownAs,
        found: baseReport !== undefined,
        result: compareGating(baseReport ?? empty, report, code),
      },
    };
  });

  switch (command.format) {
    case 'text':
      write(formatGatingText(results, { color: wantsColor(process.env, process.stdout.isTTY === true) }));
      break;
    case 'markdown':
      write(formatGatingMarkdown(results));
      break;
    case 'json':
      write(formatGatingJson(results));
      break;
  }

  let failed = false;
  // Decision: a gate (--fail-on) fails for a plugin Filer would not load, whatever else it finds: its
  // categories say nothing until it loads. A review alone (no --fail-on) says so and exits 0.
  const refused = results.filter((result) => result.report.refusal);
  if (command.failOn.length > 0 && refused.length > 0) {
    for (const result of refused)
      warn(
        `${result.file}: Filer would not load this plugin: it has errors (filer-manifest check ${result.file} lists them).`,
      );
    failed = true;
  }
  const comparisons = results.flatMap((result) => (result.comparison ? [result.comparison.result] : []));
  if (command.failOn.includes('escalation')) {
    const count = comparisons.reduce(
      (sum, comparison) => sum + comparison.changes.filter((change) => change.escalation).length,
      0,
    );
    if (count > 0)
      warn(
        `${count} ${count === 1 ? 'tool is' : 'tools are'} gated more strictly than in the base (--fail-on escalation).`,
      );
    failed ||= count > 0;
  }
  if (command.failOn.includes('added')) {
    const count = comparisons.reduce((sum, comparison) => sum + comparison.added.length, 0);
    if (count > 0) warn(`${count} ${count === 1 ? 'tool was' : 'tools were'} added (--fail-on added).`);
    failed ||= count > 0;
  }
  return failed ? 1 : 0;
}

/** The manifests to review; when some cannot be read, each is named (the last as the error that ends the run). */
async function readHeads(inputs: string[], cwd: string, warn: (line: string) => void): Promise<Head[]> {
  const heads: Head[] = [];
  const errors: PathError[] = [];
  const seen = new Set<string>();
  const skipped: string[] = [];
  for (const input of inputs) {
    const found = resolveManifestPaths([input], cwd);
    errors.push(...found.errors);
    const root = path.resolve(cwd, input);
    const isFolder = input !== '-' && found.errors.length === 0 && fs.statSync(root).isDirectory();
    for (const file of found.paths) {
      const filePath = file === '-' ? file : file.absolutePath;
      if (seen.has(filePath)) continue;
      seen.add(filePath);
      try {
        const manifest = file === '-' ? await readStdin() : readManifest(file, cwd);
        // As `check` does: a manifest.json a folder search finds that is not a Filer manifest is passed over.
        if (file !== '-' && file.origin !== 'named') {
          const recognition = recognizeText(manifest.text, () => parseDocument(manifest.text).value);
          if (recognition.kind === 'other' && !isChecked(file.origin, recognition)) {
            skipped.push(
              `${displayPath(file.absolutePath, cwd)}: skipped: not taken as a Filer manifest (${recognition.reason}).`,
            );
            continue;
          }
        }
        heads.push({
          input: manifest,
          relativePath:
            file === '-' ? '' : isFolder ? path.relative(root, file.absolutePath) : path.basename(file.absolutePath),
        });
      } catch (error) {
        if (!(error instanceof PathError)) throw error;
        errors.push(error);
      }
    }
  }
  for (const line of skipped) warn(line);
  if (heads.length === 0 && skipped.length > 0)
    errors.push(new PathError('no Filer manifest to review: every manifest.json found was skipped.'));
  for (const error of errors.slice(0, -1)) warn(error.message);
  if (errors.length > 0) throw errors[errors.length - 1];
  return heads;
}

/**
 * The gating report of one manifest's text, validated with the files of `folder` when it has one; a text
 * that is not a Filer manifest is named as such.
 */
function reportOf(text: string, shownAs: string, prefix = '', folder?: string): GatingReport {
  const { document, model, diagnostics } = analyzeManifest(text, {
    folder: folder === undefined ? undefined : new NodePluginFolder(folder),
  });
  const recognition = recognizeContent(document.value);
  if (recognition.kind !== 'filer') {
    const why = recognition.kind === 'empty' ? 'an empty object' : recognition.reason;
    throw new PathError(`${prefix}${shownAs}: not a Filer manifest (${why}).`);
  }
  return gatingReport(model, diagnostics);
}
