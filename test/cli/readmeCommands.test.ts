/**
 * Every `npx filer-manifest …` command the README shows, run as shown in a plugin's project (a git repository holding
 * one plugin, examples/word-count, with an `origin/main` to compare with): none is refused as bad usage or fails with
 * a path it cannot check (exit 2), and each says what it is for.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { describeRun, repoRoot, runCli } from './runCli';

/** The README's commands: each line of a shell block that runs the CLI, without its comment and its redirection. */
const commands = readFileSync(path.join(repoRoot, 'README.md'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('npx filer-manifest '))
  .map((line) =>
    line
      .replace(/\s+#.*$/, '')
      .replace(/\s*>.*$/, '')
      .trim(),
  );

const project = mkdtempSync(path.join(tmpdir(), 'filer-readme-'));
cpSync(path.join(repoRoot, 'examples', 'word-count'), project, { recursive: true });
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd: project,
    stdio: 'pipe',
  });
git('init', '-q');
git('add', '.');
git('commit', '-qm', 'The plugin');
git('update-ref', 'refs/remotes/origin/main', 'HEAD');
after(() => rmSync(project, { recursive: true, force: true }));

test('the README shows the CLI commands a plugin project runs', () => {
  assert.ok(commands.length >= 6, commands.join('\n'));
  for (const command of ['check', 'explain', 'gating', 'menu'])
    assert.ok(
      commands.some((line) => line.startsWith(`npx filer-manifest ${command} `)),
      `a ${command} command among ${commands.join(', ')}`,
    );
});

for (const command of commands) {
  test(`as the README shows it: ${command}`, () => {
    // Split as a shell would these words (none is quoted in the README).
    const args = command.split(/\s+/).slice(2);
    const run = runCli(args, { cwd: project });
    assert.ok(run.status === 0 || run.status === 1, describeRun(run));
    assert.doesNotMatch(run.stderr, /internal error|Run "filer-manifest --help"/);
    assert.notEqual(run.stdout.trim(), '', describeRun(run));
  });
}
