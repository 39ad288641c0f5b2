import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { allRules } from '../../server/src/engine';

const repoRoot = join(__dirname, '../../..');
const rulesDir = join(repoRoot, 'server/src/engine/rules');
/**
 * The rules/ modules that are not an area: the shared kinds, helpers (examples.ts writes every area's examples,
 * reference.ts the quotations of the reference), the registry, the README table, the rule pages, and the shape
 * rules with their examples.
 */
const notAreas = new Set([
  'rule.ts',
  'messages.ts',
  'duplicateIds.ts',
  'examples.ts',
  'reference.ts',
  'registry.ts',
  'rulesTable.ts',
  'rulePages.ts',
  'shape.ts',
  'shapeExamples.ts',
]);
const areaFiles = readdirSync(rulesDir).filter((name) => name.endsWith('.ts') && !notAreas.has(name));

/** The file each code prefix lives in, where its name is not the prefix itself. */
const fileOfPrefix: Record<string, string> = {
  json: 'syntax.ts',
  process: 'processRuntime.ts',
  commands: 'commandsViews.ts',
  views: 'commandsViews.ts',
};

test("every code is declared in the file its prefix names (the schema's generic shape rules in shape.ts)", () => {
  const definedIn = (name: string) =>
    [...readFileSync(join(rulesDir, name), 'utf8').matchAll(/^\s*(?:\{ )?code: '([a-z]+\.[a-z0-9-]+)'/gm)].map(
      (m) => m[1],
    );
  for (const name of areaFiles) {
    for (const code of definedIn(name)) {
      const prefix = code.split('.')[0];
      assert.equal(fileOfPrefix[prefix] ?? `${prefix}.ts`, name, `${code} is declared in rules/${name}`);
    }
  }
  const declared = areaFiles.flatMap(definedIn);
  const generic = allRules.map((rule) => rule.code).filter((code) => /\.(required|wrong-type|unknown-key)$/.test(code));
  assert.deepEqual(
    [...declared, ...generic].sort(),
    allRules.map((rule) => rule.code).sort(),
    'every registered code is found in its file',
  );
});

test("no area imports another area's rules: what two share lives in model/, folder/ or the helpers", () => {
  for (const name of areaFiles) {
    const source = readFileSync(join(rulesDir, name), 'utf8');
    const local = [...source.matchAll(/from '\.\/([A-Za-z]+)'/g)].map((m) => `${m[1]}.ts`);
    assert.deepEqual(
      local.filter((file) => !notAreas.has(file) || file === 'registry.ts' || file === 'shape.ts'),
      [],
      `rules/${name} imports`,
    );
  }
});

test('no decision is taken from the spelling of a rule code: no code.endsWith / code.startsWith in server/src', () => {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated') walk(path);
      } else if (entry.name.endsWith('.ts') && /\bcode\??\.(endsWith|startsWith)\(/.test(readFileSync(path, 'utf8')))
        offenders.push(path.slice(repoRoot.length + 1));
    }
  };
  walk(join(repoRoot, 'server/src'));
  assert.deepEqual(offenders, []);
});
