/**
 * The gating review against a pull request that tries to defeat it (issue 22). A repository is set up
 * as CI checks out a fork's pull request: `origin/main` is the base branch, and the pull request's
 * commit escalates a plugin's tools and adds an attack. `gating --base origin/main --fail-on
 * escalation` must still compare with the base branch (exit 1), and nothing the pull request wrote may
 * run: no marker file that a git option would write appears. A base folder is read as safely as the
 * plugin folder itself.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { cleanManifest, describeRun, repoRoot, runCli, tempTree } from './runCli';

const pair = path.join(repoRoot, 'test/cli/gating/fetch-added');
const baseManifest = readFileSync(path.join(pair, 'base/manifest.json'), 'utf8');
/** The base with `permissions.fetch` added: its three undeclared tools become external. */
const escalated = readFileSync(path.join(pair, 'head/manifest.json'), 'utf8');
const noGit = spawnSync('git', ['--version']).status !== 0 ? 'git is not installed' : false;
const review = ['gating', '--base', 'origin/main', '--fail-on', 'escalation'];
/** Generous: a run that blocks (a FIFO) or reads without end (/dev/zero) fails instead of hanging the suite. */
const timeout = 30_000;

/** git for the tests' own set-up, with none of the machine's own git configuration. */
function git(cwd: string, args: string[], options: { input?: string; gitDir?: string } = {}): string {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
  if (options.gitDir) env.GIT_DIR = options.gitDir;
  const identity = ['-c', 'user.email=test@example.com', '-c', 'user.name=Test', '-c', 'init.defaultBranch=main'];
  const run = spawnSync('git', [...identity, ...args], { cwd, env, input: options.input, encoding: 'utf8' });
  assert.equal(run.status, 0, `git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout.trim();
}

/**
 * A fork's pull request as CI checks it out: upstream's `main` holds plugins/a/manifest.json, the
 * checkout is a clone of it (`origin/main`), and the pull request's commit has the escalated manifest
 * and whatever `attack` adds to the checkout. `clone` adds options to the clone (a partial clone).
 */
function pullRequest(
  attack: (checkout: string, root: string) => void = () => {},
  options: { base?: string; clone?: string[] } = {},
): { root: string; checkout: string } {
  const root = tempTree({ 'upstream/plugins/a/manifest.json': options.base ?? baseManifest });
  const upstream = path.join(root, 'upstream');
  git(upstream, ['init', '-q']);
  git(upstream, ['add', '.']);
  git(upstream, ['commit', '-qm', 'base']);
  git(upstream, ['config', 'uploadpack.allowFilter', 'true']);
  git(root, ['clone', '-q', ...(options.clone ?? []), options.clone ? `file://${upstream}` : upstream, 'checkout']);
  const checkout = path.join(root, 'checkout');
  mkdirSync(path.join(checkout, 'plugins/a'), { recursive: true });
  writeFileSync(path.join(checkout, 'plugins/a/manifest.json'), escalated);
  // The tools' schema files, so that Filer would load the plugin: the review is about its gating alone.
  cpSync(path.join(pair, 'head/tools'), path.join(checkout, 'plugins/a/tools'), { recursive: true });
  attack(checkout, root);
  git(checkout, ['add', '-A']);
  git(checkout, ['commit', '-qm', 'the pull request']);
  return { root, checkout };
}

/**
 * Plain files that make `folder` look like a git repository without a .git (HEAD, config, refs/, objects/), whose
 * own `origin/main` has a manifest.json: `text`, or (`lazyFetchRuns`) a blob it lacks, with a partial
 * clone's config whose `remote.origin.uploadpack` writes that marker file when git fetches the blob.
 */
function fakeBareRepository(folder: string, manifest: { text: string } | { lazyFetchRuns: string }): void {
  const scratch = path.join(tempTree({}), 'fake.git');
  git(path.dirname(scratch), ['init', '-q', '--bare', scratch]);
  const blob =
    'text' in manifest
      ? git(scratch, ['hash-object', '-w', '--stdin'], { input: manifest.text, gitDir: scratch })
      : '0123456789abcdef0123456789abcdef01234567';
  const tree = git(scratch, ['mktree', '--missing'], {
    input: `100644 blob ${blob}\tmanifest.json\n`,
    gitDir: scratch,
  });
  const commit = git(scratch, ['commit-tree', tree, '-m', 'the base, as the pull request would have it'], {
    gitDir: scratch,
  });
  cpSync(path.join(scratch, 'objects'), path.join(folder, 'objects'), { recursive: true });
  mkdirSync(path.join(folder, 'refs/remotes/origin'), { recursive: true });
  writeFileSync(path.join(folder, 'refs/remotes/origin/main'), `${commit}\n`);
  writeFileSync(path.join(folder, 'HEAD'), 'ref: refs/heads/main\n');
  const partialClone =
    'lazyFetchRuns' in manifest
      ? `[extensions]\n\tpartialClone = origin\n[remote "origin"]\n\turl = .\n\tpromisor = true\n\tuploadpack = touch '${manifest.lazyFetchRuns}'; false\n`
      : '';
  // Its own work tree, so that git reads `<ref>:./manifest.json` there as it would in a checkout.
  writeFileSync(
    path.join(folder, 'config'),
    `[core]\n\trepositoryformatversion = ${partialClone ? 1 : 0}\n\tbare = false\n\tworktree = .\n${partialClone}`,
  );
}

function assertEscalationsFound(run: ReturnType<typeof runCli>, shownAs = 'origin/main:plugins/a/manifest.json'): void {
  assert.equal(run.status, 1, describeRun(run));
  assert.ok(run.stdout.includes(`compared with ${shownAs}: 3 escalations`), describeRun(run));
  assert.match(run.stderr, /3 tools are gated more strictly than in the base \(--fail-on escalation\)\./);
}

test(
  'a file named like the base ref (origin/main) does not replace the ref: the ref is compared, and the file is named on stderr',
  { skip: noGit },
  () => {
    const { checkout } = pullRequest((folder) => {
      mkdirSync(path.join(folder, 'origin'));
      writeFileSync(path.join(folder, 'origin/main'), escalated);
    });
    const run = runCli(review, { cwd: checkout });
    assertEscalationsFound(run);
    assert.match(
      run.stderr,
      /--base origin\/main: both a git ref and a file; compared with the git ref \(--base-path origin\/main compares with the file\)\./,
    );
    // Said explicitly, either one is taken without a note.
    const ref = runCli(['gating', '--base-ref', 'origin/main', '--fail-on', 'escalation'], { cwd: checkout });
    assertEscalationsFound(ref);
    assert.doesNotMatch(ref.stderr, /both a git ref/);
    const file = runCli(
      ['gating', 'plugins/a/manifest.json', '--base-path', 'origin/main', '--fail-on', 'escalation'],
      { cwd: checkout },
    );
    assert.equal(file.status, 0, describeRun(file));
    assert.match(file.stdout, /compared with origin\/main: no change in what any tool may do/);
  },
);

test(
  'HEAD, config, refs/ and objects/ committed in the plugin folder do not make it the repository git reads',
  { skip: noGit },
  () => {
    const { checkout } = pullRequest((folder) =>
      fakeBareRepository(path.join(folder, 'plugins/a'), { text: escalated }),
    );
    assertEscalationsFound(runCli(review, { cwd: checkout }));
    // Nor from inside the plugin folder, where git would find that folder first.
    assertEscalationsFound(runCli([...review, 'manifest.json'], { cwd: path.join(checkout, 'plugins/a') }));
  },
);

test(
  "a partial clone's config committed in the plugin folder, with a missing blob: its uploadpack command never runs",
  { skip: noGit },
  () => {
    let marker = '';
    const { checkout } = pullRequest((folder, root) => {
      marker = path.join(root, 'uploadpack-ran');
      fakeBareRepository(path.join(folder, 'plugins/a'), { lazyFetchRuns: marker });
    });
    const run = runCli(review, { cwd: checkout });
    assert.equal(existsSync(marker), false, "the pull request's uploadpack command ran");
    assertEscalationsFound(run);
    assertEscalationsFound(runCli([...review, 'manifest.json'], { cwd: path.join(checkout, 'plugins/a') }));
    assert.equal(existsSync(marker), false, "the pull request's uploadpack command ran");
  },
);

test(
  'a .git put inside the plugin folder (git never checks one out) is not the repository: the one that tracks the manifest is',
  { skip: noGit },
  () => {
    const { checkout } = pullRequest();
    const plugin = path.join(checkout, 'plugins/a');
    git(plugin, ['init', '-q']);
    git(plugin, ['add', 'manifest.json']);
    git(plugin, ['commit', '-qm', 'a base of its own']);
    git(plugin, ['update-ref', 'refs/remotes/origin/main', 'HEAD']);
    assertEscalationsFound(runCli([...review, 'manifest.json'], { cwd: plugin }));
    assertEscalationsFound(runCli(review, { cwd: checkout }));
  },
);

test(
  "run from outside the repository, the repository that holds the manifest is found from the manifest's folder",
  { skip: noGit },
  () => {
    const { checkout } = pullRequest();
    const elsewhere = tempTree({});
    assertEscalationsFound(runCli([...review, path.join(checkout, 'plugins')], { cwd: elsewhere }));
    assertEscalationsFound(runCli([...review, path.join(checkout, 'plugins/a/manifest.json')], { cwd: elsewhere }));
  },
);

test(
  "the repository's own config cannot make git run a command: no fsmonitor, no lazy fetch, whatever protocol it allows",
  { skip: noGit },
  () => {
    // A partial clone, as `actions/checkout` with `filter: blob:none` makes: the base's blob is not here.
    const { root, checkout } = pullRequest(() => {}, { clone: ['--filter=blob:none', '--no-checkout'] });
    const markers = ['fsmonitor', 'uploadpack', 'hook'].map((name) => path.join(root, `${name}-ran`));
    git(checkout, ['config', 'core.fsmonitor', `touch '${markers[0]}'; false`]);
    git(checkout, ['config', 'remote.origin.uploadpack', `touch '${markers[1]}'; git-upload-pack`]);
    git(checkout, ['config', 'protocol.file.allow', 'always']);
    mkdirSync(path.join(root, 'hooks'));
    for (const hook of ['post-index-change', 'reference-transaction', 'post-checkout']) {
      writeFileSync(path.join(root, 'hooks', hook), `#!/bin/sh\ntouch '${markers[2]}'\n`, { mode: 0o755 });
    }
    git(checkout, ['config', 'core.hooksPath', path.join(root, 'hooks')]);
    const run = runCli(review, { cwd: checkout });
    for (const marker of markers) assert.equal(existsSync(marker), false, `${path.basename(marker)}`);
    assert.equal(run.status, 2, describeRun(run));
    assert.match(
      run.stderr,
      /^filer-manifest: --base origin\/main:plugins\/a\/manifest\.json: not in this clone \(a partial clone, whose missing files --base never fetches: clone without --filter\)\.$/m,
    );
    for (const marker of markers) assert.equal(existsSync(marker), false, `${path.basename(marker)}`);
  },
);

test(
  'a repository of another user is refused, as git refuses it, with what to do',
  { skip: noGit || (process.getuid?.() !== 0 && 'only root can give a folder to another user') },
  () => {
    const { root, checkout } = pullRequest();
    execFileSync('chown', ['-R', '65534:65534', root]);
    const run = runCli(review, { cwd: checkout });
    assert.equal(run.status, 2, describeRun(run));
    assert.match(
      run.stderr,
      /^filer-manifest: --base origin\/main: no such file or folder, and not a git ref: .*\/checkout\/\.git: fatal: detected dubious ownership in repository at .* \(the folder belongs to another user, and --base reads no safe\.directory from the global git config: run as its owner\)\.$/m,
    );
  },
);

test(
  'a base blob over 16 MB is refused by its size, not read; a base that is a symbolic link is not followed',
  { skip: noGit },
  () => {
    const large = pullRequest(() => {}, {
      base: cleanManifest('large', `"x-padding": "${'p'.repeat(17 * 1024 * 1024)}"`),
    });
    const run = runCli(review, { cwd: large.checkout });
    assert.equal(run.status, 2, describeRun(run));
    assert.equal(
      run.stderr,
      'filer-manifest: --base origin/main:plugins/a/manifest.json: cannot be read (17.0 MB, too large to read: the limit is 16 MB).\n',
    );
    const root = tempTree({});
    mkdirSync(path.join(root, 'plugins/a'), { recursive: true });
    symlinkSync('/etc/passwd', path.join(root, 'plugins/a/manifest.json'));
    git(root, ['init', '-q']);
    git(root, ['add', '.']);
    git(root, ['commit', '-qm', 'a link']);
    execFileSync('rm', [path.join(root, 'plugins/a/manifest.json')]);
    writeFileSync(path.join(root, 'plugins/a/manifest.json'), escalated);
    const linked = runCli(['gating', '--base', 'HEAD'], { cwd: root });
    assert.equal(linked.status, 2, describeRun(linked));
    assert.equal(
      linked.stderr,
      'filer-manifest: --base HEAD:plugins/a/manifest.json: cannot be read (a symbolic link in the base, which is not followed).\n',
    );
  },
);

test(
  'every attack at once, committed in the pull request: --fail-on escalation exits 1 and no marker file appears',
  { skip: noGit },
  () => {
    let marker = '';
    const { checkout } = pullRequest((folder, root) => {
      marker = path.join(root, 'uploadpack-ran');
      mkdirSync(path.join(folder, 'origin'));
      writeFileSync(path.join(folder, 'origin/main'), escalated);
      fakeBareRepository(path.join(folder, 'plugins/a'), { lazyFetchRuns: marker });
      mkdirSync(path.join(folder, 'previous/plugins/a'), { recursive: true });
      symlinkSync('/dev/zero', path.join(folder, 'previous/plugins/a/manifest.json'));
    });
    assertEscalationsFound(runCli(review, { cwd: checkout, timeout }));
    assertEscalationsFound(runCli([...review, checkout], { cwd: tempTree({}), timeout }));
    assert.equal(existsSync(marker), false, "the pull request's uploadpack command ran");
  },
);

/** A head plugin and a base folder beside it, whose plugins/a/manifest.json `makeBase` makes. */
function folderBase(makeBase: (file: string, root: string) => void): string {
  const root = tempTree({
    'head/plugins/a/manifest.json': escalated,
    'secret/manifest.json': cleanManifest(
      'secret',
      '"contributes": { "tools": [{ "id": "SECRET_TOOL", "title": "t", "description": "d", "schema": "s.json", "handler": "h.js" }] }',
    ),
  });
  mkdirSync(path.join(root, 'base/plugins/a'), { recursive: true });
  makeBase(path.join(root, 'base/plugins/a/manifest.json'), root);
  return root;
}

function assertBaseRefused(root: string, why: string): void {
  const run = runCli(['gating', 'head', '--base', 'base'], { cwd: root, timeout });
  assert.equal(run.status, 2, describeRun(run));
  assert.equal(run.stdout, '');
  assert.equal(
    run.stderr,
    `filer-manifest: --base ${path.join('base/plugins/a/manifest.json')}: cannot be read (${why}).\n`,
  );
}

test("a base folder's manifest.json linked to a file outside is not followed, and nothing of that file is printed", () => {
  const root = folderBase((file, tree) => symlinkSync(path.join(tree, 'secret/manifest.json'), file));
  assertBaseRefused(root, 'a symbolic link or a linked folder, which is not followed');
  const linkedFolder = folderBase(() => {});
  execFileSync('rm', ['-r', path.join(linkedFolder, 'base/plugins/a')]);
  symlinkSync(path.join(linkedFolder, 'secret'), path.join(linkedFolder, 'base/plugins/a'));
  assertBaseRefused(linkedFolder, 'a symbolic link or a linked folder, which is not followed');
});

test("a base folder's manifest.json linked to /dev/zero is not read", () => {
  assertBaseRefused(
    folderBase((file) => symlinkSync('/dev/zero', file)),
    'a symbolic link or a linked folder, which is not followed',
  );
});

test("a base folder's manifest.json that is a FIFO does not block", (t) => {
  if (process.platform === 'win32') return t.skip('no FIFOs on Windows');
  assertBaseRefused(
    folderBase((file) => execFileSync('mkfifo', [file])),
    'not a regular file (a FIFO, a socket or a device)',
  );
});

test("a base folder's manifest.json over 16 MB is refused, as a head one is", () => {
  const root = folderBase((file) =>
    writeFileSync(file, cleanManifest('large', `"x-padding": "${'p'.repeat(34 * 1024 * 1024)}"`)),
  );
  assertBaseRefused(root, '34.0 MB, too large to read: the limit is 16 MB');
});
