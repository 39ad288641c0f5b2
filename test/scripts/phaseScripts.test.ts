/**
 * The bench's phase scripts (openPhases, editPhases), which bench/instructionCounts.ts counts under callgrind, run to
 * their end on a small plugin: a phase script that throws is counted as a short run, and its "one round" comes out as
 * nothing (they did, once the server's modules read the disk through an installed host and the scripts installed
 * none). Not timed.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

const bench = join(__dirname, '../../bench');

for (const script of ['openPhases.js', 'editPhases.js']) {
  test(`${script} runs one round of a 20-tool plugin to its end`, () => {
    const run = spawnSync(process.execPath, [join(bench, script), '20', '1'], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(run.status, 0, run.stderr.slice(-2000));
    assert.match(run.stdout, /rules/);
  });
}
