// Rewrites docs/rules/ (a page per rule code, and README.md, the index) from the rule definitions and
// their examples, and removes the page of a code no rule has any more. Run after a build:
//   node scripts/update-rule-pages.mjs
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { rulePages } = createRequire(import.meta.url)(join(root, 'out/test/engine/ruleExamples.js'));
const folder = join(root, 'docs/rules');
mkdirSync(folder, { recursive: true });
const pages = rulePages();
for (const name of readdirSync(folder)) if (name.endsWith('.md') && !pages.has(name)) rmSync(join(folder, name));
for (const [name, text] of pages) writeFileSync(join(folder, name), text);
console.log(`docs/rules: ${pages.size - 1} rule pages and the index`);
