import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';

const extensionId = 'filer-plugin-tools.filer-plugin-tools';

function fixture(path: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests run with the throw-away workspace open');
  return vscode.Uri.joinPath(folder.uri, 'fixtures', path);
}

async function open(path: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(fixture(path));
  return vscode.window.showTextDocument(document);
}

/** Polls until `probe` returns a value (not undefined), or fails naming what it waited for. */
async function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
}

async function waitForNoDiagnostics(uri: vscode.Uri, what: string): Promise<void> {
  try {
    await waitFor(
      `no diagnostics on ${what}`,
      () => (vscode.languages.getDiagnostics(uri).length === 0 ? true : undefined),
      15_000,
    );
  } catch (error) {
    const left = vscode.languages
      .getDiagnostics(uri)
      .map((diagnostic) => `${codeOf(diagnostic)}: ${diagnostic.message}`);
    throw new Error(`${(error as Error).message}; still reported: ${left.join(' | ')}`, { cause: error });
  }
}

function codeOf(diagnostic: vscode.Diagnostic): string {
  return String(typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code);
}

function positionOf(document: vscode.TextDocument, text: string, delta = 0): vscode.Position {
  const offset = document.getText().indexOf(text);
  assert.ok(offset >= 0, `${text} is in ${document.uri.path}`);
  return document.positionAt(offset + delta);
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers
    .flatMap((hover) => hover.contents)
    .map((content) => (typeof content === 'string' ? content : content.value))
    .join('\n');
}

async function completionLabels(document: vscode.TextDocument, position: vscode.Position): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>(
    'vscode.executeCompletionItemProvider',
    document.uri,
    position,
  );
  return list.items.map((item) =>
    (typeof item.label === 'string' ? item.label : item.label.label).replace(/^"|"$/g, ''),
  );
}

suite('Filer manifest extension, in the editor', () => {
  suiteSetup(async () => {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension, `${extensionId} is installed in this editor`);
    await extension.activate();
  });

  test('diagnostics appear for a broken manifest and vanish when it is fixed', async () => {
    const editor = await open('typo-tool/manifest.json');
    const { document } = editor;
    const idDot = await waitFor('the tools.id-dot diagnostic', () =>
      vscode.languages.getDiagnostics(document.uri).find((diagnostic) => codeOf(diagnostic) === 'tools.id-dot'),
    );
    assert.equal(idDot.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(document.getText(idDot.range), '"notes.fetch"');

    const fix = new vscode.WorkspaceEdit();
    fix.replace(document.uri, idDot.range, '"notes_fetch"');
    assert.equal(await vscode.workspace.applyEdit(fix), true);
    await waitForNoDiagnostics(document.uri, 'the manifest with its id fixed');
  });

  test('hover on a tool shows its approval category and why', async () => {
    const { document } = await open('gated/manifest.json');
    const position = positionOf(document, '"post_status"', 3);
    const text = await waitFor('a hover with the category', async () => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        document.uri,
        position,
      );
      const joined = hoverText(hovers);
      return /external/.test(joined) ? joined : undefined;
    });
    assert.match(text, /openWorldHint: true/);
    assert.match(text, /permissions\.fetch/);
  });

  test('completion lists permission keys and hook names', async () => {
    const { document } = await open('completion/manifest.json');
    const permissionsLine = positionOf(document, '"permissions": {').line + 1;
    const permissionKeys = await waitFor('permission keys', async () => {
      const labels = await completionLabels(document, new vscode.Position(permissionsLine, 4));
      return labels.includes('fetch') ? labels : undefined;
    });
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
      assert.ok(permissionKeys.includes(key), `permission key ${key} is offered (got ${permissionKeys.join(', ')})`);
    }

    const hooksLine = positionOf(document, '"hooks": {').line + 1;
    const hookNames = await completionLabels(document, new vscode.Position(hooksLine, 6));
    for (const name of [
      'onAgentComplete',
      'onSessionMessage',
      'onToolCall',
      'onSessionStart',
      'onAgentHitlRequest',
      'onFileChangeNotify',
      'onRuntimeReady',
      'onAppReady',
    ]) {
      assert.ok(hookNames.includes(name), `hook ${name} is offered (got ${hookNames.join(', ')})`);
    }
  });

  test('the legacy quick fix, run as VS Code runs it, writes the new schema file whole and leaves the manifest unsaved', async () => {
    const { document } = await open('legacy/manifest.json');
    const legacy = await waitFor('the tools.legacy-shape diagnostic', () =>
      vscode.languages.getDiagnostics(document.uri).find((diagnostic) => codeOf(diagnostic) === 'tools.legacy-shape'),
    );
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      legacy.range,
      undefined,
      50,
    );
    const convert = actions.find((action) => /schema/i.test(action.title) && action.kind?.value.startsWith('quickfix'));
    assert.ok(
      convert?.command,
      `a quick fix that writes a schema file (got: ${actions.map((action) => action.title).join(' | ')})`,
    );
    // It creates a file: its edit is made by its command, so that VS Code neither saves nor splits it.
    assert.equal(convert.edit, undefined);
    await vscode.commands.executeCommand(convert.command.command, ...(convert.command.arguments ?? []));

    const schemaUri = fixture('legacy/tools/resize_image.schema.json');
    const schemaText = new TextDecoder().decode(await vscode.workspace.fs.readFile(schemaUri));
    const schema = JSON.parse(schemaText);
    assert.deepEqual(schema.required, ['path', 'width']);
    assert.equal(schema.properties.path.format, 'file-path');
    assert.match(schemaText, /^\{\n {2}"type": "object",\n/, 'laid out with the manifest\u2019s two spaces');
    assert.ok(
      vscode.window.visibleTextEditors.some((editor) => editor.document.uri.toString() === schemaUri.toString()),
      'the new file is open',
    );
    assert.equal(
      vscode.window.activeTextEditor?.document.uri.toString(),
      document.uri.toString(),
      'the manifest keeps the keyboard',
    );

    const manifest = JSON.parse(document.getText());
    const [tool] = manifest.contributes.tools;
    assert.equal(tool.id, 'resize_image');
    assert.equal(tool.name, undefined);
    assert.equal(tool.parameters, undefined);
    assert.match(tool.schema, /^(\.\/)?tools\/resize_image\.schema\.json$/);
    assert.equal(document.isDirty, true, 'the manifest is edited, not saved');
    // The fixture has nothing else wrong: once converted, the manifest is clean.
    await waitForNoDiagnostics(document.uri, 'the converted manifest');
  });

  test('completion of a toolId offers each tool once: VS Code\u2019s JSON support proposes no value of its own in a manifest.json', async () => {
    const { document } = await open('tool-ids/manifest.json');
    const position = positionOf(document, '"toolId": ""', '"toolId": "'.length);
    const labels = await waitFor('the tool ids', async () => {
      const found = await completionLabels(document, position);
      return found.includes('post_status') ? found : undefined;
    });
    assert.deepEqual(labels, ['count_words', 'post_status']);
  });

  test('Filer: Preview Context Menu opens its panel beside the manifest', async () => {
    const editor = await open('typo-tool/manifest.json');
    await vscode.commands.executeCommand('filer.previewContextMenu', editor.document.uri);
    const tab = await waitFor('the preview tab', () =>
      vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .find(
          (candidate) =>
            candidate.input instanceof vscode.TabInputWebview &&
            candidate.input.viewType.endsWith('filer.contextMenuPreview'),
        ),
    );
    assert.equal(tab.label, 'Context Menu: typo-tool');
    assert.notEqual(
      tab.group.viewColumn,
      vscode.window.tabGroups.all.find((group) =>
        group.tabs.some(
          (t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === editor.document.uri.toString(),
        ),
      )?.viewColumn,
      'beside the manifest, in another group',
    );
  });

  test('the client restarts a language server that died, and diagnostics come back', async () => {
    const { document } = await open('gated/manifest.json');
    await waitFor('diagnostics before the crash', () =>
      vscode.languages.getDiagnostics(document.uri).length > 0 ? true : undefined,
    );
    // The server is the extension host's child (IPC): kill it the hard way, as a crash would.
    const serverPids = execFileSync('pgrep', ['-P', String(process.pid), '-f', 'dist/server.js'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
    assert.equal(
      serverPids.length,
      1,
      `one language server runs under this extension host (got ${serverPids.join(', ')})`,
    );
    process.kill(serverPids[0], 'SIGKILL');
    const restarted = await waitFor('a new server process', () => {
      const now = spawnSync('pgrep', ['-P', String(process.pid), '-f', 'dist/server.js'], {
        encoding: 'utf8',
      }).stdout.trim();
      return now && !now.split('\n').map(Number).includes(serverPids[0]) ? now : undefined;
    });
    assert.ok(restarted);

    // The restarted server answers: an edit that breaks the version is diagnosed.
    const version = positionOf(document, '"1.0.0"');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(version, version.translate(0, 7)), '"1.0"');
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    await waitFor('manifest.version from the restarted server', () =>
      vscode.languages.getDiagnostics(document.uri).find((diagnostic) => codeOf(diagnostic) === 'manifest.version'),
    );
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
