import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { generatePlugin, writePluginFolder, type GeneratedPlugin, type JsonPath } from '../../bench/generateManifest';
import { analyzeManifest, type ManifestDiagnostic } from '../../server/src/engine';
import { NodePluginFolder } from '../../server/src/host/nodePluginFolder';

const folders: string[] = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** The JSON path every finding's data names (the syntax rules' aside). */
const jsonPathOf = (d: ManifestDiagnostic) => (d.data as { jsonPath?: JsonPath } | undefined)?.jsonPath;

function analyzeOnDisk(plugin: GeneratedPlugin): ManifestDiagnostic[] {
  const root = writePluginFolder(plugin);
  folders.push(root);
  return analyzeManifest(plugin.manifestText, { folder: new NodePluginFolder(root) }).diagnostics;
}

const startsWith = (path: JsonPath, prefix: JsonPath) => prefix.every((segment, index) => path[index] === segment);

function describeAll(diagnostics: ManifestDiagnostic[]): string {
  return (
    diagnostics
      .map((d) => `\n  ${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ${d.message}`)
      .join('') || '(none)'
  );
}

describe('benchmark manifest generator', () => {
  it('gives the same manifest and files for the same N', () => {
    const first = generatePlugin(60, 'broken');
    const second = generatePlugin(60, 'broken');
    assert.equal(first.manifestText, second.manifestText);
    assert.deepEqual([...first.files], [...second.files]);
    assert.deepEqual(first.breaks, second.breaks);
    assert.notEqual(generatePlugin(61, 'valid').manifestText, generatePlugin(60, 'valid').manifestText);
  });

  it('makes N tools, N actions of both kinds with generate buttons, N/4 settings, about 1.1 KiB per pair', () => {
    const plugin = generatePlugin(200, 'valid');
    const manifest = JSON.parse(plugin.manifestText);
    const { tools, actions, settings, hooks } = manifest.contributes;
    assert.equal(tools.length, 200);
    assert.equal(actions.length, 200);
    assert.equal(Object.keys(settings).length, 50);
    assert.ok(Object.keys(hooks).length > 0);
    assert.ok(
      actions.some((a: { kind: string }) => a.kind === 'tool') &&
        actions.some((a: { kind: string }) => a.kind === 'prompt'),
    );
    assert.ok(actions.some((a: { params?: { type: string }[] }) => a.params?.some((p) => p.type === 'per-file-text')));
    assert.ok(
      actions.some((a: { generate?: unknown; hidden?: boolean }) => a.hidden === true) &&
        actions.some((a: { generate?: unknown }) => a.generate),
    );
    for (const key of [
      'fs',
      'fetch',
      'store',
      'session',
      'hostTrigger',
      'ai',
      'channels',
      'settings',
      'toast',
      'renderHtmlToPdf',
      'log',
      'execution',
    ]) {
      assert.ok(key in manifest.permissions, `permissions.${key}`);
    }
    const perPair = plugin.manifestText.length / 200;
    assert.ok(perPair > 1000 && perPair < 1400, `${perPair} bytes per tool+action pair`);
  });

  it('the valid variant gets no diagnostic at all from our validator, files included', () => {
    const plugin = generatePlugin(120, 'valid');
    const diagnostics = analyzeOnDisk(plugin);
    assert.equal(diagnostics.length, 0, describeAll(diagnostics));
  });

  it('the broken variant breaks about one entry in twenty, each reported with its code, and nothing else', () => {
    const plugin = generatePlugin(400, 'broken');
    const entries = 400 + 400 + 100;
    assert.ok(
      plugin.breaks.length >= entries / 25 && plugin.breaks.length <= entries / 16,
      `${plugin.breaks.length} breaks in ${entries} entries`,
    );
    assert.ok(plugin.breaks.some((b) => b.schemaDetectable) && plugin.breaks.some((b) => !b.schemaDetectable));
    assert.ok(new Set(plugin.breaks.map((b) => b.code)).size >= 12, 'the breaks cover many rules');

    const diagnostics = analyzeOnDisk(plugin);
    for (const injected of plugin.breaks) {
      const found = diagnostics.some(
        (d) => d.code === injected.code && jsonPathOf(d) !== undefined && startsWith(jsonPathOf(d)!, injected.path),
      );
      assert.ok(
        found,
        `${injected.what} at ${injected.path.join('.')} is reported as ${injected.code}; got:${describeAll(diagnostics)}`,
      );
    }
    const stray = diagnostics.filter(
      (d) => !plugin.breaks.some((b) => jsonPathOf(d) !== undefined && startsWith(jsonPathOf(d)!, b.entry)),
    );
    assert.deepEqual(stray, [], `every diagnostic lies in a broken entry; stray:${describeAll(stray)}`);
  });
});
