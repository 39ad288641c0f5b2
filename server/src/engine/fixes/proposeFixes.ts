import { ruleByCode, type ManifestDiagnostic } from '../rules/registry';
import type { Creatable, FixInput, FixProposal } from './fix';

/**
 * The quick fixes the rule of `diagnostic` proposes (none for a rule without a fix): its fix is given
 * the diagnostic's data and, of each other finding of the same rule, its data too.
 */
export function proposeFixes(
  diagnostic: ManifestDiagnostic,
  analysis: FixInput['analysis'],
  { creatable, folderName }: { creatable: Creatable; folderName: string },
): FixProposal[] {
  const fix = ruleByCode.get(diagnostic.code)?.fix;
  if (!fix) return [];
  const sameRule = analysis.diagnostics
    .filter((other) => other.code === diagnostic.code)
    .map((other) => ({ diagnostic: other, data: other.data }));
  return fix(diagnostic.data, { analysis, diagnostic, sameRule, creatable, folderName });
}
