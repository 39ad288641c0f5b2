import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectNone, expectRule, manifest, areaCodes } from './helpers';

const permissions = (body: string, extra = '') => manifest(`${extra ? `${extra}, ` : ''}"permissions": { ${body} }`);

test('every permission key in its documented shape is clean', () => {
  expectNone(
    permissions(
      `"fs": { "read": { "static": ["\${dataDir}/cache/**", "/var/data/**", "**/.env"], "parameter": true, "deny": ["**/.git/**"] },
      "write": { "static": ["\${dataDir}/out/**"], "deny": [] }, "list": { "static": ["\${dataDir}"], "parameter": false } },
    "fetch": { "static": ["api.example.com"], "settings": ["endpoint"], "deny": ["ads.example.com"] },
    "store": true, "session": { "getActive": true, "sendMessage": true }, "hostTrigger": true, "ai": { "complete": true },
    "channels": { "getIntegrationConfig": true, "setIntegrationConfig": false }, "settings": true, "toast": true, "renderHtmlToPdf": true, "log": true,
    "execution": { "timeout": "30s", "maxTimeout": 120000 }`,
      '"contributes": { "settings": { "endpoint": { "type": "string", "title": "Endpoint" } } }',
    ),
    areaCodes('permissions'),
  );
});

test('permissions.wrong-type: the shape of each key', () => {
  expectRule('permissions.wrong-type', permissions('"store": «"yes"»'), { message: 'must be true or false' });
  expectRule('permissions.wrong-type', permissions('"fs": { "read": { "static": «"${dataDir}/**"» } }'), {
    message: 'must be an array',
  });
  expectRule('permissions.wrong-type', permissions('"fs": { "read": { "parameter": «"true"» } }'));
  expectRule('permissions.wrong-type', permissions('"fetch": { "static": [«42»] }'), { message: 'must be a string' });
  expectRule('permissions.wrong-type', permissions('"session": «true»'), {
    message: /must be an object, not true\.$/,
  });
  expectRule('permissions.wrong-type', permissions('"ai": { "complete": «"yes"» }'));
  expectRule('permissions.wrong-type', permissions('"execution": { "timeout": «true» }'), {
    message: 'a string or a number',
  });
});

test('permissions.unknown-key: at each level, with a did-you-mean', () => {
  expectRule('permissions.unknown-key', permissions('«"network"»: {}'), { severity: 'warning' });
  expectRule('permissions.unknown-key', permissions('"fs": { «"reed"»: {} }'), { message: 'Did you mean `read`?' });
  expectRule('permissions.unknown-key', permissions('"fs": { "read": { «"statics"»: [] } }'), {
    message: 'Did you mean `static`?',
  });
  expectRule('permissions.unknown-key', permissions('"channels": { «"getConfig"»: true }'));
});

test('permissions.relative-static: ./cache/** suggests ${dataDir}/cache/**', () => {
  const diagnostic = expectRule(
    'permissions.relative-static',
    permissions('"fs": { "read": { "static": [«"./cache/**"»] } }'),
    {
      severity: 'warning',
      message: 'Write "${dataDir}/cache/**"',
    },
  );
  assert.equal(diagnostic.data?.replacement, '${dataDir}/cache/**');
  expectRule('permissions.relative-static', permissions('"fs": { "list": { "static": [«"data"»] } }'));
  expectNone(
    permissions(
      '"fs": { "write": { "static": ["${dataDir}/x/**", "/abs/**", "C:\\\\data\\\\**", "**/.env", "*.log"] } }',
    ),
    ['permissions.relative-static'],
  );
});

test('permissions.relative-static: "~/…" is neither absolute nor ${dataDir}, so it is relative too (no replacement: the home folder is not known)', () => {
  const diagnostic = expectRule(
    'permissions.relative-static',
    permissions('"fs": { "read": { "static": [«"~/notes/**"»] } }'),
    {
      severity: 'warning',
      message: 'write an absolute path',
    },
  );
  assert.equal(diagnostic.data?.replacement, undefined);
});

test('permissions.list-static-glob: fs.list static entries are directory paths matched by prefix, not globs', () => {
  const diagnostic = expectRule(
    'permissions.list-static-glob',
    permissions('"fs": { "list": { "static": [«"${dataDir}/exports/**"»] } }'),
    {
      severity: 'warning',
      message: 'write "${dataDir}/exports"',
    },
  );
  assert.equal(diagnostic.data?.replacement, '${dataDir}/exports');
  expectRule('permissions.list-static-glob', permissions('"fs": { "list": { "static": [«"/data/*.txt"»] } }'), {
    message: 'folder paths matched by prefix',
  });
  // A relative list entry's fix is a directory too, not the glob again.
  const relative = expectRule(
    'permissions.relative-static',
    permissions('"fs": { "list": { "static": [«"data/**"»] } }'),
  );
  assert.equal(relative.data?.replacement, '${dataDir}/data');
  expectNone(
    permissions(
      '"fs": { "list": { "static": ["${dataDir}", "/var/data", "C:\\\\data"] }, "read": { "static": ["${dataDir}/**"] } }',
    ),
    ['permissions.list-static-glob'],
  );
});

test('permissions.fetch-url: a URL in fetch.static or deny suggests its host', () => {
  const diagnostic = expectRule(
    'permissions.fetch-url',
    permissions('"fetch": { "static": [«"https://api.example.com/v1"»] }'),
    { message: 'Write "api.example.com".' },
  );
  assert.equal(diagnostic.data?.replacement, 'api.example.com');
  expectRule('permissions.fetch-url', permissions('"fetch": { "deny": [«"ads.example.com/track"»] }'));
});

test('permissions.fetch-private: localhost and private ranges are always refused', () => {
  for (const host of [
    'localhost',
    '127.0.0.1',
    '10.1.2.3',
    '192.168.0.10',
    '172.20.0.1',
    '169.254.1.1',
    '[::1]',
    'app.localhost',
  ]) {
    expectRule('permissions.fetch-private', permissions(`"fetch": { "static": [«"${host}"»] }`), {
      message: 'names this computer or an address on a private network',
    });
  }
  expectNone(permissions('"fetch": { "static": ["172.32.0.1", "api.example.com", "8.8.8.8"] }'), [
    'permissions.fetch-private',
  ]);
  // A deny list may name anything.
  expectNone(permissions('"fetch": { "deny": ["localhost"] }'), ['permissions.fetch-private']);
});

test('permissions.fetch-setting-unknown and permissions.fetch-setting-type', () => {
  // A warning: a settings entry that names no setting grants nothing, silently; the reference names no refusal.
  expectRule(
    'permissions.fetch-setting-unknown',
    permissions(
      '"fetch": { "settings": [«"endpont"»] }',
      '"contributes": { "settings": { "endpoint": { "type": "string", "title": "E" } } }',
    ),
    {
      severity: 'warning',
      message: 'Did you mean "endpoint"?',
    },
  );
  expectRule(
    'permissions.fetch-setting-type',
    permissions(
      '"fetch": { "settings": [«"port"»] }',
      '"contributes": { "settings": { "port": { "type": "number", "title": "Port" } } }',
    ),
  );
});

test('permissions.fetch-setting-default: the setting holds a full URL, not a bare host', () => {
  const source = (value: string) =>
    permissions(
      '"fetch": { "settings": ["endpoint"] }',
      `"contributes": { "settings": { "endpoint": { "type": "string", "title": "E", "default": ${value} } } }`,
    );
  const diagnostic = expectRule('permissions.fetch-setting-default', source('«"api.example.com"»'), {
    message: 'which grants no host',
  });
  assert.deepEqual(diagnostic.data, {
    jsonPath: ['contributes', 'settings', 'endpoint', 'default'],
    setting: 'endpoint',
    value: 'api.example.com',
  });
  expectNone(source('"https://api.example.com/v1"'), ['permissions.fetch-setting-default']);
});
