import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeManifest } from '../../server/src/engine';
import { pluginFolder } from './helpers';
import { validPlugin, validPluginWith } from './validPlugin';

test('the valid plugin every fixture starts from is valid: no rule reports anything in it, its folder read', () => {
  const { folder } = pluginFolder(validPlugin.files);
  assert.deepEqual(
    analyzeManifest(validPlugin.manifest, { folder }).diagnostics.map((d) => `${d.code} ${d.message}`),
    [],
  );
});

test('validPluginWith changes the one place named, and adds files', () => {
  const changed = validPluginWith(['"Count words"', '"Count the words"'], { files: { 'README.md': '# Word count\n' } });
  assert.ok(changed.manifest.includes('"title": "Count the words"'));
  assert.equal(changed.files['README.md'], '# Word count\n');
  assert.equal(changed.files['tools/count-words.js'], validPlugin.files['tools/count-words.js']);
  assert.throws(() => validPluginWith(['"no such text"', '']), /has "no such text" once/);
});
