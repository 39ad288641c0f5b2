// The editors the real-client suite (test/clients/) drives, from Debian's packages: Neovim (headless) and
// Emacs with Eglot (batch). Installs only what is missing, with --no-install-recommends, after saying which
// packages and why; when not root it throws with the exact command to run. Newer Neovim builds come from
// Debian's newer suites, downloaded with a private apt configuration (never the system's) and run from the
// extracted packages with their own libc: a test-only trick. The tests fail, never skip, when an editor
// cannot be had.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheRoot } from './tools.mjs';

export const neovimPath = '/usr/bin/nvim';
export const emacsPath = '/usr/bin/emacs';

function log(message) {
  process.stderr.write(`[editors] ${message}\n`);
}

function runCommand(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.error) throw new Error(`${command} ${args.join(' ')} could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
}

/** The packages of `packages` dpkg does not have installed. */
export function missingDebianPackages(packages) {
  return packages.filter((name) => {
    const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return result.status !== 0 || !result.stdout.includes('install ok installed');
  });
}

/** Installs those of `packages` that are missing; `why` is said first. */
export function installDebianPackages(packages, why) {
  const missing = missingDebianPackages(packages);
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) throw new Error(`Missing Debian packages ${missing.join(', ')} (${why}): run  sudo sh -c '${command}'`);
  log(`installing ${missing.join(', ')}: ${why}`);
  log(command);
  runCommand('apt-get', ['update']);
  runCommand('apt-get', ['install', '-y', '--no-install-recommends', ...missing]);
}

function versionLine(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 20_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.error?.message ?? result.stderr}`);
  return result.stdout.split('\n')[0].trim();
}

/** Neovim (Debian 12: 0.7.2), run headless by the suite. Returns its path and `nvim --version`'s first line. */
export function ensureNeovim() {
  installDebianPackages(['neovim'], 'Neovim, run headless as a real LSP client by the editor suite');
  if (!existsSync(neovimPath)) throw new Error(`The neovim package is installed but ${neovimPath} is missing.`);
  return { path: neovimPath, version: versionLine(neovimPath, ['--version']) };
}

/** Emacs without X (Debian 12: 28.2) and Eglot (1.9), run in batch mode by the suite. */
export function ensureEmacs() {
  installDebianPackages(['emacs-nox', 'elpa-eglot'], 'Emacs with Eglot, run in batch mode as a real LSP client by the editor suite');
  if (!existsSync(emacsPath)) throw new Error(`The emacs-nox package is installed but ${emacsPath} is missing.`);
  return { path: emacsPath, version: versionLine(emacsPath, ['--version']) };
}

/**
 * Neovim as packaged in Debian's `suite` (trixie: 0.10, sid: 0.12 at the time of writing), downloaded with
 * its dependencies into the cache and extracted there, not installed. Returns how to run it: `command`
 * (the packages' own dynamic loader), `args` to put before Neovim's own, `env` (VIMRUNTIME) and its version.
 */
export function ensureNeovimFromSuite(suite) {
  const dir = join(cacheRoot, `neovim-debian-${suite}`);
  const root = join(dir, 'root');
  const stamp = join(dir, '.install-complete');
  const run = {
    command: join(root, 'usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2'),
    args: ['--library-path', join(root, 'usr/lib/x86_64-linux-gnu'), join(root, 'usr/bin/nvim')],
    env: { VIMRUNTIME: join(root, 'usr/share/nvim/runtime') },
  };
  if (!existsSync(stamp)) {
    log(`downloading neovim from Debian ${suite} into ${dir} (a private apt configuration; nothing is installed)`);
    rmSync(dir, { recursive: true, force: true });
    for (const sub of ['apt/lists/partial', 'apt/archives/partial', 'apt/parts', 'root']) mkdirSync(join(dir, sub), { recursive: true });
    writeFileSync(join(dir, 'apt/status'), '');
    writeFileSync(join(dir, 'apt/sources.list'), `deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian ${suite} main\n`);
    const config = [
      `Dir::Etc::SourceList "${join(dir, 'apt/sources.list')}";`,
      `Dir::Etc::SourceParts "${join(dir, 'apt/parts')}";`,
      `Dir::State::Lists "${join(dir, 'apt/lists')}";`,
      `Dir::State::status "${join(dir, 'apt/status')}";`,
      `Dir::Cache "${join(dir, 'apt')}";`,
      `Dir::Cache::archives "${join(dir, 'apt/archives')}";`,
      'Debug::NoLocking "true";',
      'APT::Install-Recommends "false";',
    ];
    writeFileSync(join(dir, 'apt/apt.conf'), config.join('\n') + '\n');
    const env = { ...process.env, APT_CONFIG: join(dir, 'apt/apt.conf') };
    for (const args of [['update'], ['install', '-y', '--download-only', 'neovim']]) {
      const result = spawnSync('apt-get', args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
      if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} (Debian ${suite}, private configuration ${join(dir, 'apt/apt.conf')}) failed with exit code ${result.status ?? result.error?.message}`);
    }
    const archives = join(dir, 'apt/archives');
    for (const deb of readdirSync(archives).filter((name) => name.endsWith('.deb'))) runCommand('dpkg-deb', ['-x', join(archives, deb), root]);
    rmSync(archives, { recursive: true, force: true });
    writeFileSync(stamp, versionLine(run.command, [...run.args, '--version']) + '\n');
  }
  return { ...run, version: readFileSync(stamp, 'utf8').trim() };
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  try {
    const neovim = ensureNeovim();
    const emacs = ensureEmacs();
    const newer = ['trixie', 'sid'].map((suite) => `${ensureNeovimFromSuite(suite).version} (Debian ${suite})`);
    log(`ready: ${neovim.version} (${neovim.path}), ${newer.join(', ')}, ${emacs.version} (${emacs.path})`);
  } catch (error) {
    log(`FAILED: ${error.message}`);
    process.exit(1);
  }
}
