import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  analyzeManifest,
  deriveToolGating,
  describeGating,
  toolGating,
  type PluginGatingFacts,
} from '../../server/src/engine';

const plain: PluginGatingFacts = { declaresFetch: false, isProcess: false, declaresFsWrite: false };

test('declared annotations decide the category, the strictest winning', () => {
  assert.equal(deriveToolGating({ openWorldHint: true }, plain).category, 'external');
  assert.equal(deriveToolGating({ destructiveHint: true }, plain).category, 'delete');
  assert.equal(deriveToolGating({ readOnlyHint: false }, plain).category, 'modify');
  assert.equal(deriveToolGating({ readOnlyHint: true }, plain).category, 'read');
  const all = deriveToolGating({ readOnlyHint: false, destructiveHint: true, openWorldHint: true }, plain);
  assert.deepEqual(
    all.reasons.map((r) => r.category),
    ['external', 'delete', 'modify'],
  );
  assert.equal(all.category, 'external');
  assert.equal(all.asks, 'asks at every level below Full Auto; refused in Sandbox');
});

test('with no annotation or permission saying otherwise, a tool is read, which never asks', () => {
  for (const annotations of [{ idempotentHint: true }, { openWorldHint: false, destructiveHint: false }]) {
    const gating = deriveToolGating(annotations, { declaresFetch: true, isProcess: true, declaresFsWrite: true });
    assert.equal(gating.category, 'read', JSON.stringify(annotations));
    assert.equal(gating.undeclared, false);
    assert.equal(gating.asks, 'never asks');
  }
});

test('annotations: {} (or no object at all) declares nothing: treated like no annotations, by what the plugin may do', () => {
  for (const annotations of [{}, undefined, null, true, []]) {
    const gating = deriveToolGating(annotations, { ...plain, declaresFetch: true });
    assert.deepEqual(
      [gating.category, gating.undeclared, gating.reasons[0].source],
      ['external', true, 'permissions.fetch'],
      JSON.stringify(annotations),
    );
  }
});

test('undeclared tools are treated by what the plugin may do', () => {
  assert.equal(deriveToolGating(undefined, plain).category, 'read');
  const fetch = deriveToolGating(undefined, { ...plain, declaresFetch: true });
  assert.deepEqual(
    [fetch.category, fetch.reasons[0].source, fetch.undeclared],
    ['external', 'permissions.fetch', true],
  );
  assert.equal(deriveToolGating(undefined, { ...plain, isProcess: true }).reasons[0].source, 'runtime: "process"');
  const write = deriveToolGating(undefined, { ...plain, declaresFsWrite: true });
  assert.equal(write.category, 'modify');
  assert.equal(describeGating(write), 'modify (readOnlyHint: false, implied by permissions.fs.write)');
  const both = deriveToolGating(undefined, { ...plain, declaresFetch: true, declaresFsWrite: true });
  assert.deepEqual(
    both.reasons.map((r) => r.category),
    ['external', 'modify'],
  );
});

test('permissions that only touch Filer itself imply nothing', () => {
  const { model } = analyzeManifest(
    JSON.stringify({
      name: 'p',
      displayName: 'P',
      version: '1.0.0',
      permissions: {
        store: true,
        session: { getActive: true },
        hostTrigger: true,
        channels: {},
        settings: true,
        fs: { read: { parameter: true } },
      },
      contributes: { tools: [{ id: 't', title: 't', description: 'd', schema: 's.json', handler: 'h.js' }] },
    }),
  );
  assert.equal(toolGating(model.tools[0], model).category, 'read');
});
