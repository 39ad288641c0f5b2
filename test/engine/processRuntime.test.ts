import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codesOf, expectNone, expectRule, manifest, pluginFolder } from './helpers';

const process = (body: string) => manifest(`"runtime": "process", "command": "bin/server"${body ? `, ${body}` : ''}`);

test('process.hooks: non-empty contributes.hooks is rejected, at the hooks key', () => {
  expectRule('process.hooks', process('"contributes": { «"hooks"»: { "onAppReady": "hooks/ready.js" } }'), {
    severity: 'error',
  });
  expectNone(process('"contributes": { "hooks": {} }'), ['process.hooks']);
});

test('process.views: non-empty contributes.views is rejected', () => {
  expectRule('process.views', process('"contributes": { «"views"»: [{ "id": "panel", "title": "Panel" }] }'));
  expectNone(process('"contributes": { "views": [] }'), ['process.views']);
});

test('process.action-setting: a setting of type "action" is rejected, at its type', () => {
  expectRule(
    'process.action-setting',
    process('"contributes": { "settings": { "reset": { "type": «"action"», "title": "Reset", "handler": "x.js" } } }'),
  );
  expectNone(process('"contributes": { "settings": { "token": { "type": "string", "title": "Token" } } }'), [
    'process.action-setting',
  ]);
});

test('process.action-setting is the one message for an action setting: no handler asked for, none looked for', () => {
  const { folder } = pluginFolder({ 'bin/server': '' });
  const without = process('"contributes": { "settings": { "reset": { "type": «"action"», "title": "Reset" } } }');
  expectRule('process.action-setting', without, { folder });
  const withMissingHandler = process(
    '"contributes": { "settings": { "reset": { "type": "action", "title": "Reset", "handler": "reset.js" } } }',
  );
  assert.deepEqual(codesOf(without.replace(/[«»]/g, ''), folder), ['process.action-setting']);
  assert.deepEqual(codesOf(withMissingHandler, folder), ['process.action-setting']);
});

test('process.sandbox: sandbox is rejected', () => {
  expectRule('process.sandbox', process('«"sandbox"»: true'));
});

test('process.static-fs: a static fs.read/write rule without "parameter": true', () => {
  expectRule('process.static-fs', process('"permissions": { "fs": { "read": { «"static"»: ["${dataDir}/**"] } } }'));
  expectRule(
    'process.static-fs',
    process('"permissions": { "fs": { "write": { «"static"»: ["${dataDir}/**"], "parameter": false } } }'),
  );
  expectNone(process('"permissions": { "fs": { "read": { "static": ["${dataDir}/**"], "parameter": true } } }'), [
    'process.static-fs',
  ]);
  // fs.list is not named by the reference's process rule.
  expectNone(process('"permissions": { "fs": { "list": { "static": ["${dataDir}"] } } }'), ['process.static-fs']);
});

test('process.tool-handler: a tool entry must not carry handler', () => {
  expectRule(
    'process.tool-handler',
    process(
      '"contributes": { "tools": [{ "id": "run", "title": "Run", "description": "d", "schema": "s.json", «"handler"»: "run.js", "annotations": {} }] }',
    ),
  );
});

test('a process plugin done right has no process diagnostics', () => {
  expectNone(
    process(`"args": ["--stdio"], "permissions": { "fs": { "read": { "parameter": true } } },
  "contributes": { "tools": [{ "id": "run", "title": "Run", "description": "d", "schema": "s.json", "annotations": { "readOnlyHint": true } }] }`),
    [
      'process.hooks',
      'process.views',
      'process.action-setting',
      'process.sandbox',
      'process.static-fs',
      'process.tool-handler',
      'tools.handler-required',
    ],
  );
});
