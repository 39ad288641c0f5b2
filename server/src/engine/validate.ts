import type { FixData, ManifestDiagnostic, Severity } from './diagnostics';
import type { PluginFolder } from './folder/pluginFolder';
import { referencedFiles, type ReferencedFiles } from './folder/referencedFiles';
import { buildModel, type ManifestModel } from './model/manifestModel';
import { parseDocument, type ParsedDocument } from './parse/parseDocument';
import { ruleAreas, ruleByCode } from './rules/registry';
import type { RuleContext, Target } from './rules/rule';

export type SeverityOverride = Severity | 'off';

interface ValidateOptions {
  /** The plugin folder, for the rules that read the files the manifest names. */
  folder?: PluginFolder;
  /** Per-rule severities by code, as a user configures them. */
  severityOverrides?: Record<string, SeverityOverride>;
  /** At most this many diagnostics, the last of them saying how many more there were; defaultMaxDiagnostics when not given. */
  maxDiagnostics?: number;
}

/** A text of `1 1 1 …` would otherwise give a diagnostic every two characters: 2,000,000 for 4 MB. */
export const defaultMaxDiagnostics = 1000;

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
  const document = parseDocument(text);
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
  const kept = 2 * max;
  const beyond: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  let files: ReferencedFiles | undefined;
  const context: RuleContext = {
    model,
    folder: options.folder,
    files: () => (files ??= referencedFiles(model, options.folder)),
    report(code: string, target: Target, message: string, data?: FixData) {
      const rule = ruleByCode.get(code);
      if (!rule) throw new Error(`Unregistered rule code ${code}`);
      const severity = (Object.hasOwn(overrides, code) ? overrides[code] : undefined) ?? rule.severity;
      if (severity === 'off') return;
      if (diagnostics.length >= kept) {
        beyond[severity]++;
        return;
      }
      // jsonc-parser reports an error at the end of the text with length 1: keep every range inside it.
      const offset = Math.min(target.offset, textLength);
      const length = Math.min(target.length, textLength - offset);
      diagnostics.push({
        range: lines.rangeOf(offset, length),
        offset,
        length,
        severity,
        code,
        message,
        ...(data ? { data } : {}),
      });
    },
  };
  for (const area of ruleAreas) area.check?.(context);
  diagnostics.sort((a, b) => a.offset - b.offset || a.length - b.length);
  if (diagnostics.length <= max) return diagnostics;
  for (const cut of diagnostics.splice(max - 1)) beyond[cut.severity]++;
  return [...diagnostics, moreDiagnostics(beyond, max, diagnostics[diagnostics.length - 1])];
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
