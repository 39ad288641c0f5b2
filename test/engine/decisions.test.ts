/**
 * A rule's decision is its module's `decision` export, beside the rule (not in it, so that the server's bundle does
 * not hold it): each area's decisions.ts lists it and rules/decisions.ts maps each code to it for the CLI's SARIF and
 * the README's tables, and the rule's docs carry it to its page. The three agree, for every rule module.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { allRules } from '../../server/src/engine';
import { decisionOf } from '../../server/src/engine/rules/decisions';
import { docsOf } from '../../server/src/engine/rules/allDocs';

/** The compiled rules (out/server/src/engine/rules), by area. */
const rulesFolder = join(__dirname, '..', '..', 'server', 'src', 'engine', 'rules');

/** Every rule module: each area's `<rule>.js`, with what it exports. */
function ruleModules(): { file: string; exports: Record<string, unknown> }[] {
  return (
    readdirSync(rulesFolder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((area) =>
        readdirSync(join(rulesFolder, area.name))
          .filter(
            (name) => name.endsWith('.js') && !/^(index|shared|examples|decisions)\.js$|\.examples\.js$/.test(name),
          )
          .map((name) => `${area.name}/${name}`),
      )
      // The compiled modules, read as they are found (an import names one module).
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      .map((file) => ({ file, exports: require(join(rulesFolder, file)) as Record<string, unknown> }))
  );
}

/** The codes of the rules a module defines. */
function codesOf(exports: Record<string, unknown>): string[] {
  return Object.values(exports).flatMap((value) =>
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string'
      ? [(value as { code: string }).code]
      : [],
  );
}

test('each rule module exports its decision beside the rule, and decisionOf and its docs give that one', () => {
  const modules = ruleModules();
  const codes = modules.flatMap(({ exports }) => codesOf(exports));
  // Every registered rule is found here (the shape rules of every area included).
  assert.deepEqual(
    allRules.map((rule) => rule.code).filter((code) => !codes.includes(code)),
    [],
  );
  const disagreeing = modules.flatMap(({ file, exports }) =>
    codesOf(exports).flatMap((code) => {
      const decision = exports.decision;
      if (decision !== undefined && typeof decision !== 'string') return [`${file}: its decision is not a string`];
      const wrong = [];
      if (decisionOf(code) !== decision) wrong.push(`${code}: decisionOf says otherwise than ${file}`);
      if (docsOf(code).decision !== decision) wrong.push(`${code}: its docs say otherwise than ${file}`);
      return wrong;
    }),
  );
  assert.deepEqual(disagreeing, []);
  const decided = allRules.filter((rule) => decisionOf(rule.code));
  assert.ok(decided.length > allRules.length / 3, `${decided.length} of ${allRules.length} rules decide`);
});

test('no rule holds its decision: the decision is its module`s export, which the server does not import', () => {
  assert.deepEqual(
    allRules.filter((rule) => 'decision' in rule).map((rule) => rule.code),
    [],
  );
});
