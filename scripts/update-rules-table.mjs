// Rewrites the table of decisions in README.md (between the rules:start/end markers) from the rule registry.
// Run after a build: node scripts/update-rules-table.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { allRules, decisionsTableMarkdown } = createRequire(import.meta.url)(
  join(root, 'out/server/src/engine/index.js'),
);
const readmePath = join(root, 'README.md');
/** @param {string} code */
const rulePage = (code) => `docs/rules/${code}.md`;
const readme = readFileSync(readmePath, 'utf8');
const start = '<!-- rules:start -->';
const end = '<!-- rules:end -->';
if (!readme.includes(start) || !readme.includes(end)) throw new Error(`README.md has no ${start} … ${end} markers`);
const updated = readme.replace(
  new RegExp(`${start}[\\s\\S]*?${end}`),
  `${start}\n${decisionsTableMarkdown(allRules, rulePage)}${end}`,
);
writeFileSync(readmePath, updated);
console.log(
  `README.md: the decisions of ${allRules.filter((/** @type {{ decision?: string }} */ rule) => rule.decision).length} rules`,
);
