/**
 * "Suppress <code> in filer-manifest.config.json" over a real LSP connection, with VS Code's capabilities: offered on a
 * manifest's finding, it adds the entry to the config file the server reads for that manifest (on disk, or the
 * editor's unsaved text at its version), or makes one beside the manifest; once applied the finding is gone and
 * config.unused-suppression says nothing. A config file that changed so that it cannot take the entry is left alone;
 * none is offered in Restricted Mode, or for a manifest outside the workspace folder.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FileChangeType, type CodeAction, type Diagnostic } from 'vscode-languageserver-protocol/node';
import { vscodeCapabilities } from './clientCapabilities';
import { editOf, pickFix } from './fixHelpers';
import { applyWorkspaceEdit, LspClient, manifest, pollUntil, tempFolder } from './lspClient';

const withHomepage = manifest('"homepage": "https://example.com",\n  "website": "https://example.com/a"');
const title = 'Suppress manifest.unknown-key in filer-manifest.config.json';
const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

async function pulled(client: LspClient, uri: string, until?: (items: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
  return pollUntil(async () => {
    const report = await client.request<{ items?: Diagnostic[] }>('textDocument/diagnostic', {
      textDocument: { uri },
    });
    const items = report.items ?? [];
    return !until || until(items) ? items : undefined;
  }, `the diagnostics of ${uri}`);
}

async function actionsFor(client: LspClient, uri: string, diagnostic: Diagnostic): Promise<CodeAction[]> {
  return client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic], only: ['quickfix'] },
  });
}

const homepageFinding = (items: Diagnostic[]) =>
  items.find((d) => d.code === 'manifest.unknown-key' && d.range.start.line === 4);

test('the config file on disk: the entry is added to `suppress` (made), the finding goes, and it is not unused', async () => {
  const configText = json({ rules: { 'tools.timeout': 'warning' } });
  const folder = tempFolder({ 'filer-manifest.config.json': configText, 'plugins/a/manifest.json': withHomepage });
  const client = await LspClient.start({ workspace: folder.root, capabilities: vscodeCapabilities });
  try {
    const uri = folder.uri('plugins/a/manifest.json');
    const configUri = folder.uri('filer-manifest.config.json');
    await client.open(uri, withHomepage);
    const found = homepageFinding(await pulled(client, uri));
    assert.ok(found);
    const action = pickFix(await actionsFor(client, uri, found), title);
    assert.equal(action.edit, undefined, 'made when it is applied');
    const edit = await editOf(client, action);
    applyWorkspaceEdit(edit, new Map());
    const written = JSON.parse(readFileSync(join(folder.root, 'filer-manifest.config.json'), 'utf8'));
    assert.deepEqual(written, {
      rules: { 'tools.timeout': 'warning' },
      suppress: [
        {
          file: 'plugins/a/manifest.json',
          at: '/homepage',
          rule: 'manifest.unknown-key',
          reason: 'TODO: why this is acceptable',
        },
      ],
    });
    await client.fileChanged(configUri, FileChangeType.Changed);
    const after = await pulled(client, uri, (items) => !homepageFinding(items));
    assert.deepEqual(
      after.map((d) => `${d.range.start.line}:${d.code}`),
      ['5:manifest.unknown-key'],
      'the other unknown key stays',
    );
    await client.open(configUri, readFileSync(join(folder.root, 'filer-manifest.config.json'), 'utf8'));
    assert.deepEqual(await pulled(client, configUri), [], 'no config.unused-suppression');
  } finally {
    await client.stop();
    folder.cleanup();
  }
});

test('no config file: one is made beside the manifest; the editor’s unsaved config text is edited at its version', async () => {
  const folder = tempFolder({ 'plugin/manifest.json': withHomepage });
  const client = await LspClient.start({ workspace: folder.root, capabilities: vscodeCapabilities });
  try {
    const uri = folder.uri('plugin/manifest.json');
    const configUri = folder.uri('plugin/filer-manifest.config.json');
    await client.open(uri, withHomepage);
    const found = homepageFinding(await pulled(client, uri))!;
    const edit = await editOf(client, pickFix(await actionsFor(client, uri, found), title));
    assert.deepEqual(
      edit.documentChanges?.map((change) => ('kind' in change ? change.kind : change.textDocument.version)),
      ['create', null],
    );
    applyWorkspaceEdit(edit, new Map());
    const made = readFileSync(join(folder.root, 'plugin/filer-manifest.config.json'), 'utf8');
    assert.equal(JSON.parse(made).suppress[0].file, 'manifest.json');
    await client.fileChanged(configUri, FileChangeType.Created);
    await pulled(client, uri, (items) => !homepageFinding(items));
    // The config open with unsaved changes (a comment-free edit): the next entry is made from that text, versioned.
    const unsaved = made.replace('"suppress"', '"rules": {},\n  "suppress"');
    await client.open(configUri, made);
    const version = await client.replaceText(configUri, unsaved);
    const website = (await pulled(client, uri)).find((d) => d.code === 'manifest.unknown-key')!;
    const next = await editOf(
      client,
      pickFix(await actionsFor(client, uri, website), 'Suppress manifest.unknown-key in filer-manifest.config.json'),
    );
    assert.deepEqual(
      next.documentChanges?.map((change) => ('textDocument' in change ? change.textDocument : change)),
      [{ uri: configUri, version }],
    );
    const after = applyWorkspaceEdit(next, new Map([[configUri, unsaved]])).get(configUri)!;
    assert.deepEqual(
      JSON.parse(after).suppress.map((entry: { at: string }) => entry.at),
      ['/homepage', '/website'],
    );
    assert.equal(readFileSync(join(folder.root, 'plugin/filer-manifest.config.json'), 'utf8'), made, 'disk untouched');
    await client.replaceText(configUri, after);
    await pulled(client, uri, (items) => items.length === 0);
    assert.deepEqual(await pulled(client, configUri), []);
  } finally {
    await client.stop();
    folder.cleanup();
  }
});

test('a config file that became invalid before the fix ran is not edited, and the message says why', async () => {
  const folder = tempFolder({ 'filer-manifest.config.json': '{}\n', 'plugin/manifest.json': withHomepage });
  const client = await LspClient.start({ workspace: folder.root, capabilities: vscodeCapabilities });
  try {
    const uri = folder.uri('plugin/manifest.json');
    const configUri = folder.uri('filer-manifest.config.json');
    await client.open(uri, withHomepage);
    const found = homepageFinding(await pulled(client, uri))!;
    const action = pickFix(await actionsFor(client, uri, found), title);
    await client.open(configUri, '{\n  "suppress": [\n');
    const asked = client.appliedEdits.length;
    await client.request('workspace/executeCommand', action.command);
    assert.equal(client.appliedEdits.length, asked, 'nothing applied');
    assert.match(client.messages.at(-1) ?? '', /cannot take the entry.*nothing was edited/);
  } finally {
    await client.stop();
    folder.cleanup();
  }
});

test('none offered in Restricted Mode, for a manifest outside the workspace folder, or to a client that cannot apply edits', async () => {
  const folder = tempFolder({ 'work/plugin/manifest.json': withHomepage, 'elsewhere/manifest.json': withHomepage });
  const noApplyEdit = { ...vscodeCapabilities, workspace: { ...vscodeCapabilities.workspace, applyEdit: false } };
  const starts = [
    { capabilities: vscodeCapabilities, initializationOptions: { workspaceTrusted: false }, file: 'work/plugin' },
    { capabilities: vscodeCapabilities, file: 'elsewhere' },
    { capabilities: noApplyEdit, file: 'work/plugin' },
  ];
  for (const { file, ...options } of starts) {
    const client = await LspClient.start({ workspace: join(folder.root, 'work'), ...options });
    try {
      const uri = folder.uri(`${file}/manifest.json`);
      await client.open(uri, withHomepage);
      const found = homepageFinding(await pulled(client, uri))!;
      const titles = (await actionsFor(client, uri, found)).map((action) => action.title);
      assert.ok(!titles.includes(title), `${file}: ${titles.join(' | ')}`);
    } finally {
      await client.stop();
    }
  }
  assert.ok(!existsSync(join(folder.root, 'work/plugin/filer-manifest.config.json')));
  folder.cleanup();
});

test('config.unused-suppression: "Remove this unused suppression" removes its entry, and the used one stays', async () => {
  const used = { file: 'plugin/manifest.json', at: '/homepage', rule: 'manifest.unknown-key', reason: 'Ours.' };
  const stale = { ...used, at: '/version', reason: 'Nothing there.' };
  const configText = json({ suppress: [stale, used] });
  const folder = tempFolder({ 'filer-manifest.config.json': configText, 'plugin/manifest.json': withHomepage });
  const client = await LspClient.start({ workspace: folder.root, capabilities: vscodeCapabilities });
  try {
    const uri = folder.uri('plugin/manifest.json');
    const configUri = folder.uri('filer-manifest.config.json');
    await client.open(uri, withHomepage);
    await client.open(configUri, configText);
    const [unused] = await pulled(client, configUri, (items) => items.length > 0);
    assert.equal(unused.code, 'config.unused-suppression');
    const actions = await actionsFor(client, configUri, unused);
    const action = pickFix(actions, 'Remove this unused suppression');
    assert.deepEqual(
      action.edit?.documentChanges?.map((change) => ('textDocument' in change ? change.textDocument : change)),
      [{ uri: configUri, version: client.version(configUri) }],
    );
    const after = applyWorkspaceEdit(action.edit!, new Map([[configUri, configText]])).get(configUri)!;
    assert.deepEqual(JSON.parse(after), { suppress: [used] });
    await client.replaceText(configUri, after);
    assert.deepEqual(await pulled(client, configUri, (items) => items.length === 0), []);
    assert.ok(!homepageFinding(await pulled(client, uri)), 'the used one still suppresses');
    // A diagnostic the server did not report (the client's own, or stale) gets no fix.
    const made = { ...unused, range: { start: { line: 1, character: 0 }, end: { line: 1, character: 3 } } };
    assert.deepEqual(await actionsFor(client, configUri, made), []);
  } finally {
    await client.stop();
    folder.cleanup();
  }
});
