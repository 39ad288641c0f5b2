import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { allRules } from '../../server/src/engine';
import { rulePages } from './ruleExamples';

const folder = join(__dirname, '../../../docs/rules');

test('docs/rules has a page per rule code and the index, each as its definition makes it', () => {
  const pages = rulePages();
  const expected = ['README.md', ...allRules.map((rule) => `${rule.code}.md`)];
  assert.deepEqual([...pages.keys()].sort(), expected.sort());
  const onDisk = readdirSync(folder).filter((name) => name.endsWith('.md'));
  assert.deepEqual(onDisk.sort(), [...pages.keys()].sort(), 'no page missing, none left of a code no rule has');
  const stale = [...pages].filter(([name, text]) => readFileSync(join(folder, name), 'utf8') !== text);
  assert.deepEqual(
    stale.map(([name]) => name),
    [],
    'out of date: node scripts/update-rule-pages.mjs after a build',
  );
});

test('a page says what its rule checks, shows its examples with what the CLI says, and how to turn it off', () => {
  const page = rulePages().get('tools.id-dot.md')!;
  for (const said of [
    '# tools.id-dot',
    'A tool id is the MCP tool name and must not contain .',
    '## Why an error',
    '"id": "words.count"',
    '<stdin>:7:15 error tools.id-dot `contributes.tools[0].id` "words.count" contains a dot, which a tool id must not.',
    '"id": "count_words"',
    '"filerManifest.rules": { "tools.id-dot": "off" }',
    'filer-manifest check --rule tools.id-dot=off',
  ]) {
    assert.ok(page.includes(said), said);
  }
  const withFix = rulePages().get('files.missing.md')!;
  assert.match(withFix, /## The quick fix\n\n\*\*Create prompts\/summarize\.md\*\* makes the first incorrect example:/);
  assert.match(withFix, /and creates `prompts\/summarize\.md`:\n\n```(text|markdown)?\nRead \{\{file\}\} and …\n```/);
});
