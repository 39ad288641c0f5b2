// npm start: examples/ in a real VS Code with the extension loaded. Desktop VS Code when `code` is on
// the PATH (--extensionDevelopmentPath, the repo itself); otherwise code-server on 127.0.0.1 with the
// freshly packaged .vsix installed, opened in the user's browser when there is a display (the address is
// printed either way). The first run says what it installs, how large and where before it starts, and
// shows the sizes as it goes. Ctrl+C stops it.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { openInBrowser } from './openUrl.mjs';
import { packageExtension, root } from './package.mjs';
import { installPlanText } from './progress.mjs';
import { ensureCodeServer, plannedInstalls } from './tools.mjs';

const examples = join(root, 'examples');
const hasCode = spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;

if (hasCode) {
  for (const script of ['scripts/build.mjs', 'scripts/editor/copy-codicons.mjs']) {
    if (spawnSync(process.execPath, [join(root, script)], { cwd: root, stdio: 'inherit' }).status !== 0)
      process.exit(1);
  }
  spawn('code', [`--extensionDevelopmentPath=${root}`, examples], { stdio: 'inherit', detached: true }).unref();
  console.log(`Opened ${examples} in VS Code with the extension loaded from ${root}.`);
} else {
  try {
    console.log(
      'npm start: `code` is not on the PATH, so examples/ opens in code-server (VS Code in a browser, on 127.0.0.1).',
    );
    const plan = installPlanText(plannedInstalls({ chromium: false }));
    if (plan) console.log(plan);
    console.log('Building and packaging the extension (about a minute the first time).');
    const vsix = packageExtension();
    await ensureCodeServer();
    const { startCodeServer } = await import(join(root, 'out/test/editor/harness/codeServer.js'));
    const server = await startCodeServer({ name: 'start', vsix });
    const manifest = join(examples, 'word-count', 'manifest.json');
    const url = server.url(examples, [['openFile', server.remoteUri(manifest)]]);
    console.log(`\ncode-server is running with the extension:\n\n  ${url}\n`);
    const notOpened = await openInBrowser(url);
    console.log(
      notOpened
        ? `Not opened in a browser: ${notOpened}. Open the address above in a browser on this machine ` +
            `(from another one: ssh -L ${server.port}:127.0.0.1:${server.port} to this machine, then the same address).`
        : 'Opening it in your browser.',
    );
    console.log(`(log: ${server.logFile}; Ctrl+C stops it)`);
    const stop = async () => {
      await server.stop();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(`npm start: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}
