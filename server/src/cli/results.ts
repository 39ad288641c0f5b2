import type { GatingComparison, GatingReport, ManifestDiagnostic, Severity } from '../engine';

/** One checked manifest, as every output format receives it. */
export interface CheckedManifest {
  /** The path shown to the user: relative to the working folder when below it, `<stdin>` for stdin. */
  file: string;
  /** The absolute path, or undefined for stdin. */
  absolutePath: string | undefined;
  diagnostics: ManifestDiagnostic[];
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
