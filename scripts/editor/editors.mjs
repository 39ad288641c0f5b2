// The editors the real-client suite (test/clients/) drives, from Debian's packages: Neovim (headless) and
// Emacs with Eglot (batch). Installs only what is missing, the way tools.mjs does (said first, quietly,
// --no-upgrade; not root, the exact command). Newer Neovim builds come from
// Debian's newer suites, downloaded with a private apt configuration (never the system's) and run from the
// extracted packages with their own libc: a test-only trick. The tests fail, never skip, when an editor
// cannot be had.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheRoot, ensureDebianPackages, runLogged, step } from './tools.mjs';

export const neovimPath = '/usr/bin/nvim';
export const emacsPath = '/usr/bin/emacs';

/** @param {string} command @param {string[]} args */
function versionLine(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 20_000 });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${result.error?.message ?? result.stderr}`);
  return result.stdout.split('\n')[0].trim();
}

/** Neovim (Debian 12: 0.7.2), run headless by the suite. Returns its path and `nvim --version`'s first line. */
export async function ensureNeovim() {
  await ensureDebianPackages(['neovim'], 'Neovim, run headless as a real LSP client by the editor suite');
  if (!existsSync(neovimPath)) throw new Error(`The neovim package is installed but ${neovimPath} is missing.`);
  return { path: neovimPath, version: versionLine(neovimPath, ['--version']) };
}

/** Emacs without X (Debian 12: 28.2) and Eglot (1.9), run in batch mode by the suite. */
export async function ensureEmacs() {
  await ensureDebianPackages(
    ['emacs-nox', 'elpa-eglot'],
    'Emacs with Eglot, run in batch mode as a real LSP client by the editor suite',
  );
  if (!existsSync(emacsPath)) throw new Error(`The emacs-nox package is installed but ${emacsPath} is missing.`);
  return { path: emacsPath, version: versionLine(emacsPath, ['--version']) };
}

/**
 * A Debian package of a newer `suite` with its dependencies, downloaded into the cache and extracted
 * there, never installed: run from the extracted tree with its own libc. Returns how to run `binary`:
 * `command` (the packages' own dynamic loader), `args` to put before the program's own, `env` and its
 * version (the first line `--version` prints).
 * @param {{ title: string, pkg: string, suite: string, binary: string, env: Record<string, string> }} what
 */
async function ensureFromSuite({ title, pkg, suite, binary, env: runEnv }) {
  const dir = join(cacheRoot, `${pkg}-debian-${suite}`);
  const root = join(dir, 'root');
  const stamp = join(dir, '.install-complete');
  const run = {
    command: join(root, 'usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2'),
    args: ['--library-path', join(root, 'usr/lib/x86_64-linux-gnu'), join(root, binary)],
    env: Object.fromEntries(Object.entries(runEnv).map(([name, relative]) => [name, join(root, relative)])),
  };
  if (!existsSync(stamp))
    await step(
      `${title} from Debian ${suite}, downloaded into ${dir} with a private apt configuration (nothing is installed)`,
      async () => {
        rmSync(dir, { recursive: true, force: true });
        for (const sub of ['apt/lists/partial', 'apt/archives/partial', 'apt/parts', 'root'])
          mkdirSync(join(dir, sub), { recursive: true });
        writeFileSync(join(dir, 'apt/status'), '');
        writeFileSync(
          join(dir, 'apt/sources.list'),
          `deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian ${suite} main\n`,
        );
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
        await runLogged('apt-get', ['update', '-q'], { env, logName: `${pkg}-${suite}-apt-get-update` });
        await runLogged('apt-get', ['install', '-y', '-q', '--download-only', pkg], {
          env,
          logName: `${pkg}-${suite}-apt-get-download`,
        });
        const archives = join(dir, 'apt/archives');
        for (const deb of readdirSync(archives).filter((name) => name.endsWith('.deb')))
          await runLogged('dpkg-deb', ['-x', join(archives, deb), root], { logName: `${pkg}-${suite}-extract` });
        rmSync(archives, { recursive: true, force: true });
        writeFileSync(stamp, versionLine(run.command, [...run.args, '--version']) + '\n');
      },
    );
  return { ...run, version: readFileSync(stamp, 'utf8').trim() };
}

/** Neovim as packaged in Debian's `suite` (trixie: 0.10, sid: 0.12 at the time of writing). @param {string} suite */
export function ensureNeovimFromSuite(suite) {
  return ensureFromSuite({
    title: 'Neovim',
    pkg: 'neovim',
    suite,
    binary: 'usr/bin/nvim',
    env: { VIMRUNTIME: 'usr/share/nvim/runtime' },
  });
}

/**
 * Helix as packaged in Debian sid (25.07.1), and tmux (Debian 12) to run it in: Helix needs a terminal,
 * tmux gives it one and reads its screen back.
 */
export async function ensureHelix() {
  await ensureDebianPackages(['tmux'], 'tmux, the terminal the editor suite runs Helix in');
  return ensureFromSuite({
    title: 'Helix',
    pkg: 'hx',
    suite: 'sid',
    binary: 'usr/bin/hx',
    env: { HELIX_RUNTIME: 'usr/lib/hx/runtime' },
  });
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  try {
    const neovim = await ensureNeovim();
    const emacs = await ensureEmacs();
    const newer = [];
    for (const suite of ['trixie', 'sid'])
      newer.push(`${(await ensureNeovimFromSuite(suite)).version} (Debian ${suite})`);
    newer.push(`${(await ensureHelix()).version} (Debian sid)`);
    process.stderr.write(
      `[editor-tools] ready: ${neovim.version} (${neovim.path}), ${newer.join(', ')}, ${emacs.version} (${emacs.path})\n`,
    );
  } catch (error) {
    process.stderr.write(`[editor-tools] FAILED: ${/** @type {Error} */ (error).message}\n`);
    process.exit(1);
  }
}
