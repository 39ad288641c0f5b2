/**
 * The parse keeps a property's string, number, boolean or null value inline and makes its node only
 * when something asks for it (server/src/engine/parse/jsonNode.ts): a leaf node is a fifth of the
 * tree's objects, and each one the open makes is copied by the collector. The rules read such values
 * on every entry and need the node only to report at it, so a validation must leave most of them inline.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generatePlugin } from '../../bench/generateManifest';
import { analyzeManifest, type JsonNode } from '../../server/src/engine';
import type { PropertyNode } from '../../server/src/engine/parse/jsonNode';

/** Properties whose value is a leaf: how many still hold it inline, and how many have had its node made. */
function leafValues(root: JsonNode | undefined): { inline: number; made: number } {
  const counts = { inline: 0, made: 0 };
  const walk = (node: JsonNode): void => {
    if (node.type !== 'property') return node.children?.forEach(walk);
    const property = node as PropertyNode;
    const made = property.madeValueNode;
    if (made) {
      if (!made.children) counts.made++;
      walk(made);
    } else if (property.hasValue) {
      counts.inline++;
    }
  };
  if (root) walk(root);
  return counts;
}

test("validating a manifest leaves most of its properties' leaf values without a node", () => {
  const analysis = analyzeManifest(generatePlugin(50, 'valid').manifestText);
  assert.equal(analysis.diagnostics.length, 0, 'the generated plugin is valid');
  const { inline, made } = leafValues(analysis.document.root);
  assert.ok(inline > 800, `the generated plugin has its leaf values: ${inline} inline`);
  // The nodes made are those something points at (the file references, which findings may be reported at) and a few
  // more.
  assert.ok(made < inline / 3, `${made} leaf nodes made by the validation, ${inline} left inline`);
});
