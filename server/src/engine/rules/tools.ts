import { declaresAnnotations, pluginGatingFacts, deriveToolGating } from '../categories/approvalCategory';
import type { Fix, OffsetEdit } from '../fixes/fix';
import { legacyToolShape } from '../fixes/legacyTool';
import { addRequiredField, nodeOf } from '../fixes/shared';
import { formatJson, insertProperty, lineIndentAt, replaceNode } from '../fixes/textEdits';
import { isLegacy } from '../model/manifestModel';
import { keyNode, leafValue, propertyNode, valueNode, type JsonPath } from '../model/nodes';
import type { FileReference } from '../model/references';
import { maxRefChain, type SchemaDraft, type ToolSchemaResult } from '../model/toolSchema';
import { reportDuplicateIds, type DuplicateIdData } from './duplicateIds';
import { closest, didYouMean, field, nameOf, processRuntime, quote, valueWords } from './messages';
import { countWordsFiles, countWordsHandler, plugin, text, countWordsPlugin } from './examples';
import { defineRule, defineRules, type RuleArea, type RuleContext } from './rule';
import { manifestReference, notInTheReference, toolsGuide } from './reference';

/** A tool without annotations: which tool, and what its `annotations` (if any) says. */
interface UndeclaredData {
  /** The tool. */
  jsonPath: JsonPath;
  /** Its id (or legacy name), when it has one. */
  toolName?: string;
  annotations: 'absent' | 'empty' | 'none-named';
  /** When the gate asks, for the category the tool is treated as. */
  asks: string;
}

/** A tool's schema file, at its field. */
interface SchemaFileData {
  jsonPath: JsonPath;
  filePath: string;
}

const annotationChoices: { label: string; annotations: Record<string, boolean> }[] = [
  { label: 'read (readOnlyHint: true)', annotations: { readOnlyHint: true } },
  { label: 'modify (readOnlyHint: false)', annotations: { readOnlyHint: false } },
  { label: 'delete (destructiveHint: true)', annotations: { readOnlyHint: false, destructiveHint: true } },
  { label: 'external (openWorldHint: true)', annotations: { openWorldHint: true } },
];

/** Annotations declared on a tool that has none: one fix per category, the author picks. */
const declareAnnotations: Fix<{ jsonPath: JsonPath }> = ({ jsonPath }, input) => {
  const tool = nodeOf(input, jsonPath);
  if (tool?.type !== 'object') return [];
  // `annotations: {}` declares nothing, like no annotations at all: the fix fills it in place.
  const present = valueNode(tool, 'annotations');
  if (present && !(present.type === 'object' && !present.children?.length)) return [];
  const document = input.analysis.document;
  const declare = (annotations: Record<string, boolean>): OffsetEdit =>
    present
      ? replaceNode(present, formatJson(annotations, document, lineIndentAt(document, present.offset)))
      : insertProperty(document, tool, 'annotations', (indent) => formatJson(annotations, document, indent));
  return annotationChoices.map(({ label, annotations }) => ({
    title: `Declare annotations: ${label}`,
    edits: [declare(annotations)],
    newFiles: [],
  }));
};

/** The four MCP tool annotations, as messages name them. */
const annotationKeys = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];
const annotationNames = '`readOnlyHint`, `destructiveHint`, `idempotentHint` and `openWorldHint`';

/** How a message names a tool without annotations. */
function undeclared({ jsonPath, toolName, annotations }: UndeclaredData): string {
  const theTool = toolName === undefined ? `The tool at ${field(jsonPath)}` : `Tool ${quote(toolName)}`;
  const said =
    annotations === 'absent'
      ? ''
      : annotations === 'empty'
        ? ' (its `annotations` object is empty)'
        : ' (its `annotations` names none of `readOnlyHint`, `destructiveHint`, `idempotentHint` and `openWorldHint`)';
  return `${theTool} declares no annotations${said}`;
}

const definitions = defineRules([
  defineRule({
    code: 'tools.id-dot',
    severity: 'error',
    description: 'A tool id is the MCP tool name and must not contain . (dots are reserved for namespace prefixing).',
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'id yes the MCP tool name. Must not contain . (dots are reserved for namespace prefixing).',
      ),
      toolsGuide('Declaring a tool', 'It can\u2019t contain a dot \u2014 dots are reserved for namespace prefixing.'),
    ],
    shapeMessage: (_finding, name, value) =>
      `${name} ${quote(value)} contains a dot, which a tool id must not. Dots are reserved for namespace prefixes: use an underscore or a hyphen.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": «"words.count"», "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                  "annotations": { "readOnlyHint": true } }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: countWordsPlugin({ permissions: null }),
        },
      ],
    },
  }),
  defineRule({
    code: 'tools.id-empty',
    severity: 'error',
    description: 'A tool id is the MCP tool name the agent calls the tool by.',
    decision:
      'An error: the reference requires an id and makes it the MCP tool name, and an empty one names no tool an agent could call. Rename refuses an empty id for the same reason.',
    quotes: [
      manifestReference('tools[] \u2014 MCP tools the agent can call', 'id yes the MCP tool name.'),
      toolsGuide('Declaring a tool', 'id is the MCP tool name the model calls by.'),
    ],
    shapeMessage: (_finding, name) =>
      `${name} is empty. The id is the MCP tool name the agent calls the tool by: write one.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": «""», "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                  "annotations": { "readOnlyHint": true } }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: countWordsPlugin({ permissions: null }),
        },
      ],
    },
  }),
  defineRule({
    code: 'tools.legacy-shape',
    // Refused by the loader: shown struck through.
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'Legacy manifests that use name are rejected with a message asking for id.',
      ),
      toolsGuide(
        'Legacy shape',
        'Older manifests declared a tool with name and inline parameters instead of id and schema. That shape is refused at load time with a message asking for the current fields',
      ),
    ],
    tags: ['deprecated'],
    severity: 'error',
    description:
      'Legacy manifests that declare a tool with name and inline parameters are rejected with a message asking for id and a schema file.',
    message: ({ jsonPath }: { jsonPath: JsonPath; toolIndex: number }) =>
      `${field(jsonPath)} uses the legacy tool shape, with \`name\` and \`parameters\`, which Filer refuses at load time. ` +
      'Declare `id` instead of `name`, and move the inline `parameters` into a JSON-Schema file named by `schema`.',
    fix: legacyToolShape,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { «"name"»: "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "parameters": {
                    "type": "object",
                    "properties": { "path": { "type": "string", "format": "file-path" } }
                  },
                  "handler": "./tools/count-words.js", "annotations": { "readOnlyHint": true } }
              ]
            },
            "permissions": { "fs": { "read": { "parameter": true } } }`),
          files: { 'tools/count-words.js': countWordsHandler },
          fixed: {
            title:
              'Use the current tool shape: rename "name" to "id" and move its parameters to ./tools/count_words.schema.json',
            manifest: plugin(`
              "contributes": {
                "tools": [
                  { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                    "schema": "./tools/count_words.schema.json",
                    "handler": "./tools/count-words.js", "annotations": { "readOnlyHint": true } }
                ]
              },
              "permissions": { "fs": { "read": { "parameter": true } } }`),
            newFiles: {
              'tools/count_words.schema.json': text(`
                {
                  "type": "object",
                  "properties": { "path": { "type": "string", "format": "file-path" } }
                }`),
            },
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
    code: 'tools.handler-required',
    severity: 'error',
    description: 'handler (the path to the handler module) is required for runtime: "node".',
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'handler node only path to the handler module, relative to the plugin root; must not contain ... Required for runtime: "node", forbidden for "process".',
      ),
    ],
    message: ({ jsonPath }: { jsonPath: JsonPath; missingField: 'handler' }) =>
      `${field(jsonPath)} has no \`handler\`, which the "node" runtime requires. Write the path to the handler module, relative to the plugin root.`,
    fix: addRequiredField,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { «"id"»: "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "annotations": { "readOnlyHint": true } }
              ]
            }`),
          fixed: {
            title: 'Add missing "handler"',
            manifest: plugin(`
              "contributes": {
                "tools": [
                  { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                    "schema": "./tools/count-words.schema.json", "annotations": { "readOnlyHint": true },
                    "handler": "./tools/count_words.js" }
                ]
              }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count",
            "contributes": {
              "tools": [
                { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "annotations": { "readOnlyHint": true } }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'tools.annotations',
    severity: 'error',
    description:
      'annotations: { readOnlyHint?, destructiveHint?, idempotentHint?, openWorldHint? }, booleans only; any other key is rejected.',
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'MCP tool annotations \u2014 { readOnlyHint?, destructiveHint?, idempotentHint?, openWorldHint? }, booleans only, the same names and meaning as the MCP specification; any other key is rejected.',
      ),
    ],
    shapeMessage: (finding, name, value) => {
      if (finding.keyword === 'additionalProperties') {
        const key = String(finding.params.additionalProperty);
        return (
          `${name} has ${nameOf(key)}, which is not an MCP tool annotation. Filer rejects any key but ${annotationNames}.` +
          didYouMean(closest(key, annotationKeys), nameOf)
        );
      }
      return finding.keyword === 'type' && finding.jsonPath[finding.jsonPath.length - 1] === 'annotations'
        ? `${name} must be an object. Its keys may be ${annotationNames}, each true or false.`
        : `${name} must be true or false, not ${valueWords(value)}. MCP tool annotations are true or false only.`;
    },
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                  "annotations": { «"readOnly"»: true } }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                  "annotations": { "readOnlyHint": true, "idempotentHint": true } }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'tools.timeout',
    severity: 'warning',
    description: 'timeout is a duration, e.g. "30s".',
    decision:
      'A warning unless it is a whole number followed by ms, s, m or h ("500ms", "30s", "2m", "1h"); a number without a unit is that warning too.',
    quotes: [
      manifestReference('tools[] \u2014 MCP tools the agent can call', 'timeout no e.g. "30s".'),
      toolsGuide('Declaring a tool', 'timeout bounds how long a call may run.'),
    ],
    shapeMessage: (_finding, name, value) => notADuration(name, value),
    message: ({ jsonPath, value }: { jsonPath: JsonPath; value: string }) => notADuration(field(jsonPath), value),
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                  "annotations": { "readOnlyHint": true }, "timeout": «"30 seconds"» }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                  "annotations": { "readOnlyHint": true }, "timeout": "30s" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'tools.duplicate-id',
    severity: 'warning',
    description:
      'One name, one tool: a later tool whose name is already taken is skipped with a warning that names its source.',
    decision:
      'A warning on every tool after the first, as the app gives one: the manifest loads, and the agent loop skips the later tool.',
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'a later tool whose name is already taken is skipped with a warning that names its source',
      ),
      toolsGuide(
        'One name, one tool',
        'a plugin tool whose id is already taken is skipped, with a warning that names the plugin it came from.',
      ),
    ],
    message: ({ id, firstPlace }: DuplicateIdData) =>
      `Tool id ${quote(id)} is already used by \`${firstPlace}\`. One name is one tool, so Filer skips the later tool with a warning: give it an id of its own.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                  "annotations": { "readOnlyHint": true } },
                { "id": «"count_words"», "title": "Count lines", "description": "Counts the lines in a text file.",
                  "schema": "./tools/count-lines.schema.json", "handler": "./tools/count-lines.js",
                  "annotations": { "readOnlyHint": true } }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                  "annotations": { "readOnlyHint": true } },
                { "id": "count_lines", "title": "Count lines", "description": "Counts the lines in a text file.",
                  "schema": "./tools/count-lines.schema.json", "handler": "./tools/count-lines.js",
                  "annotations": { "readOnlyHint": true } }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'tools.undeclared-annotations',
    severity: 'warning',
    description:
      'A tool that declares no annotations, in a plugin that declares permissions.fetch or runs as runtime: "process", is treated as openWorldHint: true, and the loader logs a warning naming it.',
    decision:
      'The safer reading, wherever the reference can be read two ways: the one under which the author is warned of the stricter gate. So annotations: {} declares no annotations (nor does an object with none of the four names): such a tool is treated by its plugin\u2019s permissions, here and in the hover and the preview.',
    quotes: [
      manifestReference(
        'Trust and allow-lists',
        'a plugin that declares permissions.fetch, or runs as runtime: "process" (an unsandboxed native process), has its undeclared tools treated as openWorldHint: true, and the plugin loader logs a warning naming each such tool',
      ),
      manifestReference(
        'Trust and allow-lists',
        'Declare annotations on every tool so a read-only tool of a networked plugin does not ask.',
      ),
    ],
    message: (data: UndeclaredData & { because: ('permissions.fetch' | 'runtime: "process"')[] }) =>
      `${undeclared(data)}. As the plugin ${data.because.map((source) => (source === 'permissions.fetch' ? 'declares `permissions.fetch`' : `runs under the ${processRuntime}`)).join(' and ')}, ` +
      `Filer treats it as external (\`openWorldHint\` true), which ${data.asks}. Declare annotations so that a read-only tool does not ask.`,
    fix: declareAnnotations,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": «"define_word"», "title": "Define a word", "description": "Looks a word up online.",
                  "schema": "./tools/define-word.schema.json", "handler": "./tools/define-word.js" }
              ]
            },
            "permissions": { "fetch": { "static": ["api.dictionaryapi.dev"] } }`),
          fixed: {
            title: 'Declare annotations: external (openWorldHint: true)',
            manifest: plugin(`
              "contributes": {
                "tools": [
                  { "id": "define_word", "title": "Define a word", "description": "Looks a word up online.",
                    "schema": "./tools/define-word.schema.json", "handler": "./tools/define-word.js",
                    "annotations": {
                      "openWorldHint": true
                    } }
                ]
              },
              "permissions": { "fetch": { "static": ["api.dictionaryapi.dev"] } }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "define_word", "title": "Define a word", "description": "Looks a word up online.",
                  "schema": "./tools/define-word.schema.json", "handler": "./tools/define-word.js",
                  "annotations": { "readOnlyHint": true, "openWorldHint": true } }
              ]
            },
            "permissions": { "fetch": { "static": ["api.dictionaryapi.dev"] } }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'tools.undeclared-annotations-write',
    severity: 'hint',
    description:
      'A tool that declares no annotations, in a plugin that declares permissions.fs.write, is treated as readOnlyHint: false (modify).',
    decision:
      "A hint, not a warning: the loader does not log this case, but the tool then asks depending on the folder's trust level.",
    quotes: [
      manifestReference(
        'Trust and allow-lists',
        'a plugin that declares permissions.fs.write has them treated as readOnlyHint: false.',
      ),
    ],
    message: (data: UndeclaredData) =>
      `${undeclared(data)}. As the plugin declares \`permissions.fs.write\`, Filer treats it as modify (\`readOnlyHint\` false), which ${data.asks}. ` +
      'Declare annotations so that a read-only tool does not ask.',
    fix: declareAnnotations,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": «"save_count"», "title": "Save the count", "description": "Writes the count beside the file.",
                  "schema": "./tools/save-count.schema.json", "handler": "./tools/save-count.js" }
              ]
            },
            "permissions": { "fs": { "write": { "parameter": true } } }`),
          fixed: {
            title: 'Declare annotations: read (readOnlyHint: true)',
            manifest: plugin(`
              "contributes": {
                "tools": [
                  { "id": "save_count", "title": "Save the count", "description": "Writes the count beside the file.",
                    "schema": "./tools/save-count.schema.json", "handler": "./tools/save-count.js",
                    "annotations": {
                      "readOnlyHint": true
                    } }
                ]
              },
              "permissions": { "fs": { "write": { "parameter": true } } }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "save_count", "title": "Save the count", "description": "Writes the count beside the file.",
                  "schema": "./tools/save-count.schema.json", "handler": "./tools/save-count.js",
                  "annotations": { "readOnlyHint": false } }
              ]
            },
            "permissions": { "fs": { "write": { "parameter": true } } }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'tools.schema-not-json',
    severity: 'error',
    description: 'A tool\u2019s schema file must parse as JSON.',
    decision:
      'An error, as a rule of the tools table ("path to a JSON-Schema file"), though the reference does not say the loader parses it: the tool\u2019s arguments then have no schema.',
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'schema yes path to a JSON-Schema file for the tool\u2019s arguments',
      ),
    ],
    message: ({ jsonPath, filePath, reason }: SchemaFileData & { reason: string }) =>
      `${field(jsonPath)} ${quote(filePath)} is not JSON (${reason}).`,
    examples: {
      incorrect: [
        {
          manifest: countWordsPlugin({ marked: 'schema' }),
          files: {
            ...countWordsFiles,
            'tools/count-words.schema.json': text(`
              {
                "type": "object",
                "properties": { "path": { "type": "string", "format": "file-path" }, }
              }`),
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
    code: 'tools.schema-invalid',
    severity: 'error',
    description: 'A tool\u2019s schema file must be a JSON Schema.',
    decision:
      'An error, like tools.schema-not-json. The reference says only "a JSON-Schema file": checked against the meta-schema of the draft its $schema declares (draft-04, -06, -07, 2019-09, 2020-12), draft-07 when it declares none; a $ref to another file or a URL is never followed.',
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'schema yes path to a JSON-Schema file for the tool\u2019s arguments',
      ),
    ],
    message: ({ jsonPath, filePath, draft, reason }: SchemaFileData & { draft: SchemaDraft; reason: string }) =>
      `${field(jsonPath)} ${quote(filePath)} is not a valid JSON Schema (${draft}): ${reason}.`,
    examples: {
      incorrect: [
        {
          manifest: countWordsPlugin({ marked: 'schema' }),
          files: {
            ...countWordsFiles,
            'tools/count-words.schema.json': text(`
              {
                "type": "object",
                "properties": { "path": { "type": "string", "format": "file-path" } },
                "required": "path"
              }`),
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
    code: 'tools.schema-unknown-draft',
    severity: 'warning',
    description:
      'A tool\u2019s schema file declares a $schema that is none of the JSON Schema drafts draft-04, -06, -07, 2019-09 and 2020-12.',
    decision:
      'A warning, not an error: the reference does not name a draft. The schema is checked as draft-07, and the message says so.',
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'schema yes path to a JSON-Schema file for the tool\u2019s arguments',
      ),
    ],
    message: ({ jsonPath, filePath, declared, draft }: SchemaFileData & { declared: string; draft: SchemaDraft }) =>
      `${field(jsonPath)} ${quote(filePath)} declares a draft the checks do not know, ${quote(declared)}. It is checked as ${draft}.`,
    examples: {
      incorrect: [
        {
          manifest: countWordsPlugin({ marked: 'schema' }),
          files: {
            ...countWordsFiles,
            'tools/count-words.schema.json': text(`
              {
                "$schema": "http://json-schema.org/draft-03/schema#",
                "type": "object",
                "properties": { "path": { "type": "string", "format": "file-path" } }
              }`),
          },
        },
      ],
      correct: [
        {
          manifest: countWordsPlugin(),
          files: {
            ...countWordsFiles,
            'tools/count-words.schema.json': text(`
              {
                "$schema": "http://json-schema.org/draft-07/schema#",
                "type": "object",
                "properties": { "path": { "type": "string", "format": "file-path" } }
              }`),
          },
        },
      ],
    },
  }),
  defineRule({
    code: 'tools.path-without-format',
    severity: 'hint',
    description:
      'A path passed under a schema property without "format": "file-path" (or "directory-path") gets no grant, so only a static rule could admit it.',
    decision:
      'A hint on properties named path, file, filePath, dir, folder, …Path, …File, …Dir of string type. Local $refs ("#/$defs/filePath", "#/definitions/…", "#anchor") are followed, with a cycle guard; a $ref to another file or a URL never is, so the format behind it is not seen.',
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'a path passed under a property without that format gets no grant, so only a static rule could admit it.',
      ),
    ],
    message: ({ filePath, property }: SchemaFileData & { property: string }) =>
      `Property ${nameOf(property)} of ${quote(filePath)} looks like a path but has no \`format\` "file-path" or "directory-path". ` +
      'A path passed there is granted no access, so only a static pattern could admit it.',
    examples: {
      incorrect: [
        {
          manifest: countWordsPlugin({
            marked: 'schema',
            permissions: `{ "fs": { "read": { "static": ["\${dataDir}/texts/**"] } } }`,
          }),
          files: {
            ...countWordsFiles,
            'tools/count-words.schema.json': text(`
              {
                "type": "object",
                "properties": { "path": { "type": "string" } },
                "required": ["path"]
              }`),
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
    code: 'tools.schema-ref-chain',
    severity: 'warning',
    description: 'A $ref chain in a tool\u2019s schema file that the path-format checks do not follow to its end.',
    decision: `The reference sets no limit. A chain of local $refs is followed ${maxRefChain} links at most (real schemas have one or two), so that a schema of thousands of links cannot stall or overflow the checks; past that, a "format" or a path-like property behind it is not seen, and this warning says so.`,
    quotes: notInTheReference,
    message: ({ filePath, property, limit }: SchemaFileData & { property: string; limit: number }) =>
      `${property === '' ? 'The root' : `Property ${nameOf(property)}`} of ${quote(filePath)} is a chain of more than ${limit} \`$ref\` links. ` +
      'The checks follow it no further, so a `format` "file-path" behind it is not seen.',
    examples: {
      incorrect: [
        {
          manifest: countWordsPlugin({ marked: 'schema', permissions: null }),
          files: refChainFiles(maxRefChain + 2),
        },
      ],
      correct: [
        {
          manifest: countWordsPlugin({ permissions: null }),
          files: refChainFiles(2),
        },
      ],
    },
  }),
]);

/** A word-count plugin's files, the schema's `text` property behind a chain of `links` local $refs. */
function refChainFiles(links: number): Record<string, string> {
  const definitions: Record<string, unknown> = {};
  for (let i = 0; i < links; i++)
    definitions[`link${i}`] = i + 1 < links ? { $ref: `#/definitions/link${i + 1}` } : { type: 'string' };
  const schema = {
    type: 'object',
    definitions,
    properties: { text: { $ref: '#/definitions/link0' } },
    required: ['text'],
  };
  return {
    'tools/count-words.schema.json': `${JSON.stringify(schema, null, 2)}\n`,
    'tools/count-words.js': 'module.exports = async ({ text }) => String(text.split(/\\s+/).filter(Boolean).length);\n',
  };
}

/** contributes.tools[]: MCP tools the agent can call. */
export const toolRules: RuleArea<typeof definitions> = {
  rules: definitions,
  explainsShapeFinding(finding, model) {
    // A legacy tool is reported once, as legacy, not as a missing id and schema plus two unknown keys.
    if (finding.jsonPath.length !== 3 || finding.jsonPath[1] !== 'tools' || finding.jsonPath[0] !== 'contributes')
      return false;
    const tool = model.tools[finding.jsonPath[2] as number];
    if (!tool || !isLegacy(tool.value)) return false;
    if (finding.keyword === 'required') return ['id', 'schema'].includes(String(finding.params.missingProperty));
    if (finding.keyword === 'additionalProperties')
      return ['name', 'parameters'].includes(String(finding.params.additionalProperty));
    return false;
  },
  check(context) {
    const { model, report } = context;
    const plugin = pluginGatingFacts(model);
    reportDuplicateIds(context, model.tools, 'tools.duplicate-id');
    model.tools.forEach((tool, index) => {
      if (tool.node.type !== 'object') return;
      if (isLegacy(tool.value)) {
        const at = keyNode(tool.node, 'name') ?? keyNode(tool.node, 'parameters')!;
        report('tools.legacy-shape', at, { jsonPath: tool.jsonPath, toolIndex: index });
      }
      if (!model.isProcess && !propertyNode(tool.node, 'handler')) {
        const at = keyNode(tool.node, 'id') ?? keyNode(tool.node, 'name') ?? { offset: tool.node.offset, length: 1 };
        report('tools.handler-required', at, { jsonPath: tool.jsonPath, missingField: 'handler' });
      }
      const timeout = leafValue(tool.node, 'timeout');
      if (typeof timeout === 'string' && !/^\d+(ms|s|m|h)$/.test(timeout)) {
        report('tools.timeout', valueNode(tool.node, 'timeout')!, {
          jsonPath: [...tool.jsonPath, 'timeout'],
          value: timeout,
        });
      }
      if (!declaresAnnotations(tool.value.annotations)) {
        const gating = deriveToolGating(undefined, plugin);
        const at = () =>
          valueNode(tool.node, 'id') ?? valueNode(tool.node, 'name') ?? { offset: tool.node.offset, length: 1 };
        const name = tool.id ?? (typeof tool.value.name === 'string' ? tool.value.name : undefined);
        const data: UndeclaredData = {
          jsonPath: tool.jsonPath,
          ...(name === undefined ? {} : { toolName: name }),
          annotations: annotationsSaid(tool.value.annotations),
          asks: gating.asks,
        };
        if (gating.category === 'external') {
          const because = gating.reasons
            .filter((r) => r.category === 'external')
            .map(
              (r) =>
                (r.source === 'permissions.fetch' ? 'permissions.fetch' : 'runtime: "process"') as
                  'permissions.fetch' | 'runtime: "process"',
            );
          report('tools.undeclared-annotations', at(), { ...data, because });
        } else if (gating.category === 'modify') {
          report('tools.undeclared-annotations-write', at(), data);
        }
      }
    });
    for (const file of context.files().files)
      if (file.read === 'schema') checkSchema(context, file.reference, file.analysis);
  },
};

/** A tool's schema file, read: JSON, a JSON Schema of a known draft, its path-like properties formatted. */
function checkSchema(
  { report }: RuleContext<typeof definitions>,
  reference: FileReference,
  analysis: ToolSchemaResult,
): void {
  const file: SchemaFileData = { jsonPath: reference.jsonPath, filePath: reference.filePath };
  if (analysis.kind === 'not-json') {
    report('tools.schema-not-json', reference.node, { ...file, reason: analysis.reason });
    return;
  }
  if (analysis.unknownDraft !== undefined)
    report('tools.schema-unknown-draft', reference.node, {
      ...file,
      declared: analysis.unknownDraft,
      draft: analysis.draft,
    });
  if (analysis.kind === 'invalid') {
    report('tools.schema-invalid', reference.node, { ...file, draft: analysis.draft, reason: analysis.reason });
    return;
  }
  if (analysis.cutRefChain) report('tools.schema-ref-chain', reference.node, { ...file, ...analysis.cutRefChain });
  for (const property of analysis.facts.unformattedPathLikeProperties)
    report('tools.path-without-format', reference.node, { ...file, property });
}

/** What an `annotations` value that declares nothing is: none, an empty object, or one without the four names. */
function annotationsSaid(annotations: unknown): UndeclaredData['annotations'] {
  if (annotations === undefined) return 'absent';
  const empty = annotations !== null && typeof annotations === 'object' && Object.keys(annotations).length === 0;
  return empty ? 'empty' : 'none-named';
}

function notADuration(name: string, value: unknown): string {
  return `${name} ${quote(value)} is not a duration like "30s". Write a whole number followed by ms, s, m or h, as in "500ms" or "2m".`;
}
