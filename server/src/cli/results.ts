import * as path from 'node:path';
import type { GatingComparison, GatingReport, ManifestDiagnostic, Severity } from '../engine';

/** One checked manifest, as every output format receives it. */
export interface CheckedManifest {
  /** The path shown to the user: relative to the working folder when below it, `<stdin>` for stdin. */
  file: string;
  /** The absolute path, or undefined for stdin. */
  absolutePath: string | undefined;
  diagnostics: ManifestDiagnostic[];
  /** A config file's own findings (filer-manifest.config.json), not a manifest's. */
  kind?: 'config';
}

/**
 * One manifest's gating report, and its comparison with the base when one was given: what the gating formats receive.
 */
export interface GatedManifest {
  /** The path shown to the user. */
  file: string;
  report: GatingReport;
  comparison: { base: string; found: boolean; result: GatingComparison } | undefined;
}

export type SeverityCounts = Record<Severity, number>;

export function countSeverities(results: CheckedManifest[]): SeverityCounts {
  const counts: SeverityCounts = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const result of results) for (const diagnostic of result.diagnostics) counts[diagnostic.severity]++;
  return counts;
}

/**
 * The diagnostics of one file: a manifest's own, or those of a handler it names (`manifest` then says which manifest).
 */
interface CheckedFile {
  /** As shown to the user: relative to the working folder when below it. */
  file: string;
  /** The absolute path, or undefined for stdin. */
  absolutePath: string | undefined;
  /** For a handler's diagnostics: the manifest that names it, as shown. */
  manifest?: string;
  diagnostics: ManifestDiagnostic[];
}

/**
 * Each manifest's diagnostics by the file they are in: the manifest's own first (always, even when
 * there are none), then each handler's, located in the handler with its own path.
 */
export function byFile(results: CheckedManifest[]): CheckedFile[] {
  return results.flatMap((result) => {
    const own: CheckedFile = { file: result.file, absolutePath: result.absolutePath, diagnostics: [] };
    const others = new Map<string, CheckedFile>();
    for (const diagnostic of result.diagnostics) {
      if (diagnostic.file === undefined || result.absolutePath === undefined) {
        own.diagnostics.push(diagnostic);
        continue;
      }
      let group = others.get(diagnostic.file);
      if (!group) {
        group = {
          file: path.join(path.dirname(result.file), diagnostic.file),
          absolutePath: path.join(path.dirname(result.absolutePath), diagnostic.file),
          manifest: result.file,
          diagnostics: [],
        };
        others.set(diagnostic.file, group);
      }
      group.diagnostics.push(diagnostic);
    }
    return [own, ...others.values()];
  });
}
