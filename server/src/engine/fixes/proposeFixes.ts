import { ruleByCode, type ManifestDiagnostic } from '../rules/registry';
import type { Creatable, FixInput, FixProposal } from './fix';

/**
 * The quick fixes the rule of `diagnostic` proposes (none for a rule without a fix): its fix is given
 * the diagnostic's data and, of each other finding of the same rule, its data too.
 */
export function proposeFixes(
  diagnostic: ManifestDiagnostic,
  analysis: FixInput['analysis'],
  {
    creatable,
    folderName,
    shared = sharedInOneRequest(),
  }: { creatable: Creatable; folderName: string; shared?: FixInput['shared'] },
): FixProposal[] {
  const fix = ruleByCode.get(diagnostic.code)?.fix;
  if (!fix) return [];
  const sameRule = shared(`${diagnostic.code}: the same rule`, () =>
    analysis.diagnostics
      .filter((other) => other.code === diagnostic.code)
      .map((other) => ({ diagnostic: other, data: other.data })),
  );
  return fix(diagnostic.data, { analysis, diagnostic, sameRule, creatable, folderName, shared });
}

/** What the fixes asked for in one request share (FixInput's `shared`): each made on its first ask. */
export function sharedInOneRequest(): FixInput['shared'] {
  const made = new Map<string, unknown>();
  return <T>(key: string, make: () => T): T =>
    made.has(key) ? (made.get(key) as T) : (made.set(key, make()).get(key) as T);
}
