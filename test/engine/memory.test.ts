import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { analyzeManifest } from '../../server/src/engine';
import { manifest } from './helpers';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
function heapUsedMiB(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

test('nothing the engine remembers keeps a validated manifest alive: not the "did you mean" answers, not the shape errors', async () => {
  // Ids and values of 13 characters or more: V8 keeps such substrings as views of the whole text.
  // Ids differ from one call to the next, so that the measured call is the one whose answers are remembered.
  const broken = (padding: string, suffix: string) =>
    manifest(`"description": "${padding}",
  "contributes": {
    "tools": [{ "id": "summarize_quarterly_report_${suffix}", "title": "T", "description": "D", "schema": "s.json", "handler": "h.js", "annotations": {} }],
    "actions": [
      { "id": "run-summary-now", "title": "Run", "scope": "single-file", "kind": "tool", "toolId": "summarize_quarterly_reprot_${suffix}" },
      { "id": "other-action-here", "title": "Other", "scope": "single-file", "kind": "prompt-with-a-long-typo", "prompt": "p.md" }
    ]
  }`);
  const codes = analyzeManifest(broken('x', 'a')).diagnostics.map((d) => d.code);
  assert.ok(
    codes.includes('actions.tool-id-unknown') && codes.includes('actions.kind'),
    `both remembered paths are taken: ${codes.join(', ')}`,
  );

  const before = heapUsedMiB();
  (() => {
    // 32 MiB of text, validated and dropped.
    analyzeManifest(broken('x'.repeat(32 * 1024 * 1024), 'b'));
  })();
  // A compile job in flight may hold the parser's closure for a moment: measure from the next turn.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const retainedMiB = heapUsedMiB() - before;
  assert.ok(retainedMiB < 8, `${retainedMiB.toFixed(1)} MiB stay after the analysis is dropped`);
});
