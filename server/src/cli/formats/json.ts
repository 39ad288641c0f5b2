import { jsonText } from '../../engine';
import type { CheckedManifest } from '../results';

/** `[{ file, diagnostics: [{ range, severity, code, message }] }]` with 0-based LSP positions. */
export function formatJson(results: CheckedManifest[]): string {
  const output = results.map((result) => ({
    file: result.file,
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
