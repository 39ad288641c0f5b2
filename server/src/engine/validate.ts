import type { ManifestDiagnostic, Severity } from './diagnostics';
import type { PluginFolder } from './folder/pluginFolder';
import { referencedFiles, type ReferencedFiles } from './folder/referencedFiles';
import { buildModel, type Entry, type ManifestModel } from './model/manifestModel';
import { fileReferences, type FileReference } from './model/references';
import { parseDocument, type ParsedDocument } from './parse/parseDocument';
import { ruleAreas, ruleByCode } from './rules/registry';
import type { AnyRule, ModelOutline, RuleContext, Target } from './rules/rule';

export type SeverityOverride = Severity | 'off';

interface ValidateOptions {
  /** The plugin folder, for the rules that read the files the manifest names. */
  folder?: PluginFolder;
  /** Per-rule severities by code, as a user configures them. */
  severityOverrides?: Record<string, SeverityOverride>;
  /** At most this many diagnostics, the last of them saying how many more there were; defaultMaxDiagnostics when not given. */
  maxDiagnostics?: number;
  /**
   * For a host that validates version after version of one document: what the last validation learnt
   * of the files the manifest names, and the folder's generation now (the host's count of changes in
   * it, which moves whenever anything the folder would answer may have changed).
   */
  fileFacts?: { memo: FileFactsMemo; folderGeneration: number };
  /** For the same host: what each entry's own checks reported in the last validation of this document. */
  entryFindings?: EntryFindingsMemo;
}

/** What an entry's own check reported: where relative to the entry's node (an edit elsewhere moves the entry whole), and its data. */
interface EntryFinding {
  code: string;
  offset: number;
  length: number;
  data: unknown;
}

const noFindings: readonly EntryFinding[] = [];

/**
 * What the checks of each entry (RuleContext.eachEntry) reported in the last validation of one document,
 * by list, for the next version's to report again on the entries the edit left as they were (the very
 * same entry objects, which the model hands on: same node, same plain value), instead of checking them.
 */
export class EntryFindingsMemo {
  private readonly lists = new Map<string, { outline: ModelOutline; entries: readonly Entry[]; findings: (readonly EntryFinding[])[] }>();

  /** The last validation's findings of `list`, when they may be reported again in `model`. */
  reusable(list: string, model: ManifestModel, entries: readonly Entry[], sameOutside: (before: ModelOutline, after: ManifestModel) => boolean) {
    const last = this.lists.get(list);
    return last && last.entries.length === entries.length && sameOutside(last.outline, model) ? last : undefined;
  }

  remember(list: string, model: ManifestModel, entries: readonly Entry[], findings: (readonly EntryFinding[])[]): void {
    const { tools, actions, isProcess, permissionsValue } = model;
    this.lists.set(list, { outline: { tools, actions, isProcess, permissionsValue }, entries, findings });
  }
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
      if (sameReferences(references, last.files.references)) return this.remember(folder, folderGeneration, rebound(last.files, references));
      // A path was edited: the references just made are the ones to read, not made a second time.
      return this.remember(folder, folderGeneration, referencedFiles(model, folder, references));
    }
    return this.remember(folder, folderGeneration, referencedFiles(model, folder));
  }

  private remember(folder: PluginFolder | undefined, folderGeneration: number, files: ReferencedFiles): ReferencedFiles {
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

/** How many findings a validation under a cap of `maxDiagnostics` keeps (the rest are only counted): what a parse for it keeps of each kind. */
export function findingsKept(maxDiagnostics = defaultMaxDiagnostics): number {
  return 2 * Math.max(1, maxDiagnostics);
}

/** The code of the last diagnostic when there were more than maxDiagnostics. */
const moreDiagnosticsCode = 'diagnostics.more';

const severityOrder: Severity[] = ['error', 'warning', 'information', 'hint'];

/** Everything the features need about one version of a manifest: parsed once, read by all. */
export interface ManifestAnalysis {
  document: ParsedDocument;
  model: ManifestModel;
  diagnostics: ManifestDiagnostic[];
}

export function analyzeManifest(text: string, options: ValidateOptions = {}): ManifestAnalysis {
  const document = parseDocument(text, undefined, findingsKept(options.maxDiagnostics));
  const model = buildModel(document);
  return { document, model, diagnostics: validateModel(model, options) };
}

/** Runs every rule area over a model; the result is sorted by position. */
export function validateModel(model: ManifestModel, options: ValidateOptions = {}): ManifestDiagnostic[] {
  const diagnostics: ManifestDiagnostic[] = [];
  const lines = model.document.lines;
  const textLength = model.document.text.length;
  const overrides = options.severityOverrides ?? {};
  const max = Math.max(1, options.maxDiagnostics ?? defaultMaxDiagnostics);
  // Twice the cap is kept, so that the ones shown are the first by position of nearly all; the rest are only counted.
  const kept = findingsKept(max);
  const beyond: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  let files: ReferencedFiles | undefined;
  const fileFacts = options.fileFacts;
  const ruleOf = (code: string): AnyRule => {
    const rule = ruleByCode.get(code);
    if (!rule) throw new Error(`Unregistered rule code ${code}`);
    return rule;
  };
  const severityOf = (rule: AnyRule): SeverityOverride => (Object.hasOwn(overrides, rule.code) ? overrides[rule.code] : undefined) ?? rule.severity;
  // The message and data are made only for a finding that is kept: one past the cap is only counted.
  const emit = (code: string, target: Target, described: (rule: AnyRule) => { message: string; data: unknown }) => {
    const rule = ruleOf(code);
    const severity = severityOf(rule);
    if (severity === 'off') return;
    if (diagnostics.length >= kept) {
      beyond[severity]++;
      return;
    }
    // jsonc-parser reports an error at the end of the text with length 1: keep every range inside it.
    const offset = Math.min(target.offset, textLength);
    const length = Math.min(target.length, textLength - offset);
    const { message, data } = described(rule);
    diagnostics.push({ range: lines.rangeOf(offset, length), offset, length, severity, code, message, data });
  };
  const reportFinding = (code: string, target: Target, data: unknown) => emit(code, target, (rule) => ({ message: messageOf(rule, data), data }));
  // While an entry's own check runs: what it reports, relative to the entry's node.
  let recording: { findings: EntryFinding[]; base: number } | undefined;
  const memo = options.entryFindings;
  const context: RuleContext = {
    model,
    folder: options.folder,
    files: () => (files ??= fileFacts ? fileFacts.memo.files(model, options.folder, fileFacts.folderGeneration) : referencedFiles(model, options.folder)),
    report: (code, target, data) => {
      recording?.findings.push({ code, offset: target.offset - recording.base, length: target.length, data });
      reportFinding(code, target, data);
    },
    reportShape: (code, target, described) => emit(code, target, described),
    countBeyond: (code, count) => {
      const severity = severityOf(ruleOf(code));
      if (severity !== 'off') beyond[severity] += count;
    },
    eachEntry: (list, entries, sameOutside, check) => {
      const last = memo?.reusable(list, model, entries, sameOutside);
      const findings: (readonly EntryFinding[])[] = new Array(entries.length);
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i];
        if (last && last.entries[i] === entry) {
          const base = entry.node.offset;
          for (const finding of last.findings[i]) reportFinding(finding.code, { offset: base + finding.offset, length: finding.length }, finding.data);
          findings[i] = last.findings[i];
          continue;
        }
        recording = { findings: [], base: entry.node.offset };
        check(entry, i);
        findings[i] = recording.findings.length > 0 ? recording.findings : noFindings;
        recording = undefined;
      }
      memo?.remember(list, model, entries, findings);
    },
  };
  for (const area of ruleAreas) area.check?.(context);
  diagnostics.sort((a, b) => a.offset - b.offset || a.length - b.length);
  if (diagnostics.length <= max && severityOrder.every((severity) => beyond[severity] === 0)) return diagnostics;
  for (const cut of diagnostics.splice(Math.min(max - 1, diagnostics.length))) beyond[cut.severity]++;
  return [...diagnostics, moreDiagnostics(beyond, max, diagnostics[diagnostics.length - 1])];
}

/** A finding's message, from its rule's builder. */
function messageOf(rule: AnyRule, data: unknown): string {
  if (!rule.message) throw new Error(`Rule ${rule.code} has no message builder`);
  return rule.message(data);
}

/** The last diagnostic when there were too many: how many more, by severity, at the strictest of their severities (so an exit code stays right). */
function moreDiagnostics(beyond: Record<Severity, number>, max: number, last: ManifestDiagnostic): ManifestDiagnostic {
  const present = severityOrder.filter((severity) => beyond[severity] > 0);
  const total = present.reduce((sum, severity) => sum + beyond[severity], 0);
  const counts = present.map((severity) => `${beyond[severity].toLocaleString('en-US')} ${severity === 'information' ? 'information' : `${severity}${beyond[severity] === 1 ? '' : 's'}`}`);
  return {
    range: last.range,
    offset: last.offset,
    length: last.length,
    severity: present[0],
    code: moreDiagnosticsCode,
    message: `${total.toLocaleString('en-US')} more problems are not shown (${counts.join(', ')}): at most ${max.toLocaleString('en-US')} are listed per manifest.`,
  };
}
