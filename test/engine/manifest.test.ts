import { test } from 'node:test';
import { expectNone, expectRule, manifest, areaCodes } from './helpers';

test('manifest.not-an-object: an array at the root', () => {
  expectRule('manifest.not-an-object', '«[]»', { severity: 'error' });
});

test('manifest.required: name, displayName and version, at the opening brace of the manifest', () => {
  expectRule('manifest.required', '«{»"name": "a", "displayName": "A"}', {
    message: 'The manifest has no `version`, which is required.',
  });
  expectRule('manifest.required', '«{»"name": "a", "version": "1.0.0"}', { message: 'has no `displayName`' });
  expectRule('manifest.required', '«{»"displayName": "A", "version": "1.0.0"}', { message: 'has no `name`' });
});

test('manifest.required: author needs a name, reported at the author key', () => {
  expectRule('manifest.required', manifest('«"author"»: { "url": "https://example.com" }'), {
    message: 'has no `name`',
  });
});

test('manifest.name: kebab-case, with the kebab-cased name suggested', () => {
  expectRule('manifest.name', '{"name": «"My Plugin"», "displayName": "A", "version": "1.0.0"}', {
    message: 'Did you mean "my-plugin"?',
  });
  expectRule('manifest.name', '{"name": «"my--plugin"», "displayName": "A", "version": "1.0.0"}');
  expectRule('manifest.name', '{"name": «"-plugin"», "displayName": "A", "version": "1.0.0"}');
  expectNone('{"name": "word-count-2", "displayName": "A", "version": "1.0.0"}', areaCodes('manifest'));
});

test('manifest.wrong-type: displayName must be a string', () => {
  expectRule('manifest.wrong-type', '{"name": "a", "displayName": «42», "version": "1.0.0"}', {
    message: 'must be a string',
  });
});

test("manifest.wrong-type: the message says what the value is; the field's description is left to the hover", () => {
  expectRule('manifest.wrong-type', manifest('"author": «"Ada"»'), {
    message: /^`author` must be an object, not a string\.$/,
  });
  expectRule('manifest.wrong-type', manifest('"license": «2»'), {
    message: /^`license` must be a string, not a number\.$/,
  });
});

test('manifest.version: semver with an optional -prerelease suffix', () => {
  for (const bad of ['1.0', 'v1.0.0', '1.0.0+build.5', '01.0.0', '1.0.0-']) {
    expectRule('manifest.version', `{"name": "a", "displayName": "A", "version": «${JSON.stringify(bad)}»}`);
  }
  for (const good of ['0.0.1', '1.2.3', '1.2.3-beta', '1.2.3-beta.1', '10.20.30-rc-1']) {
    expectNone(`{"name": "a", "displayName": "A", "version": ${JSON.stringify(good)}}`, areaCodes('manifest'));
  }
});

test('manifest.capabilities: flat lowercase tags, dotted namespaces allowed', () => {
  expectRule('manifest.capabilities', manifest('"capabilities": ["channel.telegram", «"Audio.STT"»]'));
  expectRule('manifest.capabilities', manifest('"capabilities": [«"channel..x"»]'));
  expectNone(manifest('"capabilities": ["channel.telegram", "audio.stt", "ocr", "a-b.c-d"]'), areaCodes('manifest'));
});

test('manifest.runtime: "node" or "process", with a did-you-mean', () => {
  expectRule('manifest.runtime', manifest('"runtime": «"proces"»'), { message: 'Did you mean "process"?' });
  expectNone(manifest('"runtime": "node"'), areaCodes('manifest'));
});

test('manifest.unknown-key: a warning with the closest known key', () => {
  expectRule('manifest.unknown-key', manifest('«"descripton"»: "x"'), {
    severity: 'warning',
    message: 'Did you mean `description`?',
  });
});

test('manifest.command-required: runtime "process" needs command, reported at runtime', () => {
  expectRule('manifest.command-required', manifest('"runtime": «"process"»'), { severity: 'error' });
});

test('manifest.command-absolute: absolute on either OS is rejected', () => {
  for (const absolute of [
    '/usr/bin/tool',
    'C:\\\\tools\\\\tool.exe',
    'C:/tools/tool.exe',
    '\\\\\\\\server\\\\share\\\\tool.exe',
  ]) {
    expectRule('manifest.command-absolute', manifest(`"runtime": "process", "command": «"${absolute}"»`));
  }
  expectNone(manifest('"runtime": "process", "command": "bin/tool"'), ['manifest.command-absolute']);
});

test('manifest.process-only: command and args under runtime "node" are ignored', () => {
  expectRule('manifest.process-only', manifest('«"command"»: "bin/tool"'), { severity: 'warning' });
  expectRule('manifest.process-only', manifest('"runtime": "node", «"args"»: []'));
});

test('descriptive fields are accepted', () => {
  expectNone(
    manifest(`"description": "d", "author": { "name": "Ada", "url": "https://ada.dev" }, "repository": "https://example.com/r",
  "icon": "icon.png", "license": "MIT", "keywords": ["a"], "category": "tools", "engines": { "filer": ">=1.4" }, "bundled": false, "sandbox": true`),
    areaCodes('manifest'),
  );
});

test('a minimal plugin (name, displayName, version) is clean', () => {
  expectNone('{ "name": "hello", "displayName": "Hello", "version": "0.1.0" }', areaCodes('manifest'));
});
