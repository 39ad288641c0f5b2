import * as path from 'node:path';
import { analyzeManifest, fixAll, maxPasses, type ManifestAnalysis, type ValidateOptions } from '../engine';
import { writeFixes } from '../host/fixWrites';
import type { NodePluginFolder } from '../host/nodePluginFolder';
import type { CheckCommand } from './args';
import type { CheckedManifest } from './results';

/**
 * One manifest checked, with `--fix` (its fixes written first, then what is left reported) or `--fix-dry-run` (what
 * the fixes would write, and what would be left), or neither. Each fix applied is said on stderr by `say`.
 */
export function checkManifest(
  text: string,
  options: ValidateOptions & { folder: NodePluginFolder | undefined },
  where: { file: string; absolutePath: string | undefined },
  mode: CheckCommand['fix'],
  say: (line: string) => void,
): { analysis: ManifestAnalysis; fixes?: CheckedManifest['fixes'] } {
  if (mode === undefined) return { analysis: analyzeManifest(text, options) };
  const { folder } = options;
  const fixed = fixAll(text, {
    ...options,
    // Stdin has no folder: nothing is made, a legacy tool's schema included.
    creatable: (filePath) => folder?.creatable(filePath) ?? 'outside',
    folderName: where.absolutePath === undefined ? '' : path.basename(path.dirname(where.absolutePath)),
  });
  const verb = mode === 'write' ? 'fixed' : 'would fix';
  for (const fix of fixed.applied) say(`${where.file}: ${verb} ${fix.code}: ${fix.title}.`);
  if (fixed.unfinished)
    say(`${where.file}: more fixes were offered after ${maxPasses} rounds of fixing; run it again to apply them.`);
  if (mode === 'dry-run')
    return {
      analysis: fixed.analysis,
      fixes: { applied: fixed.applied, wouldWrite: { text: fixed.text, newFiles: fixed.newFiles } },
    };
  if (fixed.applied.length === 0) return { analysis: fixed.analysis, fixes: { applied: [] } };
  const failure = writeFixes(where.absolutePath!, text, fixed.text, fixed.newFiles, folder!);
  if (failure === undefined) return { analysis: fixed.analysis, fixes: { applied: fixed.applied } };
  // Not written: what is reported is the manifest as it is.
  say(`${where.file}: the fixes were not written: ${failure}.`);
  return { analysis: analyzeManifest(text, options), fixes: { applied: [] } };
}
