import { jsonText } from '../../engine';
import { byFile, type CheckedFile, type CheckedManifest } from '../results';

/**
 * `[{ file, diagnostics: [{ range, severity, code, message }] }]` with 0-based LSP positions: one entry
 * per manifest, then one per handler it has findings in (`{ file, manifest, diagnostics }`).
 */
export function formatJson(results: CheckedManifest[]): string {
  const output = byFile(results).map((result) => ({
    file: result.file,
    ...(result.manifest !== undefined ? { manifest: result.manifest } : {}),
    ...fixesOf(result),
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

/**
 * With --fix or --fix-dry-run, a manifest's entry says which fixes were applied (`fixes`: code and title); a dry run
 * adds what they would write: the manifest's text (`output`, as ESLint's) and the files they would make.
 */
function fixesOf(result: CheckedFile): object {
  if (!result.fixes) return {};
  const { applied, wouldWrite } = result.fixes;
  return {
    fixes: applied.map(({ code, title }) => ({ code, title })),
    ...(wouldWrite
      ? {
          output: wouldWrite.text,
          newFiles: wouldWrite.newFiles.map(({ filePath, text }) => ({ file: filePath, text })),
        }
      : {}),
  };
}
