import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeHost } from '../server/src/host/nodeHost';
import { installHost } from '../server/src/lsp/host';
import { generatePlugin, writePluginFolder, type GeneratedPlugin } from './generateManifest';

/**
 * A phase script's run (openPhases, editPhases): N and the number of runs from the command line, the
 * valid variant's plugin written into a temporary folder for `measure`, then the folder removed. The server's
 * modules it runs read the disk through the host the Node server installs.
 */
export function runPhases(
  defaults: { n: number; runs: number },
  measure: (input: { n: number; runs: number; plugin: GeneratedPlugin; root: string; parent: string }) => void,
): void {
  const n = Number(process.argv[2] ?? defaults.n);
  const runs = Number(process.argv[3] ?? defaults.runs);
  installHost(nodeHost);
  const parent = mkdtempSync(join(tmpdir(), 'filer-phases-'));
  try {
    const plugin = generatePlugin(n, 'valid');
    measure({ n, runs, plugin, root: writePluginFolder(plugin, parent), parent });
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
}
