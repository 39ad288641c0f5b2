import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generatePlugin, writePluginFolder } from '../../bench/generateManifest';
import { allRules, analyzeManifest, dataOf, ruleByCode, type RuleData } from '../../server/src/engine';
import { genericShapeRules } from '../../server/src/engine/rules/shape';
import type { actionRules } from '../../server/src/engine/rules/actions';
import type { RuleContext } from '../../server/src/engine/rules/rule';
import { NodePluginFolder } from '../../server/src/host/nodePluginFolder';
import { pluginFolder } from './helpers';

// The data of each code is typed by its rule's definition: these lines must not compile (the build fails if one does).
// @ts-expect-error a field the rule's data does not have (misspelt)
export const misspelt: RuleData<'permissions.fetch-url'> = { jsonPath: [], entry: 'https://x', replacment: 'x' };
// @ts-expect-error a field the rule's data needs, missing
export const missing: RuleData<'files.missing'> = { jsonPath: [], filePath: 'a.js' };
export const readsTyped = (diagnostic: Parameters<typeof dataOf>[0]): string | undefined =>
  // @ts-expect-error the data of a code is not any: a field no rule of the code has is refused
  dataOf(diagnostic, 'hooks.unknown-event')?.replacement;
// @ts-expect-error a code no rule declares
export const unknownCode = (diagnostic: Parameters<typeof dataOf>[0]) => dataOf(diagnostic, 'hooks.unknown-events');

/** An area's check reports only its own codes that build a message, each with its data. */
export function reportsWhatItDefines(context: RuleContext<(typeof actionRules)['rules']>): void {
  const at = { offset: 0, length: 0 };
  context.report('actions.scope-empty', at, { jsonPath: [] });
  // @ts-expect-error a rule the schema alone checks (no message builder) is not reported by a check
  context.report('actions.id', at, { jsonPath: [] });
  // @ts-expect-error another area's code
  context.report('tools.timeout', at, { jsonPath: [], value: 'x' });
  // @ts-expect-error a field the rule's data does not have
  context.report('actions.scope-empty', at, { jsonPath: [], scope: [] });
}

test('every rule builds its messages: from its data (message), from a schema finding (shapeMessage), or as a generic shape rule', () => {
  const generic = new Set<string>(genericShapeRules.map((rule) => rule.code));
  const without = allRules
    .filter((rule) => !rule.message && !rule.shapeMessage && !generic.has(rule.code))
    .map((rule) => rule.code);
  assert.deepEqual(without, []);
});

test("a diagnostic's data is plain JSON, the same after a round trip (it is sent to the client and handed back to the fix)", () => {
  const plugin = generatePlugin(120, 'broken');
  // Written below a temporary folder the helpers remove.
  const { folder, root } = pluginFolder({});
  const onDisk = new NodePluginFolder(writePluginFolder(plugin, root));
  const samples = [
    analyzeManifest(plugin.manifestText, { folder: onDisk }).diagnostics,
    analyzeManifest('\uFEFF{ "name": "x" // c\n, }', { folder }).diagnostics,
  ].flat();
  assert.ok(new Set(samples.map((d) => d.code)).size >= 12, 'many rules are sampled');
  for (const diagnostic of samples) {
    assert.deepEqual(JSON.parse(JSON.stringify(diagnostic.data)), diagnostic.data, diagnostic.code);
    // Apart from JSON syntax, every finding names the node at fault by its JSON path.
    if (!diagnostic.code.startsWith('json.'))
      assert.ok(
        Array.isArray((diagnostic.data as { jsonPath?: unknown }).jsonPath),
        `${diagnostic.code} has a jsonPath`,
      );
  }
});

test("a message is its rule's builder applied to the finding's data", () => {
  const { diagnostics } = analyzeManifest(
    '{ "name": "x", "displayName": "X", "version": "1.0.0", "contributes": { "hooks": { "onAppRedy": "./h.js" } } }',
  );
  const [unknown] = diagnostics.filter((d) => d.code === 'hooks.unknown-event');
  assert.deepEqual(unknown.data, {
    jsonPath: ['contributes', 'hooks', 'onAppRedy'],
    event: 'onAppRedy',
    suggestion: 'onAppReady',
  });
  assert.equal(ruleByCode.get('hooks.unknown-event')!.message!(unknown.data), unknown.message);
});
