/**
 * Settings a workspace can carry (`.vscode/settings.json` of a folder you were handed), made to hang
 * the server or to switch it off (issue 11): a glob that a regex engine backtracks on, globs that
 * expand without end or cannot be compiled, and values of the wrong kind. Globs are matched in
 * pattern × path steps; a value that cannot be used is named in one message, and the rest applies.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { compileGlob, globMatcher } from '../../server/src/engine/text/glob';
import { readSettings } from '../../server/src/lsp/settings';
import { LspClient, manifest, repositoryRoot, tempFolder } from './lspClient';

const longName = 'a'.repeat(200);

test('globs match as before: ** across folders, * and ? within one, {a,b}, [classes], names at any depth', () => {
  const cases: [string, string, boolean][] = [
    ['**/fixtures/**', 'test/fixtures/a/manifest.json', true],
    ['**/fixtures/**', 'fixtures/manifest.json', true],
    ['**/fixtures/**', 'test/fixture/manifest.json', false],
    ['plugins/*/manifest.json', 'plugins/alpha/manifest.json', true],
    ['plugins/*/manifest.json', 'plugins/a/b/manifest.json', false],
    ['plugin.?.json', 'plugin.1.json', true],
    ['*.{json,jsonc}', 'filer.jsonc', true],
    ['*.{json,jsonc}', 'filer.yaml', false],
    ['[!x]*.json', 'a.json', true],
    ['[!x]*.json', 'x.json', false],
    ['[a-c]*.json', 'b.json', true],
    ['[z-a]', 'z', false],
    ['{a', '{a', true],
    ['*a*a*a*a*a*a*b', `${longName}b`, true],
  ];
  for (const [pattern, path, expected] of cases)
    assert.equal(compileGlob(pattern)(path), expected, `${pattern} on ${path}`);
  const match = globMatcher(['filer.json', './plugins/**/extra.json']);
  assert.equal(
    match('/w/deep/down/filer.json', () => ['deep/down/filer.json']),
    true,
  );
  assert.equal(
    match('/w/plugins/a/b/extra.json', () => ['plugins/a/b/extra.json']),
    true,
  );
  assert.equal(
    match('/w/other/extra.json', () => ['other/extra.json']),
    false,
  );
});

test('*a*a*a*a*a*a*b against a name of 200 a: answered at once (a backtracking regex takes minutes)', () => {
  const started = performance.now();
  assert.equal(compileGlob('*a*a*a*a*a*a*b')(longName), false);
  assert.equal(compileGlob('**/*a*a*a*a*a*a*b/**/x')(`${longName}/${longName}/${longName}/y`), false);
  assert.ok(performance.now() - started < 1000, `${(performance.now() - started).toFixed(0)} ms`);
});

test('readSettings: each value that cannot be used is named, and every valid one applies', () => {
  const { settings, problems } = readSettings(
    JSON.parse(`{
      "files": { "include": ["ok/**", 7, "{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}"], "exclude": "nope" },
      "maxFileSize": "big",
      "maxDiagnostics": 0,
      "rules": { "manifest.unknown-key": "error", "constructor": "off", "__proto__": "off", "hooks.unknown-event": "loud", "tools.timeout": "constructor" },
      "categoryHints": { "enabled": "yes" },
      "trace": { "server": "verbose" }
    }`),
  );
  assert.deepEqual(settings.files, { include: ['ok/**'], exclude: [] });
  assert.deepEqual(Object.entries(settings.rules), [['manifest.unknown-key', 'error']]);
  assert.equal(Object.getPrototypeOf(settings.rules), Object.prototype);
  assert.equal(settings.maxFileSize, 16);
  assert.equal(settings.maxDiagnostics, 1000);
  assert.equal(settings.categoryHints.enabled, true);
  assert.deepEqual(problems, [
    'filerManifest.rules: there is no rule with code "constructor"',
    'filerManifest.rules: there is no rule with code "__proto__"',
    'filerManifest.rules.hooks.unknown-event: "loud" is not a severity (off, hint, information, warning or error)',
    'filerManifest.rules.tools.timeout: "constructor" is not a severity (off, hint, information, warning or error)',
    'filerManifest.maxFileSize: "big" is not a number of megabytes above 0',
    'filerManifest.maxDiagnostics: 0 is not a whole number of 1 or more',
    'filerManifest.categoryHints.enabled: "yes" is not true or false',
    'filerManifest.files.include[1]: 7 is not a glob pattern',
    'filerManifest.files.include[2]: "{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}" is not used: its {…} alternatives make more than 64 patterns',
    'filerManifest.files.exclude: "nope" is not a list of glob patterns',
  ]);
});

test('readSettings: a key no setting has (a typo) is named with the keys there are, as the CLI names an unknown option', () => {
  const { settings, problems } = readSettings({
    maxFilesize: 2,
    files: { include: ['a/**'], inclde: ['b/**'] },
    categoryHints: { enable: false },
    trace: { server: 'off' },
    'a key\nwith a newline': 1,
  });
  assert.deepEqual(settings.files.include, ['a/**']);
  assert.equal(settings.maxFileSize, 16);
  assert.deepEqual(problems, [
    'filerManifest.maxFilesize: there is no such setting (filerManifest has files, maxFileSize, maxDiagnostics, rules, categoryHints, trace)',
    'filerManifest: "a key\\nwith a newline": there is no such setting (filerManifest has files, maxFileSize, maxDiagnostics, rules, categoryHints, trace)',
    'filerManifest.files.inclde: there is no such setting (filerManifest.files has include, exclude)',
    'filerManifest.categoryHints.enable: there is no such setting (filerManifest.categoryHints has enabled)',
  ]);
});

test('package.json: the settings that change what is read or how it is validated are restricted in untrusted workspaces', () => {
  const packageJson = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8'));
  const untrusted = packageJson.capabilities.untrustedWorkspaces;
  assert.equal(untrusted.supported, 'limited');
  assert.deepEqual([...untrusted.restrictedConfigurations].sort(), [
    'filerManifest.files.exclude',
    'filerManifest.files.include',
    'filerManifest.maxDiagnostics',
    'filerManifest.maxFileSize',
    'filerManifest.rules',
  ]);
  for (const setting of untrusted.restrictedConfigurations)
    assert.ok(packageJson.contributes.configuration.properties[setting], setting);
});

describe('hostile settings over a real connection', () => {
  const folder = tempFolder({ [`plugin/${longName}`]: '{}\n' });
  const hostile = {
    files: { include: ['*a*a*a*a*a*a*b', '{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}'], exclude: ['[z-a]', '**/excluded/**'] },
    rules: { 'manifest.unknown-key': 'error', constructor: 'loud' },
    maxDiagnostic: 5,
  };
  let pulled: LspClient;
  let pushed: LspClient;
  before(async () => {
    pulled = await LspClient.start({ workspace: folder.root, settings: hostile });
    // A client that pushes its settings with initialize: an invalid glob once failed it.
    pushed = await LspClient.start({
      workspace: folder.root,
      capabilities: {},
      initializationOptions: { settings: { filerManifest: hostile } },
    });
  });
  after(async () => {
    await pulled.stop();
    await pushed.stop();
    folder.cleanup();
  });

  for (const [label, client] of [
    ['from workspace/configuration', () => pulled],
    ['from initializationOptions', () => pushed],
  ] as const) {
    test(`${label}: the server answers at once, names the settings it ignores, and applies the rest`, async () => {
      const uri = folder.uri('plugin/manifest.json');
      const text = manifest('"autor": "x"');
      const started = performance.now();
      await client().open(uri, text);
      const diagnostics = await client().diagnostics(uri, undefined, 5000);
      assert.ok(performance.now() - started < 5000);
      assert.deepEqual(
        diagnostics.map((d) => [d.code, d.severity]),
        [['manifest.unknown-key', 1]],
      );
      const message = await client().waitFor(
        () => client().messages.find((m) => m.includes('ignored')),
        5000,
        'the message about the settings',
      );
      assert.equal(
        message,
        '2: Filer manifest: 3 settings are ignored (the others apply): filerManifest.rules: there is no rule with code "constructor"; filerManifest.maxDiagnostic: there is no such setting (filerManifest has files, maxFileSize, maxDiagnostics, rules, categoryHints, trace); filerManifest.files.include[1]: "{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}" is not used: its {…} alternatives make more than 64 patterns.',
      );
      const hover = await client().request<{ contents: unknown } | null>('textDocument/hover', {
        textDocument: { uri },
        position: { line: 1, character: 4 },
      });
      assert.ok(hover);
      await client().close(uri);
    });
  }
});
