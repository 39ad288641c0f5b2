import { declarePermission, type PermissionUse } from '../fixes/declarePermission';
import type { Fix } from '../fixes/fix';
import { schemaArgumentFix, schemaArgumentTitle } from '../fixes/schemaArgument';
import type { HandlerFacts, Span } from '../handlers/handlerFacts';
import type { NotParsed } from '../handlers/parseModule';
import { noGrantWords } from '../handlers/handlerWords';
import { permissionGaps, permissionGapTable } from '../handlers/permissionGaps';
import { envelopeSchemaVersion, knownBlockTypes, type EnvelopeProblem } from '../handlers/resultShape';
import type { ToolSchemaFacts } from '../model/toolSchema';
import type { JsonPath } from '../model/nodes';
import {
  argumentsHandler,
  countWordsFiles,
  doneHook,
  envelopeHandler,
  markedHandler,
  plugin,
  countWordsPlugin,
  text,
} from './examples';
import { capitalized, closest, didYouMean, field, listOf, nameOf, quote } from './messages';
import { manifestReference, notInTheReference, toolsGuide } from './reference';
import { defineRule, defineRules, type FileSpan, type RuleArea, type RuleContext } from './rule';

/** A tool handler's finding: the manifest field that names the handler, and the tool. */
interface InToolHandler {
  /** The manifest field that names the handler (`contributes.tools[0].handler`). */
  jsonPath: JsonPath;
  tool: string;
}

/** What a handler reads of its arguments that its tool's schema does not declare. */
interface UnknownArgument extends InToolHandler {
  name: string;
  declared: string[];
  suggestion?: string;
  /** The tool's schema file, as the manifest writes it: where the fix declares the argument. */
  schema: string;
  /** The handler passes it to ctx.fs as a path: the fix declares it `"format": "file-path"`. */
  passedToFs: boolean;
}

/** A schema file as a fix that creates one writes it, before its tool's arguments are declared. */
const emptySchema = text(`
  {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "properties": {}
  }`);

/**
 * The argument declared in the tool's schema file, as a string (a file path where the handler passes it to ctx.fs).
 * Not the preferred fix where the name is one typo away from a declared one: the handler is then more likely wrong.
 */
const addArgumentToSchema: Fix<UnknownArgument> = ({ name, schema, passedToFs, suggestion }) =>
  schemaArgumentFix(schemaArgumentTitle(name, schema, passedToFs), schema, name, passedToFs, suggestion === undefined);

const definitions = defineRules([
  defineRule({
    code: 'handlers.undeclared-permission',
    severity: 'warning',
    quotes: [
      manifestReference(
        'permissions',
        'An undeclared capability is not removed from ctx \u2014 the member is still there, but calling it throws a permission error whose message names the plugin and the capability, with not-declared as the reason',
      ),
      manifestReference(
        'permissions',
        'Two exceptions: ctx.toast and ctx.store are undefined when not declared, and ctx.log without log: true silently does nothing \u2014 no error, no output.',
      ),
    ],
    description:
      'A handler uses a ctx member whose permission the manifest does not declare: ctx.toast and ctx.store are undefined, ctx.log silently does nothing, and the others throw a permission error (not-declared). Shown in the handler, at the use.',
    decision:
      'Handler modules are parsed (acorn; acorn-loose while a syntax error is being typed), never run, required or imported; comments and strings are not code. The reference names only the module ("path to the handler module"); its handler is read alike in CommonJS and ES modules: what module.exports or export default is, when that is a function; else the one function among the members of what the module exports \u2014 an object written out there, what exports.x = \u2026 and module.exports.x = \u2026 add (exports.x only until module.exports is replaced, as at run time), and an ES module\u2019s named exports, beside its default object\u2019s members \u2014 a member that is not a function (a number, a string, an object) being no candidate. Its ctx is the second parameter (a setting action\u2019s the first, unless it declares two), whatever it is named, with its aliases and destructurings. Nothing is said for a re-export, several exported functions, an export or member whose value cannot be seen (a call, an import, a spread, a getter, a class, an object reached by its name), ctx passed to another function, or a member computed at run time (ctx[name]); nor for a handler that cannot be read (the file rules say why: files.outside for a link out of the folder, files.not-a-file for a FIFO, files.not-checked past the size limit) or whose code cannot be read to its end (handlers.not-checked says so). A file that is not UTF-8 is read as it decodes. Completion after ctx. offers the gated members only, each with the permission it needs and whether the manifest declares it; nowhere else does the server answer in a handler.',
    message: ({ jsonPath, member, without }: PermissionUse & { without: string }) =>
      `\`${member}\` needs ${field(jsonPath)}, which the manifest does not declare, so ${without}.`,
    fix: declarePermission,
    examples: {
      incorrect: [
        {
          manifest: countWordsPlugin({ permissions: null }),
          files: { ...countWordsFiles, 'tools/count-words.js': markedHandler('«ctx.fs.read»') },
          alsoReported: ['permissions.undeclared-use'],
          fixed: {
            title:
              'Declare `permissions.fs.read` with "parameter": true (the path comes from the tool\u2019s arguments)',
            manifest: countWordsPlugin({
              permissions: `
                {
                  "fs": {
                    "read": {
                      "parameter": true
                    }
                  }
                }`,
            }),
          },
        },
      ],
      correct: [
        {
          manifest: countWordsPlugin(),
          files: countWordsFiles,
        },
      ],
    },
  }),
  defineRule({
    code: 'handlers.parameter-grants-nothing',
    severity: 'warning',
    quotes: [
      manifestReference(
        'permissions',
        'Hook handlers receive the same wrapped ctx with an empty grant set and no calling-agent folder, so inside a hook parameter: true grants nothing \u2014 only static rules (and deny) apply there.',
      ),
      manifestReference(
        'permissions',
        'parameter: true \u2014 the path comes from the call\u2019s arguments (the schema property marked "format": "file-path") and is checked at dispatch against the calling agent\u2019s folder',
      ),
      manifestReference('Trust and allow-lists', 'a plugin\u2019s hooks, commands and views are not agent turns'),
    ],
    description:
      'Hook handlers receive the same wrapped ctx with an empty grant set and no calling-agent folder, so inside a hook parameter: true grants nothing: only static rules (and deny) apply there. Shown in the handler, at the fs use.',
    decision:
      'Slash commands and setting actions too: they run outside any agent call, with no tool arguments a path could be granted from. A warning when the fs rule has no static patterns; whether one covers the path used is not known from the code.',
    message: ({ jsonPath, member, handler }: PermissionUse & { handler: keyof typeof noGrantWords }) =>
      `\`${member}\` is refused here, as ${field(jsonPath)} has no static patterns. ` +
      `${noGrantWords[handler].why}, so ${noGrantWords[handler].where} \`parameter\` set to true grants nothing: add a static pattern for what it touches.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
                          "contributes": {
                            "tools": [
                              { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                                "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                                "annotations": { "readOnlyHint": true } }
                            ],
                            "hooks": { "onAgentComplete": "./hooks/done.js" }
                          },
                          "permissions": { "fs": { "read": { "parameter": true }, "write": { "parameter": true } } }`),
          files: { ...countWordsFiles, 'hooks/done.js': doneHook.replace('ctx.fs.write', '«ctx.fs.write»') },
          alsoReported: ['permissions.hook-parameter-only'],
        },
      ],
      correct: [
        {
          manifest: plugin(`
                          "contributes": {
                            "tools": [
                              { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                                "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                                "annotations": { "readOnlyHint": true } }
                            ],
                            "hooks": { "onAgentComplete": "./hooks/done.js" }
                          },
                          "permissions": {
                            "fs": { "read": { "parameter": true }, "write": { "static": ["\${dataDir}/last-run.txt"] } }
                          }`),
          files: { ...countWordsFiles, 'hooks/done.js': doneHook },
        },
      ],
    },
  }),
  defineRule({
    code: 'handlers.unknown-argument',
    severity: 'warning',
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'schema yes path to a JSON-Schema file for the tool\u2019s arguments',
      ),
      toolsGuide(
        'Declaring a tool',
        'schema points at a JSON-Schema file describing the tool\u2019s arguments, relative to the plugin root.',
      ),
    ],
    description:
      "A tool handler reads an argument its tool's schema does not declare: the agent is given the schema's properties, so it never passes this one.",
    decision:
      'Only where the schema\u2019s top level shows its properties (no allOf, anyOf, oneOf, if or other $ref there). Every other name is reported, whether the schema is closed (additionalProperties: false) or open: the model sends the arguments the schema describes, so one it does not describe arrives undefined. Only the first property read of the arguments (args.a.b: a). Hover on an argument shows its schema property and completion after args. offers the schema\u2019s properties (those written as identifiers), only for a module exactly one tool names: for several, which schema is meant is not known.',
    message: ({ tool, name, declared, suggestion }: UnknownArgument) =>
      `${nameOf(name)} is not an argument of tool ${quote(tool)}, so the agent never passes it. Its schema declares ${declaredWords(declared)}.${didYouMean(suggestion, nameOf)}`,
    fix: addArgumentToSchema,
    examples: {
      incorrect: [
        {
          // The newcomer's tool: its handler reads the file at args.path, and its schema declares nothing yet.
          manifest: countWordsPlugin(),
          files: {
            'tools/count-words.schema.json': emptySchema,
            'tools/count-words.js': argumentsHandler('«path»'),
          },
          alsoReported: ['permissions.parameter-without-path-property'],
          fixed: {
            title: 'Add `path` to ./tools/count-words.schema.json as a file path ("format": "file-path")',
            manifest: countWordsPlugin(),
            editedFiles: {
              'tools/count-words.schema.json': text(`
                {
                  "$schema": "http://json-schema.org/draft-07/schema#",
                  "type": "object",
                  "properties": {
                    "path": {
                      "type": "string",
                      "format": "file-path"
                    }
                  }
                }`),
            },
          },
        },
        {
          manifest: countWordsPlugin(),
          files: { ...countWordsFiles, 'tools/count-words.js': argumentsHandler('«pth»') },
        },
      ],
      correct: [
        {
          manifest: countWordsPlugin(),
          files: { ...countWordsFiles, 'tools/count-words.js': argumentsHandler('path') },
        },
      ],
    },
  }),
  defineRule({
    code: 'handlers.malformed-envelope',
    severity: 'warning',
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'A handler that returns an MCP content envelope \u2014 { content: [ { type: "text", text }, { type: "image", data: <base64>, mimeType: "image/\u2026" } ] }, every block well-formed \u2014 is forwarded verbatim',
      ),
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'A malformed envelope falls back to the text wrapping; nothing is dropped silently.',
      ),
      toolsGuide(
        'Handler result shapes',
        'Each block in content must be well-formed. A malformed envelope falls back to the plain text wrapping \u2014 nothing is dropped silently.',
      ),
    ],
    description:
      'A handler that returns an MCP content envelope has it forwarded verbatim only when every block is well-formed: a malformed envelope falls back to the plain text wrapping.',
    decision:
      `Judged by MCP\u2019s own schema (CallToolResult, from the specification\u2019s schema.json of ${envelopeSchemaVersion}), ` +
      'on what the code writes out: an object literal the handler returns (each branch of a conditional) that holds `content`. With `content` an array literal it is judged whatever else it holds; with `content` written as something else, only when it holds nothing but CallToolResult\u2019s fields (`{ path, content: text }` is a plain result, wrapped as text as meant). Every block type MCP defines, their required fields and the types of all their fields, `annotations`, `_meta`, a resource\u2019s contents (`text` or `blob`, and `uri`), `isError`; an image\u2019s or audio\u2019s `data` and a `blob` must be base64 (a `data:` URL is the usual mistake), a `uri` an absolute URI; a field written as `undefined` is missing, as JSON leaves it out. `resultType`, which MCP requires of a server, is not asked of a handler: Filer, the server, sets it. Whatever is computed at run time (a variable, a call, a spread, a type in a variable) is not judged.',
    message: ({ problem }: InToolHandler & { problem: EnvelopeProblem }) =>
      `${envelopeWords(problem)} Filer then wraps the whole returned object as text, so the agent gets it as one JSON text, not as its blocks.`,
    examples: {
      incorrect: [
        {
          manifest: countWordsPlugin(),
          files: { ...countWordsFiles, 'tools/count-words.js': envelopeHandler("{ type: «'text'», value: count }") },
        },
      ],
      correct: [
        {
          manifest: countWordsPlugin(),
          files: { ...countWordsFiles, 'tools/count-words.js': envelopeHandler("{ type: 'text', text: count }") },
        },
      ],
    },
  }),
  defineRule({
    code: 'handlers.not-checked',
    severity: 'information',
    quotes: notInTheReference,
    description:
      'A handler module whose code the checks could not read to its end: it nests too deeply for the parser, its syntax errors would cost more than the budget its size allows, or the parse failed. Nothing in it is checked against the manifest, and this says so, at its start.',
    decision:
      'Not a rule of the reference: what a handler does is read from its syntax tree, and a tree is made at a cost linear in the text or not at all. A module nesting thousands of levels deep (generated code) overflows a parser that descends once per level; a half-typed module is read by the error-tolerant parser within a budget of tokens four times its length; a parser\u2019s own failure is a fault of this tool, never of the module, and its words are given so that it can be reported. Information: nothing in the module is said to be wrong; said only where a rule needed to read the code.',
    message: ({
      filePath,
      reason,
      detail,
    }: {
      jsonPath: JsonPath;
      filePath: string;
      reason: NotParsed;
      detail?: string;
    }) =>
      `${quote(filePath)} was not read to its end, so what its code does with \`ctx\` and its arguments is not checked against the manifest. ` +
      `${capitalized(notCheckedWords(reason, detail))}.`,
    examples: {
      incorrect: [
        {
          manifest: countWordsPlugin(),
          files: {
            ...countWordsFiles,
            'tools/count-words.js': `«»module.exports = async (args, ctx) => [await ctx.fs.read(args.path), ${'['.repeat(5000)}];\n`,
          },
        },
      ],
      correct: [
        {
          manifest: countWordsPlugin(),
          files: {
            ...countWordsFiles,
            'tools/count-words.js': `module.exports = async (args, ctx) => [await ctx.fs.read(args.path), ${'['.repeat(50)}${']'.repeat(50)}];\n`,
          },
        },
      ],
    },
  }),
]);

/** A schema's arguments as a message names them: the first few, in backticks. */
function declaredWords(declared: readonly string[]): string {
  if (declared.length === 0) return 'none';
  const shown = declared.slice(0, 8).map(nameOf).join(', ');
  return declared.length > 8 ? `${shown} and ${declared.length - 8} more` : shown;
}

function notCheckedWords(reason: NotParsed, detail: string | undefined): string {
  switch (reason) {
    case 'too-deep':
      return 'it nests too deeply for the parser, with thousands of brackets or operators in a row';
    case 'too-costly':
      return 'its syntax errors would take the tolerant parser more work than its size allows; fix the first one and it is read again';
    case 'failed':
      return `the parser failed on it (${quote(detail ?? 'no detail')}), a fault of Filer Plugin Tools, not of the module. Please report it with the module`;
  }
}

function envelopeWords(problem: EnvelopeProblem): string {
  const subject = capitalized(placeOf(problem));
  switch (problem.kind) {
    case 'wrong-type':
      return `${subject} is ${problem.actual}, not ${typeArticle[problem.expected]}.`;
    case 'missing-field':
      return problem.writtenUndefined
        ? `${capitalized(placeOf({ ...problem, path: [...problem.path, problem.field] }))} is undefined, which JSON leaves out.`
        : `${subject} has no \`${problem.field}\`.`;
    case 'missing-one-of':
      return `${subject} has neither ${problem.fields.map((name) => `\`${name}\``).join(' nor ')}.`;
    case 'no-type':
      return `${subject} has no \`type\`.`;
    case 'unknown-type':
      return problem.isString
        ? `Content block type ${quote(problem.written)} is not one of MCP\u2019s, which are ${listOf(knownBlockTypes)}.${didYouMean(closest(problem.written, knownBlockTypes), quote)}`
        : `The \`type\` of this content block is ${problem.written}, not one of MCP\u2019s, which are ${listOf(knownBlockTypes)}.`;
    case 'not-allowed':
      return `${subject} is ${quote(problem.value)}, not ${problem.allowed.map(quote).join(' or ')}.`;
    case 'out-of-range':
      return problem.minimum === undefined
        ? `${subject} is ${problem.value}, more than ${problem.maximum}.`
        : problem.maximum === undefined
          ? `${subject} is ${problem.value}, less than ${problem.minimum}.`
          : `${subject} is ${problem.value}, outside ${problem.minimum} to ${problem.maximum}.`;
    case 'not-base64':
      return problem.dataUrl
        ? `${subject} is a "data:" URL. MCP wants the base64 after its comma alone, with the type in \`mimeType\`.`
        : `${subject} is not base64.`;
    case 'not-a-uri':
      return `${subject} is not a URI, which starts with a scheme and a colon and has no spaces, as in "file:///notes.txt" or "https://example.com".`;
  }
}

const typeArticle = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  null: 'null',
  object: 'an object',
  array: 'an array',
} as const;

/**
 * Where in the returned envelope a problem is, as a message names it: `data` of this "image" content block,
 * `isError` of the returned envelope. Its path holds only names from MCP's schema and indexes.
 */
function placeOf({ path, block }: Pick<EnvelopeProblem, 'path' | 'block'>): string {
  const inBlock = path.length >= 2 && path[0] === 'content' && typeof path[1] === 'number';
  const owner = inBlock
    ? block !== undefined
      ? `this ${quote(block)} content block`
      : 'this content block'
    : 'the returned envelope';
  const rest = inBlock ? path.slice(2) : path;
  if (rest.length === 0) return owner;
  const field = rest.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`));
  return `\`${field.join('')}\` of ${owner}`;
}

type Definitions = typeof definitions;

/** handlers: what a handler module's code does with what its manifest declares, reported in the handler. */
export const handlerRules: RuleArea<Definitions> = {
  rules: definitions,
  findingsIn: 'handlers',
  check(context) {
    const { files, schemaFacts } = context.files();
    const gaps = permissionGapTable(context.model.permissionsValue);
    // Two tools (or a hook and a command) may name one module: each finding in it is said once.
    const said = new Set<string>();
    const reportOnce: typeof context.reportIn = (code, span, data) => {
      const {
        jsonPath: _field,
        tool: _tool,
        filePath: _path,
        handler: _kind,
        schema: _schema,
        ...what
      } = data as Record<string, unknown>;
      const key = `${code}\0${span.file}\0${span.offset}\0${JSON.stringify(what)}`;
      if (said.has(key)) return;
      said.add(key);
      context.reportIn(code, span, data);
    };
    // What one module yields is the same for every entry that names it as the same kind of handler, and what its
    // arguments yield the same for every tool whose schema declares the same ones: each is looked at once, by the
    // first entry (whose tool the finding names), so a bundle that 200 tools name costs what one tool's does.
    const modulesSeen = new Set<string>();
    const argumentsSeen = new Set<string>();
    for (const file of files) {
      if (file.read !== 'handler') continue;
      const { reference, kind, relativePath } = file;
      const moduleKey = `${kind}\0${relativePath}`;
      const firstOfModule = !modulesSeen.has(moduleKey);
      modulesSeen.add(moduleKey);
      const at = (span: Span): FileSpan => ({ file: relativePath, ...span });
      if (firstOfModule) {
        for (const { use, gap } of permissionGaps(gaps, file)) {
          const data: PermissionUse = {
            jsonPath: ['permissions', ...use.gated.permission],
            filePath: reference.filePath,
            member: use.gated.member,
            handler: kind,
          };
          if (gap === 'undeclared')
            reportOnce('handlers.undeclared-permission', at(use.span), { ...data, without: use.gated.without });
          else if (kind !== 'tool')
            reportOnce('handlers.parameter-grants-nothing', at(use.span), { ...data, handler: kind });
        }
      }
      const toolIndex = kind === 'tool' ? reference.toolIndex : undefined;
      // A tool's handler is always read (its arguments, its results); another only where a permission needed it.
      const facts = toolIndex !== undefined ? file.facts() : file.parsed();
      if (facts?.notChecked) {
        const { reason, detail } = facts.notChecked;
        const start = {
          offset: 0,
          length: 0,
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        };
        reportOnce('handlers.not-checked', at(start), {
          jsonPath: reference.jsonPath,
          filePath: reference.filePath,
          reason,
          ...(detail === undefined ? {} : { detail }),
        });
      }
      if (toolIndex === undefined || !facts?.handlerFound) continue;
      const tool = context.model.tools[toolIndex];
      const about: InToolHandler = {
        jsonPath: reference.jsonPath,
        tool: String(tool?.value.id ?? tool?.value.name ?? toolIndex),
      };
      const declared = schemaFacts.get(toolIndex)?.arguments;
      const argumentsKey = declared && `${relativePath}\0${declared.closed}\0${argumentNames(declared).join('\0')}`;
      const schema = tool?.value.schema;
      if (declared && typeof schema === 'string' && !argumentsSeen.has(argumentsKey!)) {
        argumentsSeen.add(argumentsKey!);
        checkArguments(reportOnce, { ...about, schema }, at, facts, declared);
      }
      if (firstOfModule)
        for (const { problem, span } of facts.envelopes)
          reportOnce('handlers.malformed-envelope', at(span), { ...about, problem });
    }
  },
};

/**
 * Each argument the handler reads that its tool's schema does not declare, where the schema says enough to tell: an
 * open schema too, since the model sends what the schema describes.
 */
function checkArguments(
  report: RuleContext<Definitions>['reportIn'],
  about: InToolHandler & { schema: string },
  at: (span: Span) => FileSpan,
  facts: HandlerFacts,
  declared: NonNullable<ToolSchemaFacts['arguments']>,
): void {
  const names = argumentNames(declared);
  for (const { name, span } of facts.argumentUses) {
    if (names.includes(name)) continue;
    const suggestion = closest(name, names);
    report('handlers.unknown-argument', at(span), {
      ...about,
      name,
      declared: names,
      ...(suggestion ? { suggestion } : {}),
      passedToFs: facts.fsPathArguments.includes(name),
    });
  }
}

function argumentNames(declared: NonNullable<ToolSchemaFacts['arguments']>): string[] {
  return declared.properties.map((property) => property.name);
}
