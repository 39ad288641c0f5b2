/**
 * Manifest text made to hang or confuse the validator (issue 11): values that made its regexes
 * backtrack for seconds, keys named like what every object inherits (`constructor`, `toString`,
 * `__proto__`), and a text that is nothing but errors. Bounds on time are generous (the cases took
 * seconds to minutes); what matters is that they are answered, and answered right.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeManifest, buildModel, computeContextMenu, dataOf, parseDocument } from '../../server/src/engine';
import { manifest } from './helpers';

function timedAnalysis(text: string, options: Parameters<typeof analyzeManifest>[1] = {}) {
  const started = performance.now();
  const { diagnostics } = analyzeManifest(text, options);
  return { diagnostics, ms: performance.now() - started };
}

test('fs.list.static entries of 30,000 "/*" and 30,000 "${" are validated within 2 s (8.5 s each validation before)', () => {
  const globs = `a${'/*'.repeat(30_000)}x`;
  const placeholders = '${'.repeat(30_000);
  const text = manifest(
    `"permissions": { "fs": { "list": { "static": [${JSON.stringify(globs)}, ${JSON.stringify(placeholders)}, "\${dataDir}/exports/**"] } } }`,
  );
  const { diagnostics, ms } = timedAnalysis(text);
  assert.ok(ms < 2000, `${ms.toFixed(0)} ms`);
  const listGlobs = diagnostics.filter((d) => d.code === 'permissions.list-static-glob');
  // The glob that only ends in /** has its directory as the fix; the others have none.
  assert.deepEqual(
    listGlobs.map((d) => dataOf(d, 'permissions.list-static-glob')?.replacement),
    [undefined, undefined, '${dataDir}/exports'],
  );
});

const prototypeNames = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__'];

test('hook keys named constructor, toString, hasOwnProperty, valueOf, __proto__ are unknown events like any other', () => {
  const hooks = prototypeNames.map((name) => `${JSON.stringify(name)}: "./h.js"`).join(', ');
  const { diagnostics } = timedAnalysis(manifest(`"contributes": { "hooks": { ${hooks} } }`));
  const unknown = diagnostics
    .filter((d) => d.code === 'hooks.unknown-event')
    .map((d) => dataOf(d, 'hooks.unknown-event')?.jsonPath[2]);
  assert.deepEqual(unknown, prototypeNames);
});

test('a setting of type "constructor" or "toString" is an unknown type, and its default is not checked against a function', () => {
  const settings = ['constructor', 'toString']
    .map((type, i) => `"s${i}": { "type": ${JSON.stringify(type)}, "title": "S", "default": 1 }`)
    .join(', ');
  const { diagnostics } = timedAnalysis(manifest(`"contributes": { "settings": { ${settings} } }`));
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ['settings.type', 'settings.type'],
  );
  assert.ok(
    diagnostics.every((d) => !/native code|function/.test(d.message)),
    diagnostics.map((d) => d.message).join('\n'),
  );
});

test('severity overrides named constructor or __proto__ change nothing, and every diagnostic keeps a severity', () => {
  const overrides = JSON.parse('{ "constructor": "off", "__proto__": "off", "toString": "error" }') as Record<
    string,
    'off' | 'error'
  >;
  const { diagnostics } = timedAnalysis(
    manifest('"autor": "x", "contributes": { "hooks": { "constructor": "./h.js" } }'),
    { severityOverrides: overrides },
  );
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity]),
    [
      ['manifest.unknown-key', 'warning'],
      ['hooks.unknown-event', 'warning'],
    ],
  );
});

test('the context menu for files named a.constructor, a.__proto__ or toString', () => {
  const model = buildModel(
    parseDocument(
      manifest(`"contributes": { "actions": [
    { "id": "docs", "title": "D", "description": "D", "scope": "single-file", "prompt": "p", "fileTypes": ["document"] },
    { "id": "any", "title": "A", "description": "D", "scope": "single-file", "prompt": "p" }
  ] }`),
    ),
  );
  for (const name of ['a.constructor', 'a.__proto__', 'toString', 'a.hasOwnProperty']) {
    const menu = computeContextMenu(model, { kind: 'file', names: [name] });
    assert.deepEqual(
      menu.entries.map((entry) => entry.id),
      ['any'],
      name,
    );
  }
});

test('1 MB of "[1 1 1 …" (an error every two characters): at most maxDiagnostics diagnostics, the last one saying how many more there were, at their strictest severity', () => {
  const text = `[${'1 '.repeat(512 * 1024)}]`;
  const { diagnostics, ms } = timedAnalysis(text, { maxDiagnostics: 100 });
  assert.equal(diagnostics.length, 100);
  const last = diagnostics[diagnostics.length - 1];
  assert.equal(last.code, 'diagnostics.more');
  assert.equal(last.severity, 'error');
  assert.match(
    last.message,
    /^[\d,]+ more problems are not shown \([\d,]+ errors\): at most 100 are listed per manifest\.$/,
  );
  assert.ok(Number(last.message.split(' ')[0].replace(/,/g, '')) > 500_000, last.message);
  assert.ok(ms < 30_000, `${ms.toFixed(0)} ms`);
  // The default cap applies when none is given.
  assert.equal(analyzeManifest(text).diagnostics.length, 1000);
});

test('fewer diagnostics than the cap are all listed, with no notice', () => {
  const { diagnostics } = timedAnalysis(manifest('"autor": "x", "licence": "y"'), { maxDiagnostics: 2 });
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ['manifest.unknown-key', 'manifest.unknown-key'],
  );
  const capped = timedAnalysis(manifest('"autor": "x", "licence": "y", "homepag": "z"'), {
    maxDiagnostics: 2,
  }).diagnostics;
  assert.deepEqual(
    capped.map((d) => [d.code, d.severity]),
    [
      ['manifest.unknown-key', 'warning'],
      ['diagnostics.more', 'warning'],
    ],
  );
  assert.equal(capped[1].message, '2 more problems are not shown (2 warnings): at most 2 are listed per manifest.');
});
