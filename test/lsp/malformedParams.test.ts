/**
 * Every request the server answers, sent with every kind of malformed params: none at all, null, a
 * value that is no object, and at each field of a well-formed request (written here from the LSP
 * specification and the server's protocol file) the field missing, null, or of another type. Each gets
 * InvalidParams with a message that names the method and the field, never an internal error with a
 * JavaScript message; the well-formed request itself gets an answer, and the server keeps running.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { rawServer, repositoryRoot, tempFolder } from './lspClient';

const invalidParams = -32602;

interface RequestSpec {
  method: string;
  /** Well-formed params, every field the request defines filled in. */
  params: Record<string, unknown>;
  /** Fields (dotted paths, `[]` for an array's items) the request may leave out. */
  optional?: string[];
  /** Values of the right type that are still wrong at a field (an enum's stranger). */
  wrong?: Record<string, unknown[]>;
  /** A field of two types: the wrong values to send instead of those of another type than the example's. */
  instead?: Record<string, unknown[]>;
}

const position = { line: 3, character: 4 };
const range = { start: { line: 0, character: 0 }, end: { line: 5, character: 0 } };

function requests(uri: string): RequestSpec[] {
  const textDocument = { uri };
  const at = { textDocument, position };
  return [
    { method: 'textDocument/completion', params: at },
    { method: 'textDocument/hover', params: at },
    { method: 'textDocument/definition', params: at },
    { method: 'textDocument/prepareRename', params: at },
    { method: 'textDocument/rename', params: { ...at, newName: 'renamed' } },
    { method: 'textDocument/references', params: { ...at, context: { includeDeclaration: true } } },
    {
      method: 'textDocument/codeAction',
      params: {
        textDocument,
        range,
        context: {
          diagnostics: [{ range, message: 'A message', code: 'manifest.name', severity: 1 }],
          only: ['quickfix'],
        },
      },
      optional: ['context.only', 'context.diagnostics[].code', 'context.diagnostics[].severity'],
      wrong: { 'context.diagnostics[].severity': [0, 5] },
      // A code is a string or an integer; a message a string or { kind, value }.
      instead: {
        'context.diagnostics[].code': [true, {}, 1.5],
        'context.diagnostics[].message': [7, {}, { kind: 'html', value: 'x' }],
      },
    },
    { method: 'textDocument/documentLink', params: { textDocument } },
    { method: 'textDocument/documentSymbol', params: { textDocument } },
    { method: 'textDocument/inlayHint', params: { textDocument, range } },
    {
      method: 'textDocument/diagnostic',
      params: { textDocument, previousResultId: 'x' },
      optional: ['previousResultId'],
    },
    { method: 'workspace/diagnostic', params: { previousResultIds: [{ uri, value: 'x' }] } },
    { method: 'filer/manifestStatus', params: { uri } },
    { method: 'filer/gating', params: { uri } },
    {
      method: 'filer/contextMenu',
      params: { uri, selection: { kind: 'file', names: ['a.md'] } },
      wrong: { 'selection.kind': ['file-or-folder'] },
    },
  ];
}

/** Values of another type than `value` (and, for a line or a character, numbers no position has). */
function otherTypes(value: unknown): unknown[] {
  if (typeof value === 'string') return [7, true, {}, ['x']];
  if (typeof value === 'number') return [String(value), -1, 1.5, {}];
  if (typeof value === 'boolean') return ['true', 1, {}];
  if (Array.isArray(value)) return [{}, 'x', 7];
  return ['x', 7, [value]];
}

interface Malformation {
  /** The field at fault as the message names it (`params.position.line`). */
  field: string;
  params: unknown;
  what: string;
}

/** Every way to break one well-formed request, field by field. */
function malformations(spec: RequestSpec): Malformation[] {
  const found: Malformation[] = [];
  const visit = (value: unknown, path: string[], rebuild: (replacement: unknown, remove?: boolean) => unknown) => {
    const dotted = path.join('.').replace(/\.\[\]/g, '[]');
    const field = `params.${path.join('.').replace(/\.\[\]/g, '[0]')}`;
    if (path.length > 0) {
      if (!spec.optional?.includes(dotted)) {
        found.push({ field, params: rebuild(undefined, true), what: `${dotted} missing` });
      }
      for (const other of [null, ...(spec.instead?.[dotted] ?? otherTypes(value)), ...(spec.wrong?.[dotted] ?? [])]) {
        found.push({ field, params: rebuild(other), what: `${dotted} = ${JSON.stringify(other)}` });
      }
    }
    if (Array.isArray(value) && value.length > 0) {
      const item = value[0];
      visit(item, [...path, '[]'], (replacement, remove) => rebuild(remove ? [] : [replacement]));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        visit(child, [...path, key], (replacement, remove) => {
          const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
          if (remove) delete copy[key];
          else copy[key] = replacement;
          return rebuild(copy);
        });
      }
    }
  };
  visit(spec.params, [], (replacement) => replacement);
  // Removing an array's only item leaves an empty array, which is well formed.
  return found.filter((malformation) => !malformation.what.endsWith('[] missing'));
}

test('each request, malformed in every way, gets InvalidParams naming the field; well-formed, an answer', async () => {
  const text = readFileSync(join(repositoryRoot, 'examples/word-count/manifest.json'), 'utf8');
  const folder = tempFolder({ 'plugin/manifest.json': text });
  const uri = folder.uri('plugin/manifest.json');
  const server = await rawServer(folder.root);
  try {
    server.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
    let id = 1;
    const failures: string[] = [];
    let sent = 0;
    for (const spec of requests(uri)) {
      const wellFormed = id++;
      server.request(wellFormed, spec.method, spec.params);
      const answer = await server.answer(wellFormed);
      assert.equal(answer.error, undefined, `${spec.method} with well-formed params: ${JSON.stringify(answer.error)}`);

      const whole: Malformation[] = [
        { field: 'params', params: undefined, what: 'no params' },
        { field: 'params', params: [], what: 'params []' },
        { field: 'params', params: null, what: 'params null' },
        { field: 'params', params: [null], what: 'params [null]' },
        { field: 'params', params: 7, what: 'params 7' },
        { field: 'params', params: 'x', what: 'params "x"' },
      ];
      for (const malformation of [...whole, ...malformations(spec)]) {
        const request = id++;
        sent++;
        server.request(request, spec.method, malformation.params);
        const { error, result } = await server.answer(request);
        const problem = (why: string) => failures.push(`${spec.method}, ${malformation.what}: ${why}`);
        if (!error) {
          problem(`answered ${JSON.stringify(result)?.slice(0, 80)}`);
          continue;
        }
        const { message } = error;
        const namesField = message.includes(malformation.field === 'params' ? 'params' : `${malformation.field} `);
        if (error.code !== invalidParams) problem(`error ${error.code}: ${message}`);
        else if (!message.startsWith(`${spec.method}: `)) problem(`the message does not name the method: ${message}`);
        else if (!namesField) problem(`the message does not name ${malformation.field}: ${message}`);
        else if (/Cannot read|undefined|TypeError|is not a function/.test(message))
          problem(`JavaScript's words: ${message}`);
      }
    }
    assert.deepEqual(failures, [], `${failures.length} of ${sent} malformed requests`);
    assert.ok(sent > 200, `only ${sent} malformed requests`);
    assert.ok(server.running());
  } finally {
    server.stop();
    folder.cleanup();
  }
});

test('the messages say what is wrong and what the params must be', async () => {
  const server = await rawServer();
  try {
    const textDocument = { uri: 'file:///x/manifest.json' };
    const cases: [string, unknown, string][] = [
      [
        'textDocument/hover',
        { textDocument },
        'textDocument/hover: params.position is missing; params must be { textDocument: { uri }, position: { line, character } }.',
      ],
      [
        'textDocument/inlayHint',
        { textDocument, range: { start: { line: 0, character: 0 }, end: { line: -1, character: 0 } } },
        'textDocument/inlayHint: params.range.end.line must be an integer of 0 or more, not -1; ' +
          'params must be { textDocument: { uri }, range: { start: { line, character }, end: { line, character } } }.',
      ],
      ['filer/gating', undefined, 'filer/gating: params are missing; params must be { uri }.'],
      [
        'workspace/diagnostic',
        null,
        'workspace/diagnostic: params must be an object, not null; params must be { previousResultIds: { uri, value }[], partialResultToken? }.',
      ],
      [
        'filer/contextMenu',
        { uri: textDocument.uri, selection: { kind: 'any', names: [] } },
        'filer/contextMenu: params.selection.kind must be one of "file", "files", "folder", not a string; ' +
          'params must be { uri, selection: { kind, names } }.',
      ],
      [
        'textDocument/references',
        { textDocument, position: { line: 0, character: 0 }, context: { includeDeclaration: 'yes' } },
        'textDocument/references: params.context.includeDeclaration must be true or false, not a string; ' +
          'params must be { textDocument: { uri }, position: { line, character }, context: { includeDeclaration } }.',
      ],
    ];
    let id = 1;
    for (const [method, params, message] of cases) {
      server.request(id, method, params);
      assert.deepEqual((await server.answer(id++)).error, { code: invalidParams, message });
    }
  } finally {
    server.stop();
  }
});

test('hostile params: prototype-named keys, a client string never echoed, a huge array answered in bounded time', async () => {
  const text = readFileSync(join(repositoryRoot, 'examples/word-count/manifest.json'), 'utf8');
  const folder = tempFolder({ 'plugin/manifest.json': text });
  const uri = folder.uri('plugin/manifest.json');
  const server = await rawServer(folder.root);
  try {
    server.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
    let id = 1;
    const ask = async (method: string, params: unknown) => {
      const sent = id++;
      server.request(sent, method, params);
      return server.answer(sent);
    };
    // JSON's own "__proto__" key is a plain property: it hides no field and adds none.
    const proto = JSON.parse(
      `{ "__proto__": { "textDocument": { "uri": ${JSON.stringify(uri)} } }, "position": { "line": 0, "character": 0 } }`,
    );
    assert.equal(
      (await ask('textDocument/hover', proto)).error?.message.startsWith(
        'textDocument/hover: params.textDocument is missing',
      ),
      true,
    );
    const constructorKey = {
      textDocument: { uri, constructor: 7 },
      position: { line: 0, character: 0, toString: 'x' },
    };
    assert.equal((await ask('textDocument/hover', constructorKey)).error, undefined);
    // A terminal escape or markup where a number goes is named by its type, never repeated.
    const escape = '\u001b]0;owned\u0007<img src=x>';
    const echoed = await ask('textDocument/hover', { textDocument: { uri }, position: { line: escape, character: 0 } });
    assert.equal(echoed.error?.message.includes(escape), false);
    assert.match(echoed.error?.message ?? '', /params\.position\.line must be an integer of 0 or more, not a string;/);
    // 200,000 diagnostics sent back, the last one malformed: found and named, in seconds.
    const diagnostic = {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
      message: 'm',
      code: 'x',
    };
    const many = Array.from({ length: 200_000 }, () => diagnostic);
    const started = Date.now();
    const answer = await ask('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostic.range,
      context: { diagnostics: [...many, { ...diagnostic, range: null }] },
    });
    assert.match(
      answer.error?.message ?? '',
      /^textDocument\/codeAction: params\.context\.diagnostics\[200000\]\.range must be an object, not null;/,
    );
    assert.ok(Date.now() - started < 10_000, `${Date.now() - started} ms`);
    assert.ok(server.running());
  } finally {
    server.stop();
    folder.cleanup();
  }
});
