import { DiagnosticSeverity, DiagnosticTag, type Diagnostic } from 'vscode-languageserver';
import { ruleByCode, type ManifestDiagnostic, type RuleTag, type Severity } from '../../engine';

const diagnosticSource = 'filer-manifest';

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The rule's tags (from its definition) as LSP's. */
const tags: Record<RuleTag, DiagnosticTag> = {
  unnecessary: DiagnosticTag.Unnecessary,
  deprecated: DiagnosticTag.Deprecated,
};

/**
 * The engine's diagnostics as LSP sends them: the rule code as `code` (quick fixes are found by it)
 * and the finding's typed data as `data` (a quick fix is computed from the engine's own finding, not from what a client
 * sends back).
 * With `pageOf` (for a client that takes codeDescription), the code links to the rule's page.
 */
export function toLspDiagnostics(
  diagnostics: ManifestDiagnostic[],
  pageOf?: (code: string) => string | undefined,
): Diagnostic[] {
  return diagnostics.map((diagnostic) => {
    const converted: Diagnostic = {
      range: diagnostic.range,
      severity: severities[diagnostic.severity],
      code: diagnostic.code,
      source: diagnosticSource,
      message: diagnostic.message,
    };
    if (diagnostic.data) converted.data = diagnostic.data;
    const rule = ruleByCode.get(diagnostic.code);
    if (rule?.tags) converted.tags = rule.tags.map((tag) => tags[tag]);
    const page = rule && pageOf?.(rule.code);
    if (page) converted.codeDescription = { href: page };
    return converted;
  });
}
