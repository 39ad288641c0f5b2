// A handler is parsed only when a finding may need it: what its text mentions decides, and never changes a finding.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { analyzeManifest, type PluginFolder } from '../../server/src/engine';
import { gatedMembers } from '../../server/src/engine/handlers/gatedMembers';
import { handlerFacts } from '../../server/src/engine/handlers/handlerFacts';
import { mentionedMembers } from '../../server/src/engine/handlers/mentions';
import { NodePluginFolder } from '../../server/src/host/nodePluginFolder';
import { manifest, MemoryFolder } from './helpers';

const examples = join(__dirname, '../../../examples');

/** The gated members the parse finds a use of, and those the text mentions, by name. */
function usedAndMentioned(text: string): { used: string[]; mentioned: Set<string> } {
  const used = handlerFacts(text, 'tools/t.js', 'tool').ctxUses.map((use) => use.gated.member);
  return { used, mentioned: new Set(mentionedMembers(text).map((gated) => gated.member)) };
}

function assertMentionsCover(text: string, label = text): void {
  const { used, mentioned } = usedAndMentioned(text);
  for (const member of used)
    assert.ok(mentioned.has(member), `${label}: uses ${member}, which it is not said to mention`);
}

const handler = (body: string) => `module.exports = async function handler(args, ctx) {\n${body}\n};\n`;

test('every way of writing a use mentions the member, and an escape that could spell a name mentions them all', () => {
  const uses: [string, string][] = [
    ['await ctx.fs.write(p, s);', 'ctx.fs.write'],
    ['const { fs } = ctx; await fs.write(p, s);', 'ctx.fs.write'],
    ['const f = ctx.fs; f.read(p);', 'ctx.fs.read'],
    ["ctx['toast']('x');", 'ctx.toast'],
    ['ctx[`toast`]("x");', 'ctx.toast'],
    ['ctx.toast?.("x");', 'ctx.toast'],
    ['if (ctx.log) ctx.log.info("x");', 'ctx.log'],
    ["ctx['to\\x61st']('x');", 'ctx.toast'],
    ["ctx['to\\u0061st']('x');", 'ctx.toast'],
    ["ctx['to\\u{61}st']('x');", 'ctx.toast'],
    ['ctx.to\\u0061st("x");', 'ctx.toast'],
    ["ctx['to\\ast']('x');", 'ctx.toast'],
    ["ctx['to\\\nast']('x');", 'ctx.toast'],
  ];
  for (const [body, member] of uses) {
    const text = handler(body);
    const { used } = usedAndMentioned(text);
    assert.ok(used.includes(member), `${JSON.stringify(body)} is a use of ${member} (the case tests something)`);
    assertMentionsCover(text, JSON.stringify(body));
  }
  // In a sloppy script an octal escape spells a letter too.
  const octal = "module.exports = function (args, ctx) { ctx['to\\141st']('x'); };";
  assert.deepEqual(usedAndMentioned(octal).used, ['ctx.toast']);
  assertMentionsCover(octal);
  // The destructured parameter.
  assertMentionsCover('module.exports = async (args, { fs: { write } }) => write("p", "s");');
  // Escapes that spell no letter leave the mentions to the names written: a newline, a quote, a NUL.
  assert.deepEqual(
    mentionedMembers(handler('ctx.log.info("a\\nb\\t\\"c\\0");')).map((gated) => gated.member),
    ['ctx.log'],
  );
  // One that could spell one: every member.
  assert.equal(mentionedMembers(handler('const x = "\\x41";')).length, gatedMembers.length);
});

/** A name written with escapes a string key allows, one character at a time. */
const spelledInString = (name: string) =>
  fc
    .array(fc.constantFrom('plain', 'hex', 'unicode', 'braces', 'identity', 'continuation'), {
      minLength: name.length,
      maxLength: name.length,
    })
    .map((ways) =>
      [...name]
        .map((character, index) => {
          const code = character.charCodeAt(0);
          switch (ways[index]) {
            case 'hex':
              return `\\x${code.toString(16).padStart(2, '0')}`;
            case 'unicode':
              return `\\u${code.toString(16).padStart(4, '0')}`;
            case 'braces':
              return `\\u{${code.toString(16)}}`;
            case 'identity':
              return /[bfnrtvux0-9]/.test(character) ? character : `\\${character}`;
            case 'continuation':
              return `\\\n${character}`;
            default:
              return character;
          }
        })
        .join(''),
    );

/** One use of a gated member, written in one of the forms the walk follows. */
const aUse = fc.constantFrom(...gatedMembers).chain((gated) => {
  const [first, ...rest] = gated.path;
  const tail = rest.map((segment) => `.${segment}`).join('');
  return fc.oneof(
    fc.constant(`ctx.${gated.path.join('.')}();`),
    fc.constant(`ctx?.${gated.path.join('?.')}?.();`),
    spelledInString(first).map((spelled) => `ctx['${spelled}']${tail}();`),
    fc.constant(`const { ${first}: alias } = ctx; alias${tail}();`),
    fc.constant(`const alias = ctx.${first}; alias${tail}();`),
    fc.constant(`{ let c = ctx; c.${gated.path.join('.')}(); }`),
  );
});

/** Text that mentions names without using them: comments and strings. */
const noise = fc.constantFrom('// ctx.toast later', '/* ctx.store */', "const s = 'ctx.fs.write';", 'const n = 1;');

test('over generated handlers, what the parse finds used is always mentioned', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(aUse, noise), { minLength: 1, maxLength: 6 }), (lines) => {
      assertMentionsCover(handler(lines.join('\n')));
    }),
    { numRuns: 500 },
  );
});

test('every handler of the examples mentions what it uses', () => {
  for (const name of readdirSync(examples, { withFileTypes: true })) {
    if (!name.isDirectory()) continue;
    const root = join(examples, name.name);
    for (const sub of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (sub.endsWith('.js')) assertMentionsCover(readFileSync(join(root, sub), 'utf8'), `${name.name}/${sub}`);
    }
  }
});

/** A folder in memory that says which handlers were parsed (the parse is derived once per file version). */
function countingFolder(files: Record<string, string>): { folder: PluginFolder; parsed: () => string[] } {
  const memory = new MemoryFolder(new Map(Object.entries(files)));
  const parsed: string[] = [];
  const folder: PluginFolder = {
    stat: (relativePath) => memory.stat(relativePath),
    readText: (relativePath) => memory.readText(relativePath),
    rememberUntilChanged: (relativePath, purpose, derive) =>
      memory.rememberUntilChanged(relativePath, purpose, () => {
        if (purpose.startsWith('handler-facts')) parsed.push(relativePath);
        return derive();
      }),
  };
  return { folder, parsed: () => [...parsed].sort() };
}

const schema = JSON.stringify({ type: 'object', properties: { path: { type: 'string', format: 'file-path' } } });
const toolEntry = (id: string) =>
  `{ "id": "${id}", "title": "T", "description": "Counts the words in a text file.", "schema": "tools/${id}.schema.json", "handler": "tools/${id}.js", "annotations": { "readOnlyHint": true } }`;

test("the manifest's own findings parse only the handlers that name a member without its permission", () => {
  const { folder, parsed } = countingFolder({
    'tools/reads.schema.json': schema,
    'tools/reads.js': handler('return ctx.fs.read(args.path);'),
    'tools/toasts.schema.json': schema,
    'tools/toasts.js': handler('ctx.toast("done");'),
    'hooks/ready.js': 'module.exports = async (event, ctx) => ctx.fs.read("/tmp/x");',
  });
  const text = manifest(
    `"permissions": { "fs": { "read": { "parameter": true } } }, "contributes": { "tools": [${toolEntry('reads')}, ${toolEntry('toasts')}], "hooks": { "onAppReady": "hooks/ready.js" } }`,
  );
  const own = analyzeManifest(text, { folder, findings: 'own' }).diagnostics;
  // toasts.js names ctx.toast, undeclared; ready.js names fs.read in a hook, where parameter: true grants nothing.
  assert.deepEqual(parsed(), ['hooks/ready.js', 'tools/toasts.js']);
  assert.deepEqual(
    own.map((d) => d.code),
    ['permissions.undeclared-use', 'permissions.hook-parameter-only'],
  );
  // Its handlers' own findings parse the rest: reads.js's arguments are checked against its schema.
  analyzeManifest(text, { folder, findings: 'with-handlers' });
  assert.deepEqual(parsed(), ['hooks/ready.js', 'tools/reads.js', 'tools/toasts.js']);
});

test("the manifest's own findings are the same whether its handlers' are looked for or not, for any permissions", () => {
  const roots = readdirSync(examples, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const permissionKeys = ['fs', 'toast', 'store', 'log', 'settings', 'ai', 'session', 'hostTrigger', 'fetch'];
  fc.assert(
    fc.property(fc.constantFrom(...roots.map((entry) => entry.name)), fc.subarray(permissionKeys), (name, dropped) => {
      const root = join(examples, name);
      const text = readFileSync(join(root, 'manifest.json'), 'utf8');
      let value: { permissions?: Record<string, unknown> };
      try {
        value = JSON.parse(text) as typeof value;
      } catch {
        return; // broken-syntax: nothing to vary
      }
      for (const key of dropped) delete value.permissions?.[key];
      const varied = JSON.stringify(value, null, 2);
      const folder = new NodePluginFolder(root);
      const own = analyzeManifest(varied, { folder, findings: 'own' }).diagnostics;
      const all = analyzeManifest(varied, { folder }).diagnostics;
      assert.deepEqual(
        own,
        all.filter((d) => d.file === undefined),
        `${name} without ${dropped.join(', ')}`,
      );
    }),
    { numRuns: 60 },
  );
});
