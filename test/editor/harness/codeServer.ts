import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './paths';

/** What scripts/editor/tools.mjs installs (Node 24, code-server, Chromium), by version, outside the repository. */
export interface EditorTools {
  node24: string;
  codeServerEntry: string;
  chromiumPath: string;
  node24Env(extra?: Record<string, string>): NodeJS.ProcessEnv;
  ensureCodeServer(): Promise<string>;
  ensureChromium(): Promise<string>;
}

/**
 * The installer, with what `needs` installed: code-server (and Node 24) to serve the workbench, Chromium to
 * drive it (npm start needs no Chromium: the user's own browser opens the workbench).
 */
export async function editorTools(needs: 'code-server' | 'chromium'): Promise<EditorTools> {
  // The installer is an ES module shared with the npm scripts; it throws (never skips) when it cannot install.
  const tools = (await import(join(repoRoot, 'scripts', 'editor', 'tools.mjs'))) as EditorTools;
  await (needs === 'code-server' ? tools.ensureCodeServer() : tools.ensureChromium());
  return tools;
}

/**
 * User settings that, with the flags and EXTENSIONS_GALLERY below, keep code-server and the workbench
 * from reaching anything but loopback, and keep the window plain for screenshots.
 */
const quietSettings = {
  'telemetry.telemetryLevel': 'off',
  'workbench.startupEditor': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'workbench.enableExperiments': false,
  'json.schemaDownload.enable': false,
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.tips.enabled': false,
  'editor.hover.delay': 100,
  'editor.minimap.enabled': false,
  'editor.lightbulb.enabled': 'off',
  'git.enabled': false,
  'files.autoSave': 'off',
  'window.commandCenter': false,
  'workbench.layoutControl.enabled': false,
};

export interface CodeServer {
  port: number;
  origin: string;
  /** The workbench URL that opens `folder` and runs the given startup payload. */
  url(folder: string, payload: [string, string][]): string;
  /** The `vscode-remote://` form of a path on the server, for payloads. */
  remoteUri(path: string): string;
  stop(): Promise<void>;
  logFile: string;
}

export interface CodeServerOptions {
  /** Where its user data, extensions and log go; removed by stop(). */
  name: string;
  /** Let the workbench run development payloads (extensionDevelopmentPath / extensionTestsPath). */
  smokeTestDriver?: boolean;
  /** A packaged extension to install first. */
  vsix?: string;
  /**
   * Install it as a browser-only extension (its package.json without `main`): code-server runs an extension with a
   * `main` in its Node extension host, and one with only `browser` in the browser's web-worker extension host, as
   * vscode.dev and github.dev run every extension.
   */
  browserOnly?: boolean;
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  const tools = await editorTools('code-server');
  const home = mkdtempSync(join(tmpdir(), `filer-${options.name}-`));
  const userDataDir = join(home, 'user-data');
  const extensionsDir = join(home, 'extensions');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(quietSettings, null, 2));
  const port = await freePort();
  const config = join(home, 'config.yaml');
  writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const env = tools.node24Env({ EXTENSIONS_GALLERY: '{}' });
  const common = ['--config', config, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];

  if (options.vsix) {
    const install = spawnSync(tools.node24, [tools.codeServerEntry, ...common, '--install-extension', options.vsix], {
      env,
      encoding: 'utf8',
    });
    if (install.status !== 0)
      throw new Error(`code-server could not install ${options.vsix}:\n${install.stdout}\n${install.stderr}`);
    if (options.browserOnly) {
      const installed = readdirSync(extensionsDir).filter((name) =>
        existsSync(join(extensionsDir, name, 'package.json')),
      );
      if (installed.length !== 1) throw new Error(`one extension installed expected, found ${installed.join(', ')}`);
      const manifest = join(extensionsDir, installed[0], 'package.json');
      const { main, ...rest } = JSON.parse(readFileSync(manifest, 'utf8')) as { main?: string; browser?: string };
      if (!main || !rest.browser) throw new Error(`${manifest} has no main and browser to choose between`);
      writeFileSync(manifest, JSON.stringify(rest, null, 2));
    }
  }

  const logFile = join(repoRoot, 'test-results', `code-server-${options.name}.log`);
  mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
  const args = [
    tools.codeServerEntry,
    ...common,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--disable-proxy',
    '--ignore-last-opened',
    '--reconnection-grace-time',
    '5',
    ...(options.smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
  ];
  const child = spawn(tools.node24, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile);
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const origin = `http://127.0.0.1:${port}`;
  await waitForHealth(origin, child, logFile);

  return {
    port,
    origin,
    logFile,
    url(folder, payload) {
      const query =
        `folder=${encodeURIComponent(folder)}` +
        (payload.length > 0 ? `&payload=${encodeURIComponent(JSON.stringify(payload))}` : '');
      return `${origin}/?${query}`;
    },
    remoteUri(path) {
      return `vscode-remote://127.0.0.1:${port}${path}`;
    },
    async stop() {
      await stopGroup(child);
      log.end();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(origin: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode}:\n${tail(logFile)}`);
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopGroup(child);
  throw new Error(`code-server did not answer ${origin}/healthz within 60 s:\n${tail(logFile)}`);
}

/** Ends code-server and everything it started (extension hosts, our language server) by its process group. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 5_000);
  await exited;
  clearTimeout(timer);
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no log)';
  }
}
