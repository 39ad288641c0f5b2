import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeManifest, compareGating, gatingReport, toolGating, type GatingReport } from '../../server/src/engine';
import { manifest } from './helpers';

const tool = (id: string, annotations?: object) =>
  JSON.stringify({
    id,
    title: `${id} title`,
    description: 'd',
    schema: './s.json',
    handler: './h.js',
    ...(annotations ? { annotations } : {}),
  });

function report(tools: string[], extra = ''): GatingReport {
  const { model, diagnostics } = analyzeManifest(
    manifest(`${extra ? `${extra},\n  ` : ''}"contributes": { "tools": [${tools.join(', ')}] }`),
  );
  return gatingReport(model, diagnostics);
}

test('the report lists every tool with the derivation the hover uses, and where it is written', () => {
  const text = manifest(
    `"permissions": { "fetch": { "static": ["api.example.com"] } }, "contributes": { "tools": [${tool('fetch_it')}, ${tool('read_it', { readOnlyHint: true })}] }`,
  );
  const { model, diagnostics } = analyzeManifest(text);
  const gating = gatingReport(model, diagnostics);
  assert.equal(gating.pluginName, 'Sample');
  assert.equal(gating.name, 'sample-plugin');
  assert.deepEqual(
    gating.tools.map((t) => [t.id, t.category, t.why, t.asks, t.undeclared]),
    model.tools.map((t) => {
      const g = toolGating(t, model);
      return [
        t.id,
        g.category,
        `${g.category} (${g.reasons[0].source === 'declared' ? g.reasons[0].annotation : `${g.reasons[0].annotation}, implied by ${g.reasons[0].source}`})`,
        g.asks,
        g.undeclared,
      ];
    }),
  );
  assert.equal(gating.tools[0].category, 'external');
  assert.equal(
    text.slice(gating.tools[0].location.offset, gating.tools[0].location.offset + gating.tools[0].location.length),
    tool('fetch_it'),
  );
  assert.equal(gating.undeclaredTools.category, 'external');
});

test('a manifest the loader would refuse: the report says Filer would not load the plugin, with its first error', () => {
  // An unknown annotation key and a string where a boolean goes: both refused by the loader, yet categories can be
  // read.
  const refused = report([tool('wipe', { destructiveHint: true, readOnlyHint: 'true', cached: true })]);
  assert.deepEqual(
    refused.tools.map((t) => [t.id, t.category]),
    [['wipe', 'delete']],
  );
  assert.ok(refused.refusal, 'a refusal');
  assert.equal(
    refused.refusal.words,
    'Filer would not load this plugin: its manifest has errors, and the loader refuses a manifest that fails validation. ' +
      'Its tools would be gated as shown here once it loads.',
  );
  assert.equal(refused.refusal.first.code, 'tools.annotations');
  assert.equal(report([tool('read_it', { readOnlyHint: true })]).refusal, undefined);
  // Warnings do not keep a plugin from loading.
  assert.equal(report([tool('a'), tool('a', { readOnlyHint: true })]).refusal, undefined);
});

test('a tool without an id is listed by its place', () => {
  const gating = report([JSON.stringify({ title: 't', description: 'd', schema: './s.json', handler: './h.js' })]);
  assert.equal(gating.tools[0].id, 'tools[0]');
});

test('a permission added turns undeclared tools external, said once for all of them', () => {
  const tools = [tool('a'), tool('b'), tool('c'), tool('d', { readOnlyHint: true })];
  const comparison = compareGating(report(tools), report(tools, '"permissions": { "fetch": {} }'));
  assert.deepEqual(
    comparison.changes.map((c) => [c.id, c.from, c.to, c.escalation, c.because]),
    ['a', 'b', 'c'].map((id) => [id, 'read', 'external', true, 'permissions.fetch added']),
  );
  assert.deepEqual(
    comparison.groups.map((g) => g.words),
    ['permissions.fetch added: 3 undeclared tools become external'],
  );
  assert.deepEqual([comparison.added, comparison.removed], [[], []]);
});

test('escalations come first, the strictest first; lowered categories after', () => {
  const base = report([
    tool('down', { openWorldHint: true }),
    tool('to_modify', { readOnlyHint: true }),
    tool('to_external'),
    tool('to_delete'),
  ]);
  const head = report([
    tool('down', { readOnlyHint: true }),
    tool('to_modify', { readOnlyHint: false }),
    tool('to_external', { openWorldHint: true }),
    tool('to_delete', { destructiveHint: true }),
  ]);
  const comparison = compareGating(base, head, (text) => `\`${text}\``);
  assert.deepEqual(
    comparison.changes.map((c) => [c.id, c.from, c.to, c.escalation]),
    [
      ['to_external', 'read', 'external', true],
      ['to_delete', 'read', 'delete', true],
      ['to_modify', 'read', 'modify', true],
      ['down', 'external', 'read', false],
    ],
  );
  assert.equal(comparison.changes[0].because, '`annotations` declared: `openWorldHint: true`');
  assert.equal(
    comparison.changes[2].because,
    '`annotations`: `readOnlyHint: false` added, `readOnlyHint: true` removed',
  );
  assert.equal(
    comparison.changes[3].because,
    '`annotations`: `readOnlyHint: true` added, `openWorldHint: true` removed',
  );
});

test("annotations removed from a networked plugin's tool: it is treated by the plugin again", () => {
  const extra = '"permissions": { "fetch": {} }';
  const comparison = compareGating(report([tool('t', { readOnlyHint: true })], extra), report([tool('t')], extra));
  assert.deepEqual(
    comparison.groups.map((g) => g.words),
    ['annotations removed: now openWorldHint: true, implied by permissions.fetch: 1 tool becomes external'],
  );
});

test('tools added and removed are listed apart; nothing changed gives nothing', () => {
  const comparison = compareGating(
    report([tool('kept'), tool('gone')]),
    report([tool('kept'), tool('new', { openWorldHint: true })]),
  );
  assert.deepEqual(
    comparison.added.map((t) => [t.id, t.category]),
    [['new', 'external']],
  );
  assert.deepEqual(
    comparison.removed.map((t) => t.id),
    ['gone'],
  );
  assert.deepEqual(comparison.changes, []);
  const same = report([tool('a', { destructiveHint: true })], '"runtime": "process", "command": "bin/x"');
  assert.deepEqual(compareGating(same, same), { added: [], removed: [], changes: [], groups: [] });
});

test('a reason that changes without changing the category is no category change', () => {
  // Already external through runtime: "process"; adding fetch changes nothing the gate does.
  const process = '"runtime": "process", "command": "bin/x"';
  const comparison = compareGating(
    report([tool('t')], process),
    report([tool('t')], `${process}, "permissions": { "fetch": {} }`),
  );
  assert.deepEqual(comparison.changes, []);
});
