import * as fs from 'node:fs';
import * as path from 'node:path';
import type { NewFile } from '../engine';
import type { NodePluginFolder } from './nodePluginFolder';
import { maxManifestMegabytes, readRegularFile } from './safeRead';

/**
 * What `check --fix` writes, and nothing else: the files the fixes made, each created only where nothing is (no
 * folder on the way a link or leaving the plugin folder, and the create itself refusing whatever appeared there
 * since), then the manifest, only if it still holds the text that was fixed (an editor saving it meanwhile wins).
 * Undefined when all was written, else why not, in words; what was written before the failure stays.
 */
export function writeFixes(
  manifestPath: string,
  before: string,
  after: string,
  newFiles: readonly NewFile[],
  folder: NodePluginFolder,
): string | undefined {
  for (const file of newFiles) {
    if (folder.creatable(file.filePath) !== 'free') return `./${file.filePath} is no longer free to create`;
    const target = path.join(folder.root, file.filePath);
    try {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      // `wx`: created here, or not at all (a file or a link put there since the check is not written through).
      fs.writeFileSync(target, file.text, { flag: 'wx' });
    } catch (error) {
      return `./${file.filePath} cannot be created (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
    }
  }
  const now = readRegularFile(manifestPath, maxManifestMegabytes * 1024 * 1024, { followLink: true });
  if (now.kind !== 'text' || now.text !== before) return 'it changed while it was being fixed';
  try {
    fs.writeFileSync(manifestPath, after);
  } catch (error) {
    return `it cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  return undefined;
}
