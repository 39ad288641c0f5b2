import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { vscodeCapabilities } from './clientCapabilities';
import { copyServer, LspClient, repositoryRoot, tempFolder } from './lspClient';

const { version } = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { version: string };
const filerManifest = '{ "name": "p", "displayName": "P", "version": "1.0.0", "contributes": {} }';
const messageType = { warning: 2, info: 3 };

describe('the server\u2019s log (window/logMessage: the Filer Manifest output channel in VS Code)', () => {
  test('says its version, the settings in force, which files it took as Filer manifests and why, and what it could not read', async (t) => {
    if (process.platform === 'win32') return t.skip('file modes cannot make a folder unreadable on Windows');
    const folder = tempFolder({
      'plugin/manifest.json': filerManifest,
      'browser/manifest.json': '{ "manifest_version": 3, "name": "x", "version": "1" }',
      'locked/manifest.json': filerManifest,
    });
    // A folder the server cannot list: as root, the server runs as another user (from a copy of the bundle it can
    // read).
    const server = copyServer(folder.root);
    chmodSync(folder.root, 0o755);
    chmodSync(join(folder.root, 'locked'), 0o000);
    const asRoot = process.getuid?.() === 0;
    const client = await LspClient.start({
      workspace: folder.root,
      server,
      ...(asRoot ? { user: { uid: 65534, gid: 65534 } } : {}),
      settings: { rules: { 'hooks.unknown-event': 'off' } },
    });
    try {
      const line = (pattern: RegExp, description: string) =>
        client.waitFor(
          () => client.logMessages.find((message) => pattern.test(message.message)),
          10000,
          `a log line: ${description}`,
        );
      const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

      const started = await line(/^Filer manifest language server /, 'the version');
      assert.match(
        started.message,
        new RegExp(
          `^Filer manifest language server ${escaped(version)} \\(Node\\.js v\\d+\\.\\d+\\.\\d+\\)\\. Workspace folders: ${escaped(folder.root)}\\.$`,
        ),
      );
      const settings = await line(/^Settings in force/, 'the settings');
      assert.match(
        settings.message,
        /^Settings in force \(workspace\/configuration\): \{.*"rules":\{"hooks\.unknown-event":"off"\}/,
      );
      const taken = await line(/plugin\/manifest\.json: /, 'the Filer manifest');
      assert.deepEqual(taken, {
        type: messageType.info,
        message: `${join(folder.root, 'plugin/manifest.json')}: taken as a Filer manifest (has contributes).`,
      });
      const notTaken = await line(/browser\/manifest\.json: /, 'the browser-extension manifest');
      assert.equal(
        notTaken.message,
        `${join(folder.root, 'browser/manifest.json')}: not taken as a Filer manifest (has manifest_version: a browser-extension manifest).`,
      );
      const unreadable = await line(/^Could not read /, 'the locked folder');
      assert.deepEqual(unreadable, {
        type: messageType.warning,
        message: `Could not read ${join(folder.root, 'locked')}: EACCES: permission denied, scandir '${join(folder.root, 'locked')}'`,
      });
      assert.match((await line(/^Workspace scan /, 'the scan')).message, /: 2 candidate manifest files\.$/);

      // A file is logged once, and again when the answer changes; so are the settings.
      const uri = folder.uri('plugin/manifest.json');
      await client.open(uri, filerManifest);
      await client.diagnostics(uri);
      await client.replaceText(uri, '{ "name": "p" }');
      const changed = await line(/plugin\/manifest\.json: not taken/, 'the manifest that stopped being one');
      assert.equal(
        changed.message,
        `${join(folder.root, 'plugin/manifest.json')}: not taken as a Filer manifest (has none of contributes, engines.filer, capabilities, a Filer $schema, or name + displayName + version).`,
      );
      assert.equal(
        client.logMessages.filter((message) => message.message.includes('plugin/manifest.json: taken')).length,
        1,
      );
      client.settings = { maxFileSize: 4 };
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
      await line(/^Settings in force \(workspace\/configuration\): .*"maxFileSize":4/, 'the new settings');
    } finally {
      await client.stop();
      chmodSync(join(folder.root, 'locked'), 0o755);
      folder.cleanup();
    }
  });

  test('a handler, a tool schema or a package.json opened says nothing: only a candidate manifest is worth a line', async () => {
    const folder = tempFolder({
      'plugin/manifest.json':
        '{ "name": "p", "displayName": "P", "version": "1.0.0", "contributes": { "tools": [{ "id": "t", "title": "T", "description": "D.", "schema": "t.schema.json", "handler": "t.js", "annotations": {} }] } }',
      'plugin/t.schema.json': '{ "type": "object", "properties": {} }',
      'plugin/t.js': 'module.exports = async () => "";\n',
      'plugin/package.json': '{ "name": "p" }',
    });
    const client = await LspClient.start({ workspace: folder.root, capabilities: vscodeCapabilities });
    try {
      const manifestUri = folder.uri('plugin/manifest.json');
      await client.open(manifestUri, readFileSync(join(folder.root, 'plugin/manifest.json'), 'utf8'));
      await client.request('textDocument/diagnostic', { textDocument: { uri: manifestUri } });
      for (const [file, languageId] of [
        ['t.js', 'javascript'],
        ['t.schema.json', 'json'],
        ['package.json', 'json'],
      ]) {
        const uri = folder.uri(`plugin/${file}`);
        await client.open(uri, readFileSync(join(folder.root, 'plugin', file), 'utf8'), 1, languageId);
        await client.request('textDocument/diagnostic', { textDocument: { uri } });
      }
      await client.waitFor(
        () => client.logMessages.find((message) => message.message.includes('plugin/manifest.json: taken')),
        10000,
        'the manifest taken',
      );
      const about = client.logMessages.filter((message) =>
        /(t\.js|t\.schema\.json|package\.json): /.test(message.message),
      );
      assert.deepEqual(about, []);
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });

  test('a folder named with terminal escapes, line breaks and workflow commands puts no control character in a log line', async () => {
    const forged = '::error ::forged\n::add-mask::x\r\x1b[2J\x1b]0;pwned\x07\x9b31m\u202eevil ##[error]y';
    const folder = tempFolder({});
    for (const [name, text] of [
      ['plugin', filerManifest],
      ['browser', '{ "manifest_version": 3, "name": "x", "version": "1" }'],
    ]) {
      mkdirSync(join(folder.root, `${forged}-${name}`));
      writeFileSync(join(folder.root, `${forged}-${name}`, 'manifest.json'), text);
    }
    const client = await LspClient.start({ workspace: folder.root });
    try {
      // The folder's name as the line shows it (its `::` is not at the start of the line).
      const shown = '::error ::forged\\n::add-mask::x\\r\\x1b[2J\\x1b]0;pwned\\x07\\x9b31m\\u202eevil ##\\x5berror]y';
      const browser = `${join(folder.root, `${shown}-browser`, 'manifest.json')}: not taken as a Filer manifest (has manifest_version: a browser-extension manifest).`;
      await client.waitFor(
        () => client.logMessages.find((message) => message.message === browser),
        10000,
        `the line: ${browser}`,
      );
      const uri = folder.uri(`${forged}-plugin/manifest.json`);
      await client.open(uri, filerManifest);
      await client.diagnostics(uri);
      for (const { message } of client.logMessages) {
        assert.doesNotMatch(message, /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/, message);
        assert.doesNotMatch(message, /##\[/, message);
      }
      assert.ok(
        client.logMessages.some((message) =>
          message.message.startsWith(
            `${join(folder.root, `${shown}-plugin`, 'manifest.json')}: taken as a Filer manifest`,
          ),
        ),
      );
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });
});
