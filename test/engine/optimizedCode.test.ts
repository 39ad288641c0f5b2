/**
 * The parse and the rules keep their optimized code through a full collection. The server asks for
 * one after a large manifest closes (server/src/lsp/memory.ts); when that threw the code away, the
 * next open ran partly in the interpreter, at about twice the CPU. Not timed: a child process
 * validates one manifest until the JIT has optimized it, collects, validates it again, and V8's own
 * trace says whether anything of the engine was deoptimized or compiled again after the collection.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

const engine = join(__dirname, '../../server/src/engine');
const generator = join(__dirname, '../../bench/generateManifest');
const marker = '--- collected ---';

const child = `
const { analyzeManifest } = require(${JSON.stringify(engine)});
const { generatePlugin } = require(${JSON.stringify(generator)});
const text = generatePlugin(200, 'valid').manifestText;
// A fresh copy of the text each time, as each didOpen brings.
const validate = () => analyzeManifest(text.slice(0, -1) + text.slice(-1));
for (let i = 0; i < 60; i++) validate();
console.log(${JSON.stringify(marker)});
gc();
for (let i = 0; i < 5; i++) validate();
`;

test("a full collection between two validations does not throw away the engine's optimized code", () => {
  const run = spawnSync(process.execPath, ['--expose-gc', '--trace-opt', '--trace-deopt', '-e', child], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    timeout: 120_000,
  });
  assert.equal(run.status, 0, run.stderr);
  assert.ok(run.stdout.includes(marker), 'the child did not reach the collection');
  const [before, after] = run.stdout.split(marker);
  const named = (line: string) => /<(?:JSFunction|SharedFunctionInfo) ([^ >(]+)/.exec(line)?.[1];
  // Named functions whose optimized code was in use when the collection came (anonymous callbacks are made anew by each
  // call anyway).
  const optimized = new Set<string>();
  for (const line of before.split('\n')) {
    const name = named(line);
    if (name === undefined) continue;
    if (line.startsWith('[completed optimizing')) optimized.add(name);
    else if (line.startsWith('[bailout')) optimized.delete(name);
  }
  const redone = after
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('[marking dependent code') ||
        (line.startsWith('[compiling method') && optimized.has(named(line)!)),
    )
    .map((line) => line.replace(/0x[0-9a-f]+ /g, ''));
  assert.ok(
    optimized.has('parseValue'),
    `the parser was not optimized before the collection: ${[...optimized].join(', ')}`,
  );
  assert.deepEqual(redone, []);
});
