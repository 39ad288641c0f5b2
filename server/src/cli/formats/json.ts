import { jsonText } from '../../engine';
import { byFile, type CheckedManifest } from '../results';

/**
 * `[{ file, diagnostics: [{ range, severity, code, message }] }]` with 0-based LSP positions: one entry
 * per manifest, then one per handler it has findings in (`{ file, manifest, diagnostics }`).
 */
export function formatJson(results: CheckedManifest[]): string {
  const output = byFile(results).map((result) => ({
    file: result.file,
    ...(result.manifest !== undefined ? { manifest: result.manifest } : {}),
    diagnostics: result.diagnostics.map(({ range, severity, code, message }) => ({
      range: {
        start: { line: range.start.line, character: range.start.character },
        end: { line: range.end.line, character: range.end.character },
      },
      severity,
      code,
      message,
    })),
  }));
  return jsonText(output) + '\n';
}
