import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { allRules } from '../../server/src/engine';
import { describeRun, runCli, tempTree } from './runCli';

// One error (the name's value, line 2) and one warning (the unknown key, line 5), at known places.
const fixture = `{
  "name": "Word Count",
  "displayName": "Fixture",
  "version": "1.0.0",
  "autor": "Ada"
}
`;
const cwd = tempTree({ 'plugin/manifest.json': fixture });
const shownPath = path.join('plugin', 'manifest.json');

const nameRange = { start: { line: 1, character: 10 }, end: { line: 1, character: 22 } };
const keyRange = { start: { line: 4, character: 2 }, end: { line: 4, character: 9 } };

interface JsonReport {
  file: string;
  diagnostics: { range: typeof nameRange; severity: string; code: string; message: string }[];
}

test('text: file:line:col severity code message, 1-based, then a summary; no colour when piped', () => {
  const run = runCli(['check', 'plugin'], { cwd });
  assert.equal(run.status, 1, describeRun(run));
  const lines = run.stdout.trimEnd().split('\n');
  assert.equal(lines.length, 3, run.stdout);
  assert.match(
    lines[0],
    new RegExp(`^${escape(shownPath)}:2:11 error manifest\\.name \`name\` "Word Count" is not kebab-case`),
  );
  assert.match(
    lines[1],
    new RegExp(
      `^${escape(shownPath)}:5:3 warning manifest\\.unknown-key Unknown key \`autor\`.*Did you mean \`author\`\\?$`,
    ),
  );
  assert.equal(lines[2], 'Checked 1 manifest: 1 error, 1 warning.');
  assert.doesNotMatch(run.stdout, /\x1b\[/);
  assert.equal(run.stderr, '');
});

test('text: FORCE_COLOR colours a pipe, NO_COLOR and FORCE_COLOR=0 keep it plain', () => {
  const forced = runCli(['check', 'plugin'], { cwd, env: { FORCE_COLOR: '1' } });
  assert.match(forced.stdout, /\x1b\[31merror\x1b\[0m/);
  assert.equal(stripAnsi(forced.stdout), runCli(['check', 'plugin'], { cwd }).stdout);
  assert.doesNotMatch(runCli(['check', 'plugin'], { cwd, env: { FORCE_COLOR: '0' } }).stdout, /\x1b\[/);
  assert.doesNotMatch(runCli(['check', 'plugin'], { cwd, env: { NO_COLOR: '1' } }).stdout, /\x1b\[/);
});

test('json: exactly [{ file, diagnostics: [{ range, severity, code, message }] }] with 0-based positions', () => {
  const run = runCli(['check', '--format', 'json', 'plugin'], { cwd });
  assert.equal(run.status, 1, describeRun(run));
  const report = JSON.parse(run.stdout) as JsonReport[];
  assert.equal(report.length, 1);
  assert.deepEqual(Object.keys(report[0]), ['file', 'diagnostics']);
  assert.equal(report[0].file, shownPath);
  const [nameError, keyWarning] = report[0].diagnostics;
  assert.equal(report[0].diagnostics.length, 2);
  for (const diagnostic of report[0].diagnostics) {
    assert.deepEqual(Object.keys(diagnostic), ['range', 'severity', 'code', 'message']);
    assert.deepEqual(Object.keys(diagnostic.range.start), ['line', 'character']);
    assert.deepEqual(Object.keys(diagnostic.range.end), ['line', 'character']);
  }
  assert.deepEqual(
    { range: nameError.range, severity: nameError.severity, code: nameError.code },
    { range: nameRange, severity: 'error', code: 'manifest.name' },
  );
  assert.deepEqual(
    { range: keyWarning.range, severity: keyWarning.severity, code: keyWarning.code },
    { range: keyRange, severity: 'warning', code: 'manifest.unknown-key' },
  );
  // The same message as the text format prints.
  assert.ok(runCli(['check', 'plugin'], { cwd }).stdout.includes(` manifest.name ${nameError.message}\n`));
});

test('json: a clean manifest is listed with no diagnostics', () => {
  const clean = tempTree({ 'manifest.json': '{ "name": "clean", "displayName": "Clean", "version": "0.1.0" }' });
  const run = runCli(['-f', 'json', 'check', 'manifest.json'], { cwd: clean });
  assert.equal(run.status, 0, describeRun(run));
  assert.deepEqual(JSON.parse(run.stdout), [{ file: 'manifest.json', diagnostics: [] }]);
});

test('sarif: 2.1.0 with the engine rules as tool.driver.rules', () => {
  const run = runCli(['check', '--format', 'sarif', 'plugin'], { cwd });
  assert.equal(run.status, 1, describeRun(run));
  const log = JSON.parse(run.stdout);
  assert.equal(log.version, '2.1.0');
  assert.equal(log.$schema, 'https://json.schemastore.org/sarif-2.1.0.json');
  assert.equal(log.runs.length, 1);
  const [sarifRun] = log.runs;
  assert.equal(sarifRun.tool.driver.name, 'filer-manifest');
  assert.equal(sarifRun.columnKind, 'utf16CodeUnits');
  const rules = sarifRun.tool.driver.rules as {
    id: string;
    shortDescription: { text: string };
    defaultConfiguration: { level: string };
  }[];
  assert.deepEqual(
    rules.map((rule) => rule.id),
    allRules.map((rule) => rule.code),
  );
  const levels = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };
  rules.forEach((rule, index) => {
    assert.equal(rule.shortDescription.text, allRules[index].description);
    assert.equal(rule.defaultConfiguration.level, levels[allRules[index].severity]);
  });
});

test('sarif: results with ruleId, level, message and a 1-based region relative to the working folder', () => {
  const log = JSON.parse(runCli(['check', '--format', 'sarif', 'plugin'], { cwd }).stdout);
  const [sarifRun] = log.runs;
  const results = sarifRun.results;
  assert.equal(results.length, 2);
  const json = (JSON.parse(runCli(['check', '--format', 'json', 'plugin'], { cwd }).stdout) as JsonReport[])[0]
    .diagnostics;
  assert.deepEqual(
    results.map((r: { ruleId: string; level: string; message: { text: string } }) => [
      r.ruleId,
      r.level,
      r.message.text,
    ]),
    // SARIF's plain text reads `[text](target)` as a link: its square brackets are escaped.
    [
      ['manifest.name', 'error', json[0].message.replace(/[[\]]/g, '\\$&')],
      ['manifest.unknown-key', 'warning', json[1].message],
    ],
  );
  for (const result of results) assert.equal(sarifRun.tool.driver.rules[result.ruleIndex].id, result.ruleId);
  const [location] = results[0].locations;
  assert.deepEqual(location.physicalLocation.artifactLocation, { uri: 'plugin/manifest.json', uriBaseId: '%SRCROOT%' });
  assert.deepEqual(location.physicalLocation.region, { startLine: 2, startColumn: 11, endLine: 2, endColumn: 23 });
  assert.deepEqual(results[1].locations[0].physicalLocation.region, {
    startLine: 5,
    startColumn: 3,
    endLine: 5,
    endColumn: 10,
  });
  assert.match(sarifRun.originalUriBaseIds['%SRCROOT%'].uri, /^file:\/\/.*\/$/);
});

test('--rule overrides a severity, and off removes the rule from every format', () => {
  const demoted = runCli(['check', '--rule', 'manifest.name=warning', 'plugin'], { cwd });
  assert.equal(demoted.status, 0, describeRun(demoted));
  assert.match(demoted.stdout, /:2:11 warning manifest\.name /);
  assert.match(demoted.stdout, /Checked 1 manifest: 2 warnings\.$/m);

  const off = runCli(
    ['check', '-f', 'json', '--rule', 'manifest.name=off', '--rule', 'manifest.unknown-key=off', 'plugin'],
    { cwd },
  );
  assert.equal(off.status, 0, describeRun(off));
  assert.deepEqual((JSON.parse(off.stdout) as JsonReport[])[0].diagnostics, []);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function stripAnsi(text: string): string {
  return text.replace(/\x1b\[[0-9;]*m/g, '');
}
