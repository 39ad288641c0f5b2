/**
 * A closed manifest gives its memory back: the server asks for a full collection once it is idle
 * after a large manifest closes, instead of leaving each parse to V8's lazy old-generation collector.
 * Behaviour, not a budget: the figures that matter are measured by `npm run bench`. The heap in use is
 * read rather than the resident size, which the young generation's own growth moves differently from
 * one Node version to the next.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { generatePlugin, writePluginFolder } from '../../bench/generateManifest';
import { fixturesRoot, LspClient } from './lspClient';

test('opening and closing a large manifest again and again does not grow the server', async () => {
  const plugin = generatePlugin(3000, 'valid');
  const root = writePluginFolder(plugin);
  const uri = pathToFileURL(join(root, 'manifest.json')).href;
  const client = await LspClient.start({ server: join(fixturesRoot, 'heap-reporting-server.js') });
  try {
    const afterClose: number[] = [];
    for (let version = 1; version <= 6; version++) {
      await client.open(uri, plugin.manifestText, version);
      await client.diagnostics(uri, undefined, 60_000);
      await client.close(uri);
      // Once the server is idle (a request is answered after everything sent before it).
      await client.request('filer/manifestStatus', { uri });
      await new Promise((resolve) => setTimeout(resolve, 300));
      afterClose.push(await client.heapUsedMiB());
    }
    // Collected, every reading is the same (about 11 MiB); left to V8, each cycle adds some 25 MiB until it collects on
    // its own.
    const sorted = [...afterClose].sort((a, b) => a - b);
    const median = (sorted[2] + sorted[3]) / 2;
    assert.ok(
      median - sorted[0] < 10,
      `heap in use after each close: ${afterClose.map((mib) => mib.toFixed(0)).join(', ')} MiB`,
    );
  } finally {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
