/**
 * The server's memory under a hostile client or workspace (issue 22), measured on a real server
 * process: a manifest opened far past filerManifest.maxFileSize (100 MB of syntax errors aborted the
 * server). The bounds are generous: what is measured is growth without end, not a budget (those are
 * the benchmark's).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { LspClient, tempFolder } from './lspClient';

/** A process's resident memory now (VmRSS) and at its peak (VmHWM), in MiB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)![1]);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

test('a manifest opened at 60 MB of syntax errors (100 MB aborted the server, 50 MB took 3.8 GB) gets only its syntax checked, at most maxDiagnostics of it, in bounded memory', { skip: process.platform !== 'linux' && 'reads /proc' }, async (t) => {
  const folder = tempFolder();
  const client = await LspClient.start({ workspace: folder.root, capabilities: { workspace: { workspaceFolders: true } } });
  try {
    const uri = folder.uri('big/manifest.json');
    const text = `{ "name": "big", "displayName": "Big", "version": "1.0.0", "contributes": {}, "x": [${'1 '.repeat(30 * 1024 * 1024)}] }`;
    await client.open(uri, text);
    const diagnostics = await client.diagnostics(uri, undefined, 120_000);
    assert.deepEqual(diagnostics.slice(0, 2).map((d) => d.code), ['server.max-file-size', 'json.syntax']);
    assert.equal(diagnostics.length, 1001);
    assert.match(String(diagnostics[1000].message), /^[\d,]+ more problems are not shown \([\d,]+ errors\): at most 1,000 are listed per manifest\.$/);
    // The status still knows it for a Filer manifest, and its name.
    assert.deepEqual(await client.request('filer/manifestStatus', { uri }), { recognized: true, name: 'big', reason: 'has contributes', errors: 1000, warnings: 0 });
    const { peak } = memoryOf(client.pid);
    t.diagnostic(`peak RSS ${peak.toFixed(0)} MiB`);
    assert.ok(peak < 800, `peak ${peak.toFixed(0)} MiB`);
    await client.close(uri);
    assert.equal(client.exited, false);
  } finally {
    await client.stop();
    folder.cleanup();
  }
});
