import type { FixData, ManifestDiagnostic, Severity } from './diagnostics';
import type { PluginFolder } from './folder/pluginFolder';
import { buildModel, type ManifestModel } from './model/manifestModel';
import { parseDocument, type ParsedDocument } from './parse/parseDocument';
import { ruleAreas, ruleByCode } from './rules/registry';
import type { RuleContext, Target } from './rules/rule';

export type SeverityOverride = Severity | 'off';

export interface ValidateOptions {
  /** The plugin folder, for the rules that read the files the manifest names. */
  folder?: PluginFolder;
  /** Per-rule severities by code, as a user configures them. */
  severityOverrides?: Record<string, SeverityOverride>;
}

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

export function validateManifest(text: string, options: ValidateOptions = {}): ManifestDiagnostic[] {
  return analyzeManifest(text, options).diagnostics;
}

/** Runs every rule area over a model; the result is sorted by position. */
export function validateModel(model: ManifestModel, options: ValidateOptions = {}): ManifestDiagnostic[] {
  const diagnostics: ManifestDiagnostic[] = [];
  const lines = model.document.lines;
  const textLength = model.document.text.length;
  const overrides = options.severityOverrides ?? {};
  const context: RuleContext = {
    model,
    folder: options.folder,
    report(code: string, target: Target, message: string, data?: FixData) {
      const rule = ruleByCode.get(code);
      if (!rule) throw new Error(`Unregistered rule code ${code}`);
      const severity = overrides[code] ?? rule.severity;
      if (severity === 'off') return;
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
  return diagnostics.sort((a, b) => a.offset - b.offset || a.length - b.length);
}
