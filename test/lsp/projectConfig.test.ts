/**
 * A checked-in filer-manifest.config.json over a real LSP connection (push, as Neovim 0.10 and Helix get them; pull,
 * with VS Code's capabilities): its rules and overrides change findings and severities, its own findings are the
 * config document's, its suppressions silence exactly their finding and an unused one is reported there; a config
 * file above the workspace folder, or in Restricted Mode, is not read; one that is a FIFO or a link out is not opened.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { vscodeCapabilities } from './clientCapabilities';
import { assertFifoNeverOpened, LspClient, manifest, pollUntil, tempFolder } from './lspClient';

const withHomepage = manifest('"homepage": "https://example.com"');
const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';
const summary = (diagnostics: Diagnostic[]) =>
  diagnostics.map(
    (d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${severityName[d.severity ?? 1]} ${d.code}`,
  );
const severityName: Record<number, string> = { 1: 'error', 2: 'warning', 3: 'information', 4: 'hint' };

async function pulled(client: LspClient, uri: string): Promise<Diagnostic[]> {
  const report = await client.request<{ items?: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
  return report.items ?? [];
}

test('push: the config file’s rules and overrides set severities; the user’s own setting wins over both', async () => {
  const folder = tempFolder({
    'filer-manifest.config.json': json({
      rules: { 'manifest.unknown-key': 'error' },
      overrides: [{ files: ['legacy/**'], rules: { 'manifest.unknown-key': 'hint' } }],
    }),
    'plugins/new/manifest.json': withHomepage,
    'legacy/old/manifest.json': withHomepage,
  });
  const client = await LspClient.start({ workspace: folder.root });
  try {
    const fresh = folder.uri('plugins/new/manifest.json');
    const old = folder.uri('legacy/old/manifest.json');
    await client.open(fresh, withHomepage);
    await client.open(old, withHomepage);
    assert.deepEqual(summary(await client.diagnostics(fresh)), ['5:3 error manifest.unknown-key']);
    assert.deepEqual(summary(await client.diagnostics(old)), ['5:3 hint manifest.unknown-key']);
    // The config file edited in the editor: what it governs is checked again at once.
    const config = folder.uri('filer-manifest.config.json');
    await client.open(config, json({ rules: { 'manifest.unknown-key': 'off' } }));
    await client.diagnostics(fresh, (params) => params.diagnostics.length === 0);
    assert.deepEqual(await client.diagnostics(config), []);
    await client.close(config);
    await client.stop();
    // The user's own setting wins over the config file.
    const own = await LspClient.start({
      workspace: folder.root,
      settings: { rules: { 'manifest.unknown-key': 'information' } },
    });
    try {
      await own.open(old, withHomepage);
      assert.deepEqual(summary(await own.diagnostics(old)), ['5:3 information manifest.unknown-key']);
    } finally {
      await own.stop();
    }
  } finally {
    await client.stop();
    folder.cleanup();
  }
});

test('pull: a bad config file is reported in it with its field; a suppression silences exactly its finding, an unused one is reported', async () => {
  const text = manifest('"homepage": "https://example.com",\n  "website": "https://example.com/a"');
  const configText = json({
    rules: { 'manifest.unknown-keys': 'off' },
    suppress: [
      { file: 'plugin/manifest.json', at: '/homepage', rule: 'manifest.unknown-key', reason: 'Our store page.' },
      { file: 'plugin/manifest.json', at: '/version', rule: 'manifest.unknown-key', reason: 'Nothing there.' },
    ],
  });
  const folder = tempFolder({ 'filer-manifest.config.json': configText, 'plugin/manifest.json': text });
  const client = await LspClient.start({ workspace: folder.root, capabilities: vscodeCapabilities });
  try {
    const uri = folder.uri('plugin/manifest.json');
    const config = folder.uri('filer-manifest.config.json');
    await client.open(uri, text);
    assert.deepEqual(summary(await pulled(client, uri)), ['6:3 warning manifest.unknown-key']);
    await client.open(config, configText);
    const inConfig = await pulled(client, config);
    assert.deepEqual(summary(inConfig), ['3:5 warning config.unknown-rule', '12:5 warning config.unused-suppression']);
    assert.match(String(inConfig[0].message), /Did you mean "manifest\.unknown-key"\?/);
    // The manifest changes so that the first suppression's finding is gone: it is unused too.
    await client.replaceText(uri, manifest('"website": "https://example.com/a"'));
    await pollUntil(async () => {
      const now = summary(await pulled(client, config));
      return now.length === 3 ? now : undefined;
    }, 'the config file pulled again');
  } finally {
    await client.stop();
    folder.cleanup();
  }
});

test('a config file above the workspace folder is not read, nor any in Restricted Mode (the log says so)', async () => {
  const outer = tempFolder({
    'filer-manifest.config.json': json({ rules: { 'manifest.unknown-key': 'off' } }),
    'work/plugin/manifest.json': withHomepage,
  });
  const client = await LspClient.start({ workspace: join(outer.root, 'work') });
  try {
    const uri = outer.uri('work/plugin/manifest.json');
    await client.open(uri, withHomepage);
    assert.deepEqual(summary(await client.diagnostics(uri)), ['5:3 warning manifest.unknown-key']);
  } finally {
    await client.stop();
  }
  const restricted = await LspClient.start({
    workspace: outer.root,
    initializationOptions: { workspaceTrusted: false },
  });
  try {
    const uri = outer.uri('work/plugin/manifest.json');
    await restricted.open(uri, withHomepage);
    assert.deepEqual(summary(await restricted.diagnostics(uri)), ['5:3 warning manifest.unknown-key']);
    assert.ok(
      restricted.logMessages.some(({ message }) =>
        /Restricted Mode: filer-manifest\.config\.json files are not read/.test(message),
      ),
      'the log says the config files are not read',
    );
  } finally {
    await restricted.stop();
    outer.cleanup();
  }
});

test('a config file that is a FIFO or a link out of the folder is not opened: one finding says so in the manifest', async (t) => {
  if (process.platform === 'win32') return t.skip('no FIFOs on Windows');
  const secret = tempFolder({ 'secret.json': json({ rules: { 'manifest.unknown-key': 'off' } }) });
  for (const kind of ['fifo', 'link'] as const) {
    const folder = tempFolder({ 'plugin/manifest.json': withHomepage });
    const configPath = join(folder.root, 'filer-manifest.config.json');
    if (kind === 'fifo') execFileSync('mkfifo', [configPath]);
    else symlinkSync(join(secret.root, 'secret.json'), configPath);
    const client = await LspClient.start({ workspace: folder.root });
    try {
      const uri = folder.uri('plugin/manifest.json');
      await client.open(uri, withHomepage);
      const found = await client.diagnostics(uri);
      assert.deepEqual(summary(found), ['1:1 error config.unreadable', '5:3 warning manifest.unknown-key'], kind);
      if (kind === 'fifo') assertFifoNeverOpened(configPath);
      assert.ok(!found.some((d) => /secret/.test(String(d.message))), `${kind}: nothing of the target is quoted`);
    } finally {
      await client.stop();
      folder.cleanup();
    }
  }
  secret.cleanup();
});

test('in the config file: completion of rule codes, severities and keys; hover on a rule code with its page', async () => {
  const folder = tempFolder({ 'filer-manifest.config.json': '{}\n' });
  const client = await LspClient.start({ workspace: folder.root, capabilities: vscodeCapabilities });
  try {
    const uri = folder.uri('filer-manifest.config.json');
    const text = '{\n  "rules": { "tools.legacy-shape": "", "" },\n  "suppress": [ { "rule": "" } ]\n}\n';
    await client.open(uri, text);
    type Item = { label: string; detail?: string; filterText?: string; textEdit?: { range: unknown; newText: string } };
    const complete = (line: number, character: number) =>
      client.request<Item[]>('textDocument/completion', { textDocument: { uri }, position: { line, character } });
    // In the value of a rule: the severities, in order from off to error, replacing the quotes typed.
    const severities = await complete(1, 36);
    assert.deepEqual(
      severities.map((item) => item.label),
      ['off', 'hint', 'information', 'warning', 'error'],
    );
    assert.deepEqual(severities[0].textEdit, {
      range: { start: { line: 1, character: 35 }, end: { line: 1, character: 37 } },
      newText: '"off"',
    });
    // What the client matches the text typed in the range against, its quote included (VS Code shows nothing for
    // `"tools.ti` matched against `tools.timeout`): the text written.
    assert.ok(severities.every((item) => item.filterText === item.textEdit?.newText));
    // A key of rules, and a suppression's rule: every rule code, with what it checks.
    for (const [line, character] of [
      [1, 40],
      [2, 26],
    ]) {
      const codes = await complete(line, character);
      const legacy = codes.find((item) => item.label === 'tools.legacy-shape');
      assert.ok(legacy && codes.length > 100, `${line}:${character}: ${codes.length} items`);
      assert.match(legacy.detail ?? '', /^error: Legacy manifests/);
      assert.equal(legacy.filterText, '"tools.legacy-shape"');
    }
    // Before the first key: the file's keys.
    const keys = await complete(0, 1);
    assert.deepEqual(
      keys.map((item) => item.label),
      ['rules', 'overrides', 'ignore', 'suppress', '$schema'],
    );
    const hover = await client.request<{ contents: { kind: string; value: string } } | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 1, character: 20 },
    });
    assert.match(hover?.contents.value ?? '', /^`tools\.legacy-shape`: Legacy manifests .* By default: error\./);
    assert.match(hover?.contents.value ?? '', /\[The rule's page\]\(.*tools\.legacy-shape\.md\)/);
  } finally {
    await client.stop();
    folder.cleanup();
  }
});
