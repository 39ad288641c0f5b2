import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { allRules } from '../../server/src/engine';
import { decisionsTableMarkdown } from '../../server/src/engine/rules/rulesTable';
import { rulesTableAreas } from '../../server/src/engine/rules/rulesTable';

const repoRoot = join(__dirname, '../../..');

test('every rule code is area.kebab-case and its area has a section in the rules table', () => {
  for (const rule of allRules) {
    assert.match(rule.code, /^[a-z]+\.[a-z0-9]+(-[a-z0-9]+)*$/, rule.code);
    assert.ok(rulesTableAreas.includes(rule.code.split('.')[0]), `${rule.code} has no area title`);
    assert.ok(rule.description.length > 10, `${rule.code} says what it checks`);
  }
});

test("the README's rules table is the registry's (run scripts/update-rules-table.mjs after changing a rule)", () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const table = /<!-- rules:start -->\n([\s\S]*?)<!-- rules:end -->/.exec(readme);
  assert.ok(table, 'README.md has the rules table markers');
  assert.equal(
    table[1],
    decisionsTableMarkdown(allRules, (code) => `docs/rules/${code}.md`),
  );
});
