/**
 * A closed manifest gives its memory back: the server asks for a full collection once it is idle
 * after a large manifest closes, instead of leaving each parse to V8's lazy old-generation collector.
 * Behaviour, not a budget: the figures that matter are measured by `npm run bench`.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { generatePlugin, writePluginFolder } from '../../bench/generateManifest';
import { LspClient } from './lspClient';

test('opening and closing a large manifest again and again does not grow the server', async () => {
  const plugin = generatePlugin(3000, 'valid');
  const root = writePluginFolder(plugin);
  const uri = pathToFileURL(join(root, 'manifest.json')).href;
  const client = await LspClient.start();
  try {
    const afterClose: number[] = [];
    for (let version = 1; version <= 6; version++) {
      await client.open(uri, plugin.manifestText, version);
      await client.diagnostics(uri, undefined, 60_000);
      await client.close(uri);
      // Once the server is idle (a request is answered after everything sent before it).
      await client.request('filer/manifestStatus', { textDocument: { uri } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      afterClose.push(client.residentMiB());
    }
    // Each cycle leaves some 30 MiB behind when nothing is collected; a collection's timing moves a reading by some 20.
    const lastThree = afterClose.slice(-3).sort((a, b) => a - b);
    const growth = lastThree[1] - afterClose[0];
    assert.ok(growth < 40, `resident memory after each close: ${afterClose.map((mib) => mib.toFixed(0)).join(', ')} MiB`);
  } finally {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
