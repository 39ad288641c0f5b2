import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { allRules } from '../../server/src/engine';

const repoRoot = join(__dirname, '../../..');
const checkScript = join(repoRoot, 'scripts/check-schema-codes.mjs');
const schema = () => JSON.parse(readFileSync(join(repoRoot, 'schemas/manifest.schema.json'), 'utf8'));
const registered = new Set<string>(allRules.map((rule) => rule.code));

type Check = (schema: unknown, registered: Set<string>) => string[];
const load = async (): Promise<Check> =>
  ((await import(checkScript)) as { schemaCodeProblems: Check }).schemaCodeProblems;

/** Runs the build's check on a schema file: its exit code and what it printed. */
function runCheck(schemaText: string): { status: number; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'schema-codes-'));
  try {
    const file = join(dir, 'manifest.schema.json');
    writeFileSync(file, schemaText);
    execFileSync(process.execPath, [checkScript, file], { cwd: repoRoot, stdio: 'pipe' });
    return { status: 0, stderr: '' };
  } catch (error) {
    const failed = error as { status: number; stderr: Buffer };
    return { status: failed.status, stderr: failed.stderr.toString() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the schema and the rule registry agree (the build runs this check)', async () => {
  assert.deepEqual((await load())(schema(), registered), []);
  assert.equal(runCheck(readFileSync(join(repoRoot, 'schemas/manifest.schema.json'), 'utf8')).status, 0);
});

test('a schema keyword without a registered code fails the build check, naming the keyword', async () => {
  const changed = schema();
  changed.properties.displayName.minLength = 1;
  assert.deepEqual((await load())(changed, registered), [
    '#/properties/displayName: "minLength" fails as manifest.shape, which no rule registers (give it an x-code, or register the rule)',
  ]);
  const run = runCheck(JSON.stringify(changed));
  assert.equal(run.status, 1);
  assert.match(run.stderr, /#\/properties\/displayName: "minLength" fails as manifest\.shape/);
});

test('a keyword inside a $ref is checked in the area of the field that refers to it', async () => {
  const changed = schema();
  changed.definitions.tool.properties.description.maxLength = 10;
  assert.deepEqual((await load())(changed, registered), [
    '#/definitions/tool/properties/description: "maxLength" fails as tools.shape, which no rule registers (give it an x-code, or register the rule)',
  ]);
});

test('an x-code naming a code no rule registers fails the build check', async () => {
  const changed = schema();
  changed.properties.name['x-code'].pattern = 'manifest.nmae';
  assert.deepEqual((await load())(changed, registered), [
    '#/properties/name: x-code names "manifest.nmae", which no rule registers',
  ]);
  assert.equal(runCheck(JSON.stringify(changed)).status, 1);
});
