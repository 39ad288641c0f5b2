// Rewrites the table of decisions in README.md (between the rules:start/end markers) from the rule registry.
// Run after a build: node scripts/update-rules-table.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { allRules } = require(join(root, 'out/server/src/engine/index.js'));
// Not through the engine's index: the server's bundle holds all it exports, and no decision is the server's.
const { decisionsTableMarkdown } = require(join(root, 'out/server/src/engine/rules/rulesTable.js'));
const { decisionOf } = require(join(root, 'out/server/src/engine/rules/decisions.js'));
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
  `README.md: the decisions of ${allRules.filter((/** @type {{ code: string }} */ rule) => decisionOf(rule.code)).length} rules`,
);
