import { DiagnosticSeverity, DiagnosticTag, type Diagnostic } from 'vscode-languageserver';
import type { ManifestDiagnostic, Severity } from '../../engine';

export const diagnosticSource = 'filer-manifest';

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/**
 * The engine's diagnostics as LSP sends them: the rule code as `code` (quick fixes are found by it)
 * and the engine's FixData as `data` (the client sends it back with a code-action request).
 */
export function toLspDiagnostics(diagnostics: ManifestDiagnostic[]): Diagnostic[] {
  return diagnostics.map((diagnostic) => {
    const converted: Diagnostic = {
      range: diagnostic.range,
      severity: severities[diagnostic.severity],
      code: diagnostic.code,
      source: diagnosticSource,
      message: diagnostic.message,
    };
    if (diagnostic.data) converted.data = diagnostic.data;
    // An unknown key is ignored by the app: shown faded. The legacy tool shape is refused: shown struck through.
    if (diagnostic.code.endsWith('.unknown-key')) converted.tags = [DiagnosticTag.Unnecessary];
    else if (diagnostic.code === 'tools.legacy-shape') converted.tags = [DiagnosticTag.Deprecated];
    return converted;
  });
}
