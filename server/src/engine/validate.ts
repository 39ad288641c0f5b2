import { suppressionMatcher, type ConfigSuppression } from './config/projectConfig';
import type { Severity } from './diagnostics';
import type { PluginFolder } from './folder/pluginFolder';
import { errorWords, referencedFiles, type ReferencedFiles } from './folder/referencedFiles';
import { buildModel, type ManifestModel } from './model/manifestModel';
import { fileReferences, type FileReference } from './model/references';
import { parseDocument, type ParsedDocument } from './parse/parseDocument';
import { strictestOf } from './rules/diagnostics';
import {
  isRuleCode,
  ruleAreas,
  ruleByCode,
  type ManifestDiagnostic,
  type RuleCode,
  type RuleData,
} from './rules/registry';
import type { AnyRule, FileSpan, RuleContext, Target } from './rules/rule';

export type SeverityOverride = Severity | 'off';

/** Which findings a validation looks for: the manifest's own, or those in its handler files too. */
export type FindingsWanted = 'own' | 'with-handlers';

interface ValidateOptions {
  /** The plugin folder, for the rules that read the files the manifest names. */
  folder?: PluginFolder;
  /** Per-rule severities by code, as a user configures them. */
  severityOverrides?: Record<string, SeverityOverride>;
  /**
   * The findings looked for: the manifest's own and those in its handler files (the default, as the CLI reports), or
   * only its own (an editor showing the manifest, which parses a handler only when a finding in the manifest needs it).
   */
  findings?: FindingsWanted;
  /**
   * At most this many diagnostics, the last of them saying how many more there were; defaultMaxDiagnostics when not
   * given.
   */
  maxDiagnostics?: number;
  /**
   * For a host that validates version after version of one document: what the last validation learnt
   * of the files the manifest names, and the folder's generation now (the host's count of changes in
   * it, which moves whenever anything the folder would answer may have changed).
   */
  fileFacts?: { memo: FileFactsMemo; folderGeneration: number };
  /**
   * For a text larger than the host's limit: only its JSON syntax is checked, and a diagnostic at its start says why.
   */
  tooLarge?: RuleData<'diagnostics.file-too-large'>;
  /** How many values analyzeManifest parses the text into a tree of, at most (MAX_TREE_VALUES unless told). */
  maxTreeValues?: number;
  /**
   * The findings the team accepted (a config file's suppressions of this manifest, engine/config/projectConfig.ts):
   * left out before the cap, so that they take no place of another; the index of each suppression that accepted one
   * is added to `used`.
   */
  suppressions?: { entries: readonly ConfigSuppression[]; used: Set<number> };
}

/**
 * What the last validation of one document learnt of the files its manifest names, for the next
 * version's to reuse: the same references (kind, path and tool, in order) in the same folder, with
 * no change in it since, give the same facts, so an edit elsewhere costs no lookups of 2N paths.
 * The rules still make every finding, from the new version's references.
 */
export class FileFactsMemo {
  private last: { folder: PluginFolder; folderGeneration: number; files: ReferencedFiles } | undefined;

  files(model: ManifestModel, folder: PluginFolder | undefined, folderGeneration: number): ReferencedFiles {
    const last = this.last;
    if (folder && last && last.folder === folder && last.folderGeneration === folderGeneration) {
      const references = fileReferences(model);
      if (sameReferences(references, last.files.references))
        return this.remember(folder, folderGeneration, rebound(last.files, references));
      // A path was edited: the references just made are the ones to read, not made a second time.
      return this.remember(folder, folderGeneration, referencedFiles(model, folder, references));
    }
    return this.remember(folder, folderGeneration, referencedFiles(model, folder));
  }

  private remember(
    folder: PluginFolder | undefined,
    folderGeneration: number,
    files: ReferencedFiles,
  ): ReferencedFiles {
    this.last = folder ? { folder, folderGeneration, files } : undefined;
    return files;
  }
}

function sameReferences(a: FileReference[], b: FileReference[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i].kind !== b[i].kind || a[i].filePath !== b[i].filePath || a[i].toolIndex !== b[i].toolIndex) return false;
  }
  return true;
}

/**
 * The same facts at the new references: each reference the facts hold is pointed at its new node and
 * JSON path, in place (no other version reads them: the memo holds the only ones), so that the
 * findings are made at the new version's positions and nothing is copied.
 */
function rebound(files: ReferencedFiles, references: FileReference[]): ReferencedFiles {
  for (let i = 0; i < references.length; i++) {
    const reference = files.references[i];
    reference.node = references[i].node;
    reference.jsonPath = references[i].jsonPath;
  }
  return files;
}

/** A text of `1 1 1 …` would otherwise give a diagnostic every two characters: 2,000,000 for 4 MB. */
export const defaultMaxDiagnostics = 1000;

/**
 * How many findings a validation under a cap of `maxDiagnostics` keeps (the rest are only counted): what a parse for it
 * keeps of each kind.
 */
export function findingsKept(maxDiagnostics = defaultMaxDiagnostics): number {
  return 2 * Math.max(1, maxDiagnostics);
}

/** Everything the features need about one version of a manifest: parsed once, read by all. */
export interface ManifestAnalysis {
  document: ParsedDocument;
  model: ManifestModel;
  diagnostics: ManifestDiagnostic[];
}

export function analyzeManifest(text: string, options: ValidateOptions = {}): ManifestAnalysis {
  const document = parseDocument(text, undefined, findingsKept(options.maxDiagnostics), options.maxTreeValues);
  const model = buildModel(document);
  return { document, model, diagnostics: validateModel(model, options) };
}

/**
 * Runs every rule area over a model; the result is sorted by position. Never throws: a check that fails is a finding
 * (diagnostics.check-failed), so a host goes on with every other file.
 */
export function validateModel(model: ManifestModel, options: ValidateOptions = {}): ManifestDiagnostic[] {
  try {
    return validateEveryArea(model, options);
  } catch (error) {
    return [checkFailed('this manifest', error, options.severityOverrides)].filter((found) => found !== undefined);
  }
}

/**
 * The finding that the check of `part` failed, at the manifest's start (none when the user turned the rule off): what
 * a host says of a manifest whose check threw.
 */
export function checkFailed(
  part: string,
  error: unknown,
  overrides: Record<string, SeverityOverride> = {},
): ManifestDiagnostic | undefined {
  const severity = severityOf(overrides, 'diagnostics.check-failed') ?? 'warning';
  if (severity === 'off') return undefined;
  const data: RuleData<'diagnostics.check-failed'> = { part, failure: errorWords(error) };
  const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const rule = ruleByCode.get('diagnostics.check-failed')!;
  const code = 'diagnostics.check-failed';
  return { range: at, offset: 0, length: 0, severity, code, message: messageOf(rule, data), data };
}

function validateEveryArea(full: ManifestModel, options: ValidateOptions): ManifestDiagnostic[] {
  // Past the size limit only the syntax is checked: a model without a root gives the rules nothing else to read.
  const model = options.tooLarge ? buildModel({ ...full.document, root: undefined, value: undefined }) : full;
  const diagnostics: ManifestDiagnostic[] = [];
  const lines = model.document.lines;
  const textLength = model.document.text.length;
  const overrides = options.severityOverrides ?? {};
  const suppress = options.suppressions
    ? suppressionMatcher(options.suppressions.entries, model.document.root, options.suppressions.used)
    : undefined;
  const max = Math.max(1, options.maxDiagnostics ?? defaultMaxDiagnostics);
  // Twice the cap is kept, so that the ones shown are the first by position of nearly all; the rest are only counted.
  const kept = findingsKept(max);
  const beyond: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  let files: ReferencedFiles | undefined;
  const fileFacts = options.fileFacts;
  // The message and data are made only for a finding that is kept: one past the cap is only counted.
  type Described = (rule: AnyRule) => { message: string; data: unknown };
  const emit = (code: string, target: Target | FileSpan, described: Described) => {
    if (!isRuleCode(code)) throw new Error(`Unregistered rule code ${code}`);
    const rule = ruleByCode.get(code)!;
    const severity = severityOf(overrides, code) ?? rule.severity;
    if (severity === 'off') return;
    if (suppress?.(code, 'file' in target ? target.file : undefined, target.offset, target.length)) return;
    if (diagnostics.length >= kept) {
      beyond[severity]++;
      return;
    }
    if ('file' in target) {
      const { file, offset, length, range } = target;
      diagnostics.push({ file, range, offset, length, severity, code, ...described(rule) });
      return;
    }
    // jsonc-parser reports an error at the end of the text with length 1: keep every range inside it.
    const offset = Math.min(target.offset, textLength);
    const length = Math.min(target.length, textLength - offset);
    const { message, data } = described(rule);
    diagnostics.push({ range: lines.rangeOf(offset, length), offset, length, severity, code, message, data });
  };
  const reportFinding = (code: string, target: Target | FileSpan, data: unknown) =>
    emit(code, target, (rule) => ({ message: messageOf(rule, data), data }));
  const context: RuleContext = {
    model,
    folder: options.folder,
    files: () =>
      (files ??= fileFacts
        ? fileFacts.memo.files(model, options.folder, fileFacts.folderGeneration)
        : referencedFiles(model, options.folder)),
    report: reportFinding,
    reportIn: reportFinding,
    reportShape: (code, target, described) => emit(code, target, described),
    countBeyond: (code, count) => {
      const severity = severityOf(overrides, code) ?? ruleByCode.get(code)!.severity;
      if (severity !== 'off') beyond[severity] += count;
    },
  };
  if (options.tooLarge) reportFinding('diagnostics.file-too-large', { offset: 0, length: 0 }, options.tooLarge);
  const valueLimit = model.document.valueLimitExceeded;
  if (valueLimit !== undefined) reportFinding('diagnostics.too-many-values', { offset: 0, length: 0 }, { valueLimit });
  const inHandlersToo = options.findings !== 'own';
  for (const area of ruleAreas) {
    if (!inHandlersToo && area.findingsIn === 'handlers') continue;
    // One area that throws fails alone: what it reported stands, the others run, and the failure is one finding.
    try {
      area.check?.(context);
    } catch (error) {
      const part = `the ${areaOf(area)} rules`;
      reportFinding('diagnostics.check-failed', { offset: 0, length: 0 }, { part, failure: errorWords(error) });
    }
  }
  // The manifest's own first, then each other file's, each by position.
  diagnostics.sort((a, b) => compareFiles(a.file, b.file) || a.offset - b.offset || a.length - b.length);
  // Findings the parse only counted are beyond the cap too.
  if (diagnostics.length <= max && Object.values(beyond).every((count) => count === 0)) return diagnostics;
  const cuts = diagnostics.splice(Math.min(max - 1, diagnostics.length));
  for (const cut of cuts) beyond[cut.severity]++;
  // Said in the manifest: at the last of its own shown; with none of its own shown (a cap of 1, or every one
  // shown in a handler), at the first of its own that were cut, else at its start.
  const inManifest = diagnostics.filter((diagnostic) => diagnostic.file === undefined);
  const at = inManifest[inManifest.length - 1] ??
    cuts.find((cut) => cut.file === undefined) ?? { range: lines.rangeOf(0, 0), offset: 0, length: 0 };
  const more = moreDiagnostics(beyond, max, at, severityOf(overrides, 'diagnostics.more'));
  return more ? [...diagnostics, more] : diagnostics;
}

/** An area by its codes' prefix, as the rules table names it (`tools`). */
function areaOf(area: { rules: readonly { code: string }[] }): string {
  return area.rules[0]?.code.split('.')[0] ?? 'unnamed';
}

function compareFiles(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined || b === undefined) return a === undefined ? -1 : 1;
  return a < b ? -1 : 1;
}

/** The severity a user set for `code`, if any. */
function severityOf(overrides: Record<string, SeverityOverride>, code: RuleCode): SeverityOverride | undefined {
  return Object.hasOwn(overrides, code) ? overrides[code] : undefined;
}

/** A finding's message, from its rule's builder. */
function messageOf(rule: AnyRule, data: unknown): string {
  if (!rule.message) throw new Error(`Rule ${rule.code} has no message builder`);
  return rule.message(data);
}

/**
 * The last diagnostic when there were too many: how many more, by severity, at the strictest of their
 * severities (so an exit code stays right) unless the user set one; none when the user turned it off.
 */
function moreDiagnostics(
  beyond: Record<Severity, number>,
  max: number,
  at: Pick<ManifestDiagnostic, 'range' | 'offset' | 'length'>,
  set: SeverityOverride | undefined,
): ManifestDiagnostic | undefined {
  if (set === 'off') return undefined;
  const data: RuleData<'diagnostics.more'> = { notShown: beyond, max };
  return {
    range: at.range,
    offset: at.offset,
    length: at.length,
    severity: set ?? strictestOf(beyond)!,
    code: 'diagnostics.more',
    message: messageOf(ruleByCode.get('diagnostics.more')!, data),
    data,
  };
}
