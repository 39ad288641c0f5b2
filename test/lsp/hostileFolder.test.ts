/**
 * Issue 11's hostile plugin folder, every trick at once, run through the server over a real
 * connection (as VS Code drives it: pull diagnostics, settings from the workspace) and through the
 * CLI: both answer within a few seconds, nothing outside the folder is read, quoted or written,
 * no FIFO is opened, the server stays below 600 MiB, and it still exits when asked.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type {
  CodeAction,
  DocumentDiagnosticReport,
  WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver-protocol/node';
import { cliPath, runCli } from '../cli/runCli';
import { assertFifoNeverOpened, editorCapabilities, handlerText, LspClient, snapshot, tempFolder } from './lspClient';

const secret = 'SECRET-TOKEN-1234';

describe('a hostile plugin folder, everything at once', () => {
  const outside = tempFolder({
    'secret/manifest.json': `{ "name": "${secret}", "displayName": "S", "version": "1.0.0", "contributes": {} }\n`,
    'elsewhere/keep.txt': `${secret}\n`,
  });
  const workspace = tempFolder({
    'plugin/h.js': handlerText,
    [`plugin/${'a'.repeat(200)}`]: '',
    'locked/inner/manifest.json': '{ "name": "locked", "displayName": "L", "version": "1.0.0" }\n',
  });
  const fifos = ['fifo/manifest.json', 'plugin/fifo.schema.json'].map((file) => join(workspace.root, file));
  const hooks = ['constructor', 'toString', 'hasOwnProperty', '__proto__']
    .map((key) => `"${key}": "./h.js"`)
    .join(', ');
  const legacy = (name: string) =>
    `{ "name": "${name}", "title": "L", "description": "D", "parameters": { "type": "object", "properties": {} }, "handler": "./h.js", "annotations": { "readOnlyHint": true } }`;
  const pluginText = `{
  "name": "$(alert) not-kebab",
  "displayName": "Hostile",
  "version": "1.0.0",
  "contributes": {
    "tools": [
      ${legacy(`x${'-'.repeat(100_000)}y`)},
      ${legacy('summarize')},
      { "id": "linked", "title": "T", "description": "D", "schema": "./assets/.config/autostart/schema.json", "handler": "./h.js", "annotations": { "readOnlyHint": true } },
      { "id": "fifo", "title": "T", "description": "D", "schema": "./fifo.schema.json", "handler": "./h.js", "annotations": { "readOnlyHint": true } }
    ],
    "actions": [ { "id": "tidy", "title": "T", "description": "D", "scope": "single-file", "prompt": "./prompts/x.md", "fileTypes": ["document"] } ],
    "hooks": { ${hooks} },
    "settings": { "s": { "type": "constructor", "title": "S" } }
  },
  "permissions": { "fs": { "list": { "static": [${JSON.stringify(`a${'/*'.repeat(30_000)}x`)}, ${JSON.stringify('${'.repeat(30_000))}] } } }
}
`;
  const noiseText = `{ "name": "noise", "displayName": "N", "version": "1.0.0", "contributes": {}, "x": [${'1 '.repeat(512 * 1024)}] }\n`;
  const settings = {
    files: { include: ['*a*a*a*a*a*a*b', '{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}'], exclude: ['[z-a]'] },
    rules: { constructor: 'loud', 'manifest.unknown-key': 'error' },
    maxDiagnostics: 200,
  };
  const deep = join(workspace.root, 'deep');
  let before_: Map<string, string>;
  let client: LspClient;

  before(async () => {
    workspace.write('plugin/manifest.json', pluginText);
    workspace.write('noise/manifest.json', noiseText);
    symlinkSync(join(outside.root, 'elsewhere'), join(workspace.root, 'plugin/tools'));
    symlinkSync(join(outside.root, 'elsewhere'), join(workspace.root, 'plugin/assets'));
    symlinkSync(join(workspace.root, 'plugin/gone'), join(workspace.root, 'plugin/prompts'));
    mkdirSync(join(workspace.root, 'linked'));
    symlinkSync(join(outside.root, 'secret/manifest.json'), join(workspace.root, 'linked/manifest.json'));
    symlinkSync(join(outside.root, 'secret'), join(workspace.root, 'linked-folder'));
    mkdirSync(join(workspace.root, 'fifo'));
    execFileSync('mkfifo', fifos);
    mkdirSync(deep);
    execFileSync(
      process.execPath,
      ['-e', "const fs = require('fs'); for (let i = 0; i < 3000; i++) { fs.mkdirSync('d'); process.chdir('d'); }"],
      { cwd: deep },
    );
    for (const folder of [
      workspace.root,
      join(workspace.root, 'plugin'),
      join(workspace.root, 'noise'),
      join(workspace.root, 'linked'),
      join(workspace.root, 'fifo'),
      deep,
    ])
      chmodSync(folder, 0o755);
    chmodSync(join(workspace.root, 'locked'), 0o000);
    before_ = new Map([...snapshot(outside.root)]);
    client = await LspClient.start({
      workspace: workspace.root,
      capabilities: editorCapabilities({ pull: true }),
      settings,
    });
  });
  after(async () => {
    await client.stop();
    chmodSync(join(workspace.root, 'locked'), 0o755);
    execFileSync('rm', ['-rf', deep]);
    workspace.cleanup();
    outside.cleanup();
  });

  test('the server: every request answers within 5 s, nothing from outside is quoted, no FIFO is opened, nothing is written', async () => {
    // Asked again until the first scan has started (answering right after initialized is issue 14's).
    const noiseUri = workspace.uri('noise/manifest.json');
    let workspaceReport: { items: WorkspaceDocumentDiagnosticReport[] } | undefined;
    for (const deadline = Date.now() + 10_000; !workspaceReport?.items.some((item) => item.uri === noiseUri);) {
      assert.ok(Date.now() < deadline, 'the noise manifest never came in workspace diagnostics');
      if (workspaceReport) await new Promise((resolve) => setTimeout(resolve, 200));
      const started = performance.now();
      workspaceReport = await client.request<{ items: WorkspaceDocumentDiagnosticReport[] }>('workspace/diagnostic', {
        previousResultIds: [],
      });
      assert.ok(
        performance.now() - started < 5000,
        `workspace/diagnostic took ${(performance.now() - started).toFixed(0)} ms`,
      );
    }
    const noise = workspaceReport.items.find((item) => item.uri === noiseUri);
    assert.ok(noise?.kind === 'full');
    assert.equal(noise.items.length, 200);
    assert.match(String(noise.items[199].message), /^[\d,]+ more problems are not shown/);

    const uri = workspace.uri('plugin/manifest.json');
    await client.open(uri, pluginText);
    const lines = pluginText.split('\n');
    const all = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
    const timedOut: string[] = [];
    const timed = async <R>(method: string, params: unknown): Promise<R> => {
      const begun = performance.now();
      const result = await client.request<R>(method, params);
      if (performance.now() - begun > 5000)
        timedOut.push(`${method} took ${(performance.now() - begun).toFixed(0)} ms`);
      return result;
    };
    const report = await timed<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } });
    assert.ok(report.kind === 'full');
    const codes = report.items.map((d) => d.code);
    for (const code of [
      'tools.legacy-shape',
      'files.outside',
      'files.not-a-file',
      'hooks.unknown-event',
      'settings.type',
      'permissions.list-static-glob',
      'manifest.name',
    ])
      assert.ok(codes.includes(code), `${code} in ${codes.join(', ')}`);
    assert.equal(codes.filter((code) => code === 'hooks.unknown-event').length, 4);
    const actions = await timed<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: all,
      context: { diagnostics: report.items },
    });
    const creates = actions
      .flatMap((action) => action.edit?.documentChanges ?? [])
      .flatMap((change) => ('kind' in change && change.kind === 'create' ? [change.uri] : []));
    assert.deepEqual(creates, [], 'tools/, assets/ and prompts/ are links: nothing may be created behind them');
    for (let line = 0; line < lines.length; line++) {
      await timed('textDocument/hover', {
        textDocument: { uri },
        position: { line, character: Math.min(8, lines[line].length) },
      });
      await timed('textDocument/completion', {
        textDocument: { uri },
        position: { line, character: Math.min(8, lines[line].length) },
      });
    }
    const hookLine = lines.findIndex((line) => line.includes('"hooks"'));
    const hover = await timed<{ contents: unknown } | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: hookLine, character: lines[hookLine].indexOf('constructor') + 2 },
    });
    assert.ok(hover, 'a hover on the hook key constructor');
    const links = await timed<{ target: string }[]>('textDocument/documentLink', { textDocument: { uri } });
    assert.ok(
      links.every((link) => !link.target.includes('/assets/') && !link.target.includes('/tools/')),
      JSON.stringify(links),
    );
    const menu = await timed<{ entries: unknown[] }>('filer/contextMenu', {
      uri,
      selection: { kind: 'file', names: ['a.constructor'] },
    });
    assert.deepEqual(menu.entries, []);
    assert.deepEqual(timedOut, []);

    assert.doesNotMatch(JSON.stringify([workspaceReport, report, actions, links]), new RegExp(secret));
    for (const fifo of fifos) assertFifoNeverOpened(fifo);
    assert.match(client.logs.join('\n'), /2 settings are ignored/);
    assert.deepEqual(new Map([...snapshot(outside.root)]), before_);
    // The legacy fix's loop grew the server to 2.6 GB; 500,000 syntax errors made 1.6 GB of diagnostics.
    const peak = client.peakRssMiB();
    if (peak !== undefined) assert.ok(peak < 600, `the server peaked at ${peak.toFixed(0)} MiB`);
    await client.stop();
    await client.waitFor(() => (client.exited ? true : undefined), 5000, 'the server to exit');
  });

  test('the CLI: answers within 10 s, names what it cannot check, checks the rest, quotes nothing from outside', (t) => {
    if (process.platform === 'win32') return t.skip('FIFOs, file modes and path limits differ on Windows');
    // As nobody, so the locked folder's mode applies, from a copy nobody can read.
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const cli = join(workspace.root, 'cli.js');
    copyFileSync(cliPath, cli);
    chmodSync(cli, 0o644);
    for (const format of ['text', 'json', 'sarif']) {
      const started = performance.now();
      const run = runCli(['check', '.', '--format', format, '--max-diagnostics', '200'], {
        cwd: workspace.root,
        cli,
        ...asNobody,
      });
      assert.ok(performance.now() - started < 10_000, `${format}: ${(performance.now() - started).toFixed(0)} ms`);
      assert.equal(run.status, 2, `${format}: ${run.stderr}`);
      assert.doesNotMatch(run.stdout + run.stderr, new RegExp(secret));
      const errors = run.stderr.trimEnd().split('\n');
      assert.equal(errors.length, 2, run.stderr);
      assert.ok(
        errors.includes('filer-manifest: locked: the folder cannot be listed (permission denied).'),
        run.stderr,
      );
      if (format === 'json') {
        const checked = JSON.parse(run.stdout) as { file: string; diagnostics: unknown[] }[];
        assert.deepEqual(
          checked.map((entry) => [entry.file, entry.diagnostics.length > 0]),
          [
            ['noise/manifest.json', true],
            ['plugin/manifest.json', true],
          ],
        );
        assert.equal(checked[0].diagnostics.length, 200);
      }
    }
    for (const fifo of fifos) assertFifoNeverOpened(fifo);
    assert.deepEqual(new Map([...snapshot(outside.root)]), before_);
  });
});
