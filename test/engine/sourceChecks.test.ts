import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';

/**
 * The linter's and the formatter's configurations (eslint.config.mjs, .prettierrc.json) hold the
 * house rules: an unused variable fails, and so does a line of code or comment over 120 characters
 * (a long string, template or regex, which the formatter cannot break, is let be). Checked on
 * snippets, not on the tree (npm run lint, npm run format:check).
 */
const repoRoot = join(__dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

async function lintRules(text: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(repoRoot, file) });
  return result.messages.map((message) => `${message.line}: ${message.ruleId ?? message.message}`);
}

test('the linter fails on an unused variable, import or parameter: TypeScript, scripts, bench, webview', async () => {
  const source = [
    "import { join } from 'node:path';",
    'export function f(a: number, _b: number): number {',
    '  const unused = 1;',
    '  return 2;',
    '}',
  ].join('\n');
  assert.deepEqual(await lintRules(source, 'server/src/engine/x.ts'), [
    '1: @typescript-eslint/no-unused-vars',
    '2: @typescript-eslint/no-unused-vars',
    '3: @typescript-eslint/no-unused-vars',
  ]);
  const script = "import { join } from 'node:path';\nconst unused = 1;\nexport const used = 2;\n";
  for (const file of ['scripts/x.mjs', 'bench/x.ts', 'media/x.js']) {
    const expected = ['1: @typescript-eslint/no-unused-vars', '2: @typescript-eslint/no-unused-vars'];
    assert.deepEqual(await lintRules(script, file), expected, file);
  }
  assert.deepEqual(await lintRules('export const used = 2;\n', 'server/src/engine/x.ts'), []);
});

test('a line over 120 characters fails the linter: code and comments; a string, a template or a regex it holds is let be', async () => {
  const words = 'x'.repeat(110);
  assert.deepEqual(await lintRules(`// ${words} ${words}\nexport const n = 1;\n`, 'client/src/x.ts'), [
    '1: @stylistic/max-len',
  ]);
  const code = `export const n = [${Array.from({ length: 30 }, (_, i) => `v${i}`).join(', ')}];\n`;
  const declared = Array.from({ length: 30 }, (_, i) => `const v${i} = ${i};`).join('\n');
  assert.deepEqual(await lintRules(`${declared}\n${code}`, 'server/src/engine/x.ts'), ['31: @stylistic/max-len']);
  // A message or a pattern the formatter cannot break stays whole, to be found by grep as the user reads it.
  assert.deepEqual(await lintRules(`export const s = '${words}';\n`, 'server/src/engine/x.ts'), []);
  assert.deepEqual(await lintRules(`export const r = /${words}/;\n`, 'server/src/engine/x.ts'), []);
  const exactly120 = `// ${'x'.repeat(117)}\nexport const n = 1;\n`;
  assert.deepEqual(await lintRules(exactly120, 'server/src/engine/x.ts'), [], 'a line of exactly 120 passes');
});

test('the formatter breaks a long line at 120 characters, in the house style', async () => {
  const filepath = join(repoRoot, 'server/src/engine/x.ts');
  const options = { ...(await prettier.resolveConfig(filepath)), filepath };
  const long = `export const list = [${Array.from({ length: 20 }, (_, i) => `"item${i}"`).join(', ')}];\n`;
  assert.equal(await prettier.check(long, options), false);
  const formatted = await prettier.format(long, options);
  assert.ok(
    formatted.split('\n').every((line) => line.length <= 120),
    formatted,
  );
  assert.match(formatted, /^ {2}'item19',$/m);
  assert.equal(await prettier.check(formatted, options), true);
});
