import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const repoRoot = join(__dirname, '../../..');
/** What is written by us and read by people or code: sources, tests, scripts, the webview, the docs, the manifest. */
const roots = [
  'server/src',
  'client/src',
  'test',
  'scripts',
  'bench',
  'media',
  'docs',
  'README.md',
  'CONTRIBUTING.md',
  'package.json',
  'server/package.json',
];

/** The spelling not used, built so that this file does not contain it. */
const otherSpelling = new RegExp(`recogni${'s'}`, 'i');

function textFiles(path: string): string[] {
  let entries;
  try {
    entries = readdirSync(join(repoRoot, path), { withFileTypes: true });
  } catch {
    return [path];
  }
  return entries.flatMap((entry) => {
    if (entry.isDirectory())
      return ['node_modules', 'generated', 'fixtures', 'screenshots'].includes(entry.name)
        ? []
        : textFiles(`${path}/${entry.name}`);
    return /\.(ts|js|mjs|lua|el|md|json|css|html|txt)$/.test(entry.name) ? [`${path}/${entry.name}`] : [];
  });
}

test('one spelling: recognize (as most of the code had it), never the -ise one, in code, messages, docs and tests', () => {
  const offenders: string[] = [];
  for (const file of roots.flatMap(textFiles)) {
    readFileSync(join(repoRoot, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (otherSpelling.test(line)) offenders.push(`${file}:${index + 1}`);
      });
  }
  assert.deepEqual(offenders, []);
});
