/**
 * The `filer-manifest` npm package (server/package.json) as a user gets it: packed, installed from its
 * tarball into a fresh prefix with npm --offline (so it needs no other package), and run from a folder
 * outside the repository. Both bins must work: the CLI checks a broken plugin, the language server
 * answers `initialize` over stdio.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import {
  createProtocolConnection,
  InitializeRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';
import { editorCapabilities, LspClient } from '../lsp/lspClient';
import { repoRoot } from './runCli';

const work = mkdtempSync(path.join(tmpdir(), 'filer-package-'));
const prefix = path.join(work, 'prefix');
const bin = (name: string) => path.join(prefix, 'bin', name);
const packageJson = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as { name: string; version: string; files: string[] };

/** The environment of a user's shell: nothing from the npm run that started the tests. */
function userEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'INIT_CWD'),
  );
}

function npm(args: string[], cwd: string): string {
  const result = spawnSync('npm', args, { cwd, env: userEnv(), encoding: 'utf8' });
  assert.equal(result.status, 0, `npm ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

let tarball = '';

before(() => {
  npm(['pack', '--pack-destination', work, '--silent'], path.join(repoRoot, 'server'));
  const [name] = readdirSync(work).filter((file) => file.endsWith('.tgz'));
  assert.ok(name, 'npm pack wrote no tarball');
  tarball = path.join(work, name);
  npm(['install', '--global', '--offline', '--prefix', prefix, tarball], work);
});

after(() => rmSync(work, { recursive: true, force: true }));

test("the package holds the two bundles, the rule pages and the reference they quote, the config file's schema, its README and the licence, and no test or source", () => {
  const listing = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).stdout.trim().split('\n').sort();
  // The reference's texts, which the pages quote; not MCP's schema, which the build reads.
  const pages = ['rules', 'reference'].flatMap((folder) =>
    readdirSync(path.join(repoRoot, 'docs', folder))
      .filter((name) => name.endsWith('.md') || name.endsWith('.txt'))
      .map((name) => `package/docs/${folder}/${name}`),
  );
  const files = [
    'LICENSE',
    'README.md',
    'dist/cli.js',
    'dist/server.js',
    'package.json',
    'schemas/filer-manifest.config.schema.json',
  ].map((f) => `package/${f}`);
  assert.deepEqual(listing, [...files, ...pages].sort());
  const installed = path.join(prefix, 'lib', 'node_modules', 'filer-manifest');
  assert.ok(!existsSync(path.join(installed, 'node_modules')), 'the package installs no dependency');
  for (const bundle of ['cli.js', 'server.js']) {
    assert.ok(
      !readFileSync(path.join(installed, 'dist', bundle), 'utf8').includes(repoRoot),
      `${bundle} names the repository's folder`,
    );
  }
});

test('the package and the extension have one version, and the CLI says it', () => {
  const { version } = packageJson(path.join(repoRoot, 'package.json'));
  assert.equal(packageJson(path.join(repoRoot, 'server', 'package.json')).version, version);
  const result = spawnSync(bin('filer-manifest'), ['--version'], { cwd: work, env: userEnv(), encoding: 'utf8' });
  assert.equal(result.stdout.trim(), version);
});

test('the installed CLI checks a broken plugin outside the repository: its errors, exit 1', () => {
  const plugin = path.join(work, 'broken-everything');
  cpSync(path.join(repoRoot, 'examples', 'broken-everything'), plugin, { recursive: true });
  const result = spawnSync(bin('filer-manifest'), ['check', '.'], { cwd: plugin, env: userEnv(), encoding: 'utf8' });
  assert.equal(result.status, 1, result.stderr);
  assert.match(result.stdout, /^manifest\.json:\d+:\d+ error manifest\.name /m);
  assert.equal(result.stderr, '');
});

test('the installed CLI prints a rule page it ships, and SARIF carries it as help, with no file: link to it', () => {
  const installed = path.join(prefix, 'lib', 'node_modules', 'filer-manifest');
  const run = (args: string[], cwd: string) =>
    spawnSync(bin('filer-manifest'), args, { cwd, env: userEnv(), encoding: 'utf8' });
  const explained = run(['explain', 'tools.id-dot'], work);
  assert.equal(explained.status, 0, explained.stderr);
  assert.equal(explained.stdout, readFileSync(path.join(repoRoot, 'docs', 'rules', 'tools.id-dot.md'), 'utf8'));
  const plugin = path.join(work, 'sarif-plugin');
  cpSync(path.join(repoRoot, 'examples', 'broken-everything'), plugin, { recursive: true });
  const log = JSON.parse(run(['check', '.', '--format', 'sarif'], plugin).stdout);
  const rules = log.runs[0].tool.driver.rules as { id: string; help?: { markdown: string }; helpUri?: string }[];
  const shipped = (code: string) => readFileSync(path.join(installed, 'docs', 'rules', `${code}.md`), 'utf8');
  for (const rule of rules) {
    // The package names no repository: a file: URI would open nowhere but on this machine.
    assert.equal(rule.helpUri, undefined, rule.id);
    assert.equal(rule.help?.markdown, shipped(rule.id).replace(' [Every rule](README.md)', ''), rule.id);
  }
});

test('the installed language server answers initialize over stdio', async () => {
  const server = spawn(bin('filer-manifest-language-server'), ['--stdio'], {
    cwd: work,
    env: userEnv(),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const connection = createProtocolConnection(
    new StreamMessageReader(server.stdout),
    new StreamMessageWriter(server.stdin),
  );
  connection.listen();
  try {
    const answer = await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
    });
    assert.equal(answer.serverInfo?.name, 'filer-manifest-language-server');
    assert.ok(answer.capabilities.hoverProvider, 'it offers hovers');
  } finally {
    connection.dispose();
    server.kill();
  }
});

test('the installed language server links a diagnostic to the page it ships (offline)', async () => {
  const installed = path.join(prefix, 'lib', 'node_modules', 'filer-manifest');
  const capabilities = editorCapabilities();
  capabilities.textDocument!.publishDiagnostics!.codeDescriptionSupport = true;
  const client = await LspClient.start({ server: path.join(installed, 'dist', 'server.js'), capabilities });
  try {
    const uri = 'untitled:/word-count/manifest.json';
    await client.open(uri, '{ "name": "Word Count", "displayName": "W", "version": "1.0.0" }');
    const [diagnostic] = await client.diagnostics(uri);
    assert.equal(diagnostic.code, 'manifest.name');
    const page = pathToFileURL(path.join(installed, 'docs', 'rules', 'manifest.name.md')).href;
    assert.deepEqual(diagnostic.codeDescription, { href: page });
  } finally {
    await client.stop();
  }
});
