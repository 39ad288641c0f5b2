// npm run test:editor:electron: the same extension-host suite under desktop VS Code, the
// @vscode/test-electron way. It downloads VS Code into .vscode-test/, so it needs the internet:
// on machines without it, it fails with the download error (use npm run test:editor there).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { root } from './package.mjs';

const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
const codicons = spawnSync(process.execPath, [join(root, 'scripts/editor/copy-codicons.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0 || codicons.status !== 0) {
  console.error('test:editor:electron: the build failed');
  process.exit(1);
}
const { makeWorkspace } = await import(join(root, 'out/test/editor/harness/paths.js'));
const workspace = makeWorkspace('electron');
try {
  await runTests({
    extensionDevelopmentPath: root,
    extensionTestsPath: join(root, 'out/test/editor/suite/index.js'),
    launchArgs: [
      workspace.path,
      '--disable-extensions',
      '--disable-workspace-trust',
      '--skip-welcome',
      '--skip-release-notes',
    ],
    extensionTestsEnv: { FILER_EDITOR_RESULTS: join(root, 'test-results/extension-host-results-electron.json') },
  });
  console.log('test:editor:electron passed');
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  const offline = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|getaddrinfo/.test(message);
  console.error(`test:editor:electron FAILED: ${message}`);
  if (offline)
    console.error(
      'VS Code could not be downloaded from this machine: run the same suite under code-server with npm run test:editor.',
    );
  process.exitCode = 1;
} finally {
  workspace.dispose();
}
