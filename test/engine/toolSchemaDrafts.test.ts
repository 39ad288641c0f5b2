import { test } from 'node:test';
import { expectNone, expectRule, manifest, pluginFolder } from './helpers';

const source = manifest(
  '"contributes": { "tools": [{ "id": "count_words", "title": "Count", "description": "d", "schema": «"tools/count.schema.json"», "handler": "tools/count.js", "annotations": { "readOnlyHint": true } }] }',
);
const clean = source.replace(/[«»]/g, '');
const folderWith = (schema: unknown) =>
  pluginFolder({
    'tools/count.schema.json': JSON.stringify(schema),
    'tools/count.js': 'module.exports = async () => "";',
  }).folder;
const withDraft = ($schema: string | undefined, body: Record<string, unknown>) => ({
  ...($schema === undefined ? {} : { $schema }),
  type: 'object',
  ...body,
});

const draft04 = 'http://json-schema.org/draft-04/schema#';
const draft06 = 'http://json-schema.org/draft-06/schema#';
const draft07 = 'http://json-schema.org/draft-07/schema#';
const draft2019 = 'https://json-schema.org/draft/2019-09/schema';
const draft2020 = 'https://json-schema.org/draft/2020-12/schema';

test('a draft-04 schema is checked against draft-04: "exclusiveMinimum": true beside "minimum" is valid there', () => {
  const count = { properties: { count: { type: 'integer', minimum: 0, exclusiveMinimum: true } } };
  expectNone(clean, ['tools.schema-invalid', 'tools.schema-unknown-draft'], folderWith(withDraft(draft04, count)));
  expectNone(
    clean,
    ['tools.schema-invalid', 'tools.schema-unknown-draft'],
    folderWith(withDraft('http://json-schema.org/draft-04/schema', count)),
  );
  expectRule('tools.schema-invalid', source, {
    folder: folderWith(withDraft(draft04, { properties: { count: { exclusiveMinimum: 3 } } })),
    severity: 'error',
    message: 'is not a valid JSON Schema (draft-04)',
  });
});

test('no $schema means draft-07, as does a draft-07 $schema; draft-06 has numeric exclusive bounds too', () => {
  const boolean = { properties: { count: { minimum: 0, exclusiveMinimum: true } } };
  expectRule('tools.schema-invalid', source, {
    folder: folderWith(withDraft(undefined, boolean)),
    message: 'is not a valid JSON Schema (draft-07): its `properties.count.exclusiveMinimum` must be number',
  });
  expectRule('tools.schema-invalid', source, {
    folder: folderWith(withDraft(draft07, boolean)),
    message: '(draft-07)',
  });
  expectRule('tools.schema-invalid', source, {
    folder: folderWith(withDraft(draft06, boolean)),
    message: '(draft-06)',
  });
  expectNone(
    clean,
    ['tools.schema-invalid', 'tools.schema-unknown-draft'],
    folderWith(withDraft(draft06, { properties: { count: { exclusiveMinimum: 0 } } })),
  );
});

test('2019-09 and 2020-12 schemas are checked against their own meta-schemas', () => {
  expectNone(
    clean,
    ['tools.schema-invalid', 'tools.schema-unknown-draft'],
    folderWith(
      withDraft(draft2019, {
        $defs: { n: { type: 'string' } },
        dependentRequired: { a: ['b'] },
        $recursiveAnchor: true,
      }),
    ),
  );
  expectRule('tools.schema-invalid', source, {
    folder: folderWith(withDraft(draft2019, { $recursiveAnchor: 'yes' })),
    message: '(2019-09)',
  });
  expectNone(
    clean,
    ['tools.schema-invalid', 'tools.schema-unknown-draft'],
    folderWith(
      withDraft(draft2020, {
        properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'number' } } },
      }),
    ),
  );
  // A tuple as draft-07 writes it (items: [...]) is not a 2020-12 schema, and prefixItems must be an array there.
  expectNone(
    clean,
    ['tools.schema-invalid', 'tools.schema-unknown-draft'],
    folderWith(
      withDraft(undefined, { properties: { pair: { type: 'array', items: [{ type: 'string' }], prefixItems: {} } } }),
    ),
  );
  expectRule('tools.schema-invalid', source, {
    folder: folderWith(withDraft(draft2020, { properties: { pair: { type: 'array', items: [{ type: 'string' }] } } })),
    message: '(2020-12)',
  });
});

test('an unknown $schema: a warning that names the draft assumed, and the schema checked as draft-07', () => {
  const draft03 = 'http://json-schema.org/draft-03/schema#';
  expectRule('tools.schema-unknown-draft', source, {
    folder: folderWith(withDraft(draft03, { properties: { path: { type: 'string', format: 'file-path' } } })),
    severity: 'warning',
    message:
      '`contributes.tools[0].schema` "tools/count.schema.json" declares a draft the checks do not know, "http://json-schema.org/draft-03/schema#". It is checked as draft-07.',
  });
  const folder = folderWith(
    withDraft('https://example.com/my-schema', { properties: { count: { minimum: 0, exclusiveMinimum: true } } }),
  );
  expectRule('tools.schema-unknown-draft', source, { folder });
  expectRule('tools.schema-invalid', source, { folder, message: '(draft-07)' });
});
