// npm start: examples/ in a real VS Code with the extension loaded. Desktop VS Code when `code` is on
// the PATH (--extensionDevelopmentPath, the repo itself); otherwise code-server on 127.0.0.1 with the
// freshly packaged .vsix installed, printing the address to open. Ctrl+C stops it.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { packageExtension, root } from './package.mjs';

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
    const vsix = packageExtension();
    const { startCodeServer } = await import(join(root, 'out/test/editor/harness/codeServer.js'));
    const server = await startCodeServer({ name: 'start', vsix });
    const manifest = join(examples, 'word-count', 'manifest.json');
    console.log(
      `\ncode-server is running with the extension. Open:\n\n  ${server.url(examples, [['openFile', server.remoteUri(manifest)]])}\n`,
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
