import { promptKindOnlyKeys, toolKindOnlyKeys } from '../model/keysThatApply';
import { isLegacy, type ActionEntry, type ToolEntry } from '../model/manifestModel';
import type { ToolSchemaFacts } from '../model/toolSchema';
import { arrayItems, keyNode, leafValue, propertyNode, valueNode, type JsonPath } from '../model/nodes';
import type { JsonNode } from '../parse/jsonNode';
import { reportDuplicateIds, type DuplicateIdData } from './duplicateIds';
import {
  closest,
  didYouMean,
  enumMessage,
  field,
  kebabCaseWords,
  listOf,
  quote,
  suggester,
  valueWords,
  toKebabCase,
  type Suggester,
} from './messages';
import { scopeValues } from '../shape/schema';
import { addRequiredField, kebabCaseValue, removeField, replaceWithSuggestion } from '../fixes/shared';
import { countWordsFiles, plugin, text } from './examples';
import { defineRule, defineRules, type ReportableCode, type RuleArea, type RuleContext } from './rule';
import { manifestReference, notInTheReference } from './reference';

interface At {
  jsonPath: JsonPath;
}

/** An id that names nothing, and the closest one that would. */
interface Suggesting extends At {
  suggestion?: string;
}

const ignoredMessage = ({ jsonPath }: At) =>
  `${field(jsonPath)} is read only in an action of kind "tool", and this one is of kind "prompt", so Filer ignores it.`;

/** What `generate.actionId` must name, in words. */
const anotherToolAction = 'another action of this manifest, of kind "tool"';

const definitions = defineRules([
  defineRule({
    code: 'actions.id',
    severity: 'error',
    description: 'An action id is kebab-case.',
    quotes: [manifestReference('actions[] \u2014 right-click AI actions', 'id yes kebab-case.')],
    shapeMessage: (_finding, name, value) => {
      const kebab = typeof value === 'string' ? toKebabCase(value) : '';
      return `${name} ${quote(value)} is not ${kebabCaseWords}.${didYouMean(kebab || undefined, quote)}`;
    },
    fix: kebabCaseValue,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": «"Summarize_File"», "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md" }
              ]
            }`),
          fixed: {
            title: 'Change to "summarize-file" (kebab-case)',
            manifest: plugin(`
              "contributes": {
                "actions": [
                  { "id": "summarize-file", "title": "Summarize", "description": "Summarizes the selected file.",
                    "scope": "single-file", "prompt": "./prompts/summarize.md" }
                ]
              }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize-file", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.scope',
    severity: 'error',
    description: 'scope: "single-file", "multi-file", "folder", or an array of those.',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'scope yes "single-file", "multi-file", "folder", or an array of those.',
      ),
    ],
    shapeMessage: (finding, name, value) =>
      (typeof finding.jsonPath[finding.jsonPath.length - 1] === 'number'
        ? `${name} must be "single-file", "multi-file" or "folder", not ${valueWords(value)}.`
        : `${name} must be "single-file", "multi-file", "folder" or an array of those, not ${valueWords(value)}.`) +
      (typeof value === 'string' ? didYouMean(closest(value, scopeValues), quote) : ''),
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": «"file"», "prompt": "./prompts/summarize.md" }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.scope-empty',
    severity: 'warning',
    description:
      'scope: "single-file", "multi-file", "folder", or an array of those; an empty array names no selection to offer the action for.',
    decision:
      'A warning, not an error: the reference does not refuse an empty array. Not for a hidden action, which stays out of the context menu anyway.',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'scope yes "single-file", "multi-file", "folder", or an array of those.',
      ),
    ],
    message: ({ jsonPath }: At) =>
      `${field(jsonPath)} is an empty list, so Filer offers the action for no selection. Name "single-file", "multi-file" or "folder" in it.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected files.",
                  "scope": «[]», "prompt": "./prompts/summarize.md" }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected files.",
                  "scope": ["single-file", "multi-file"], "prompt": "./prompts/summarize.md" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.kind',
    severity: 'error',
    description:
      'kind: "prompt" (default) renders prompt and opens an agent turn in chat; "tool" invokes toolId directly.',
    decision:
      'The approval gate "gates the agent\u2019s calls only", and a kind: "tool" action invokes its tool directly, with no agent turn: so the preview and `filer-manifest menu` say that choosing it runs the tool without asking, and give the tool\u2019s category as what the agent\u2019s calls of it get. A tool offered in the menu through its fileExtensions is taken the same way.',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'kind no "prompt" (default): renders prompt and opens an agent turn in chat. "tool": invokes toolId directly \u2014 no agent turn, no model.',
      ),
    ],
    shapeMessage: enumMessage(
      '"prompt" or "tool"',
      ['prompt', 'tool'],
      '"prompt", the default, renders the prompt and opens an agent turn in chat, and "tool" invokes the tool of `toolId` directly, with no agent turn and no model.',
    ),
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "kind": «"agent"», "prompt": "./prompts/summarize.md" }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "kind": "prompt", "prompt": "./prompts/summarize.md" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.tool-scope',
    severity: 'error',
    description:
      'toolScope: "none" (no tools this turn) or "read-only" (only tools that read the folder and its knowledge).',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'toolScope no, prompt kind only "none" (no tools this turn) or "read-only" (only tools that read the folder and its knowledge \u2014 nothing that writes, runs a command, reaches the network, or belongs to a plugin).',
      ),
    ],
    shapeMessage: enumMessage(
      '"none" or "read-only"',
      ['none', 'read-only'],
      'With "none" the turn has no tools, and with "read-only" only the tools that read the folder and its knowledge.',
    ),
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md", "toolScope": «"readonly"» }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md", "toolScope": "read-only" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.multi-file-mode',
    severity: 'error',
    description:
      'multiFileMode: "independent" (default, one tool call per selected file) or "batch" (exactly one call with every selected path).',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'multiFileMode no, tool kind "independent" (default): one tool call per selected file. "batch": exactly one call with every selected path under the tool schema\u2019s array-of-paths property',
      ),
    ],
    shapeMessage: enumMessage(
      '"independent" or "batch"',
      ['independent', 'batch'],
      '"independent", the default, makes one tool call per selected file, and "batch" exactly one call with every selected path.',
    ),
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
              "actions": [
                { "id": "count-words", "title": "Count words", "description": "Counts the words of each file.",
                  "scope": "multi-file", "kind": "tool", "toolId": "count_words", "multiFileMode": «"parallel"» }
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
                  "annotations": { "readOnlyHint": true } }
              ],
              "actions": [
                { "id": "count-words", "title": "Count words", "description": "Counts the words of each file.",
                  "scope": "multi-file", "kind": "tool", "toolId": "count_words", "multiFileMode": "independent" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.param-type',
    severity: 'error',
    description: 'A params[] entry has type "select", "text" or "per-file-text".',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'params[] no dialog inputs: { id, label, type: "select" | "text" | "per-file-text", options?, placeholder?, default?, required? }.',
      ),
    ],
    shapeMessage: enumMessage('"select", "text" or "per-file-text"', ['select', 'text', 'per-file-text']),
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md",
                  "params": [
                    { "id": "tone", "label": "Tone", "type": «"dropdown"», "options": ["formal", "casual"] }
                  ] }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md",
                  "params": [
                    { "id": "tone", "label": "Tone", "type": "select", "options": ["formal", "casual"] }
                  ] }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.prompt-required',
    severity: 'error',
    description: 'prompt (the path to the prompt template) is required for kind: "prompt".',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'prompt prompt kind path to the prompt template, relative to the plugin root',
      ),
    ],
    message: ({ jsonPath }: At & { missingField: 'prompt' }) =>
      `${field(jsonPath)} is of kind "prompt" but has no \`prompt\`. Write the path to the prompt template, relative to the plugin root.`,
    fix: addRequiredField,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { «"id"»: "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file" }
              ]
            }`),
          fixed: {
            title: 'Add missing "prompt"',
            manifest: plugin(`
              "contributes": {
                "actions": [
                  { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                    "scope": "single-file",
                    "prompt": "./prompts/summarize.md" }
                ]
              }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.prompt-forbidden',
    severity: 'error',
    description: 'prompt is forbidden for kind: "tool".',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'prompt prompt kind path to the prompt template, relative to the plugin root; must not contain ... Forbidden for kind: "tool".',
      ),
    ],
    message: ({ jsonPath }: At) =>
      `${field(jsonPath)} is forbidden in an action of kind "tool". Such an action invokes the tool of its \`toolId\` directly, with no agent turn and no prompt.`,
    fix: removeField,
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
              "actions": [
                { "id": "count-words", "title": "Count words", "description": "Counts the words of the file.",
                  "scope": "single-file", "kind": "tool", "toolId": "count_words", «"prompt"»: "./prompts/count.md" }
              ]
            }`),
          fixed: {
            title: 'Remove "prompt"',
            manifest: plugin(`
              "contributes": {
                "tools": [
                  { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                    "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                    "annotations": { "readOnlyHint": true } }
                ],
                "actions": [
                  { "id": "count-words", "title": "Count words", "description": "Counts the words of the file.",
                    "scope": "single-file", "kind": "tool", "toolId": "count_words" }
                ]
              }`),
          },
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
              "actions": [
                { "id": "count-words", "title": "Count words", "description": "Counts the words of the file.",
                  "scope": "single-file", "kind": "tool", "toolId": "count_words" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.tool-id-required',
    severity: 'error',
    description: 'toolId is required for kind: "tool".',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'toolId tool kind must match a contributes.tools[].id in the same manifest.',
      ),
    ],
    message: ({ jsonPath }: At & { missingField: 'toolId' }) =>
      `${field(jsonPath)} is of kind "tool" but has no \`toolId\`. Write the id of a tool in \`contributes.tools\` of this manifest.`,
    fix: addRequiredField,
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
              "actions": [
                { "id": "count-words", "title": "Count words", "description": "Counts the words of the file.",
                  "scope": "single-file", «"kind"»: "tool" }
              ]
            }`),
          fixed: {
            title: 'Add missing "toolId"',
            manifest: plugin(`
              "contributes": {
                "tools": [
                  { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                    "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                    "annotations": { "readOnlyHint": true } }
                ],
                "actions": [
                  { "id": "count-words", "title": "Count words", "description": "Counts the words of the file.",
                    "scope": "single-file", "kind": "tool",
                    "toolId": "count_words" }
                ]
              }`),
          },
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
              "actions": [
                { "id": "count-words", "title": "Count words", "description": "Counts the words of the file.",
                  "scope": "single-file", "kind": "tool", "toolId": "count_words" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.tool-id-unknown',
    severity: 'error',
    description: 'toolId must match a contributes.tools[].id in the same manifest.',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'toolId tool kind must match a contributes.tools[].id in the same manifest.',
      ),
    ],
    message: ({ jsonPath, toolId, suggestion }: Suggesting & { toolId: string }) =>
      `${field(jsonPath)} ${quote(toolId)} is not the id of a tool in this manifest.${didYouMean(suggestion, quote)}`,
    fix: replaceWithSuggestion,
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
              "actions": [
                { "id": "count-words", "title": "Count words", "description": "Counts the words of the file.",
                  "scope": "single-file", "kind": "tool", "toolId": «"count-words"» }
              ]
            }`),
          fixed: {
            title: 'Change to "count_words"',
            manifest: plugin(`
              "contributes": {
                "tools": [
                  { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                    "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                    "annotations": { "readOnlyHint": true } }
                ],
                "actions": [
                  { "id": "count-words", "title": "Count words", "description": "Counts the words of the file.",
                    "scope": "single-file", "kind": "tool", "toolId": "count_words" }
                ]
              }`),
          },
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
              "actions": [
                { "id": "count-words", "title": "Count words", "description": "Counts the words of the file.",
                  "scope": "single-file", "kind": "tool", "toolId": "count_words" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.tool-id-ignored',
    severity: 'warning',
    description: 'toolId is read for kind: "tool" only.',
    decision: 'A warning: the reference does not forbid toolId on a prompt action, but the app ignores it there.',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'toolId tool kind must match a contributes.tools[].id in the same manifest.',
      ),
    ],
    message: ignoredMessage,
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
              "actions": [
                { "id": "count-words", "title": "Count words", "description": "Counts the words of the file.",
                  "scope": "single-file", «"toolId"»: "count_words", "prompt": "./prompts/count.md" }
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
                  "annotations": { "readOnlyHint": true } }
              ],
              "actions": [
                { "id": "count-words", "title": "Count words", "description": "Counts the words of the file.",
                  "scope": "single-file", "kind": "tool", "toolId": "count_words" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.tool-scope-forbidden',
    severity: 'error',
    description: 'toolScope is forbidden for kind: "tool" (it runs no agent turn).',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'Forbidden for kind: "tool" (it runs no agent turn).',
      ),
    ],
    message: ({ jsonPath }: At) =>
      `${field(jsonPath)} is forbidden in an action of kind "tool", which runs no agent turn to give tools to.`,
    fix: removeField,
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
              "actions": [
                { "id": "count-words", "title": "Count words", "description": "Counts the words of the file.",
                  "scope": "single-file", "kind": "tool", "toolId": "count_words", «"toolScope"»: "none" }
              ]
            }`),
          fixed: {
            title: 'Remove "toolScope"',
            manifest: plugin(`
              "contributes": {
                "tools": [
                  { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                    "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                    "annotations": { "readOnlyHint": true } }
                ],
                "actions": [
                  { "id": "count-words", "title": "Count words", "description": "Counts the words of the file.",
                    "scope": "single-file", "kind": "tool", "toolId": "count_words" }
                ]
              }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md", "toolScope": "none" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.multi-file-mode-ignored',
    severity: 'warning',
    description: 'multiFileMode is read for kind: "tool" only.',
    decision:
      'A warning: the reference marks it "tool kind" without forbidding it elsewhere; a prompt action ignores it.',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'multiFileMode no, tool kind "independent" (default): one tool call per selected file.',
      ),
    ],
    message: ignoredMessage,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the files together.",
                  "scope": "multi-file", "prompt": "./prompts/summarize.md", «"multiFileMode"»: "batch" }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the files together.",
                  "scope": "multi-file", "prompt": "./prompts/summarize.md" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.duplicate-id',
    severity: 'warning',
    description: 'Two actions of the manifest share an id.',
    decision:
      'A warning, not an error: the reference states no rule against it, but generate.actionId names an action by its id alone, and the reference does not say which of the two the app would keep.',
    quotes: notInTheReference,
    message: ({ id, firstPlace }: DuplicateIdData) =>
      `Action id ${quote(id)} is already used by \`${firstPlace}\`. Which of the two Filer keeps is not documented: give each its own id.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md" },
                { "id": «"summarize"», "title": "Summarize all", "description": "Summarizes every file.",
                  "scope": "folder", "prompt": "./prompts/summarize-folder.md" }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md" },
                { "id": "summarize-folder", "title": "Summarize all", "description": "Summarizes every file.",
                  "scope": "folder", "prompt": "./prompts/summarize-folder.md" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.duplicate-param-id',
    severity: 'warning',
    description: 'Two params of one action share an id.',
    decision:
      'A warning, not an error: the reference states no rule against it, but generate.populateParamId and forwardParamIds name params by id, so an id should name one param.',
    quotes: notInTheReference,
    message: ({ jsonPath, id }: At & { id: string }) =>
      `Param id ${quote(id)} is used twice in ${field(jsonPath.slice(0, -2))}. A \`generate\` button names params by id alone.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md",
                  "params": [
                    { "id": "length", "label": "Length", "type": "select", "options": ["short", "long"] },
                    { "id": «"length"», "label": "Words at most", "type": "text" }
                  ] }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md",
                  "params": [
                    { "id": "length", "label": "Length", "type": "select", "options": ["short", "long"] },
                    { "id": "max-words", "label": "Words at most", "type": "text" }
                  ] }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.select-options',
    severity: 'warning',
    description: 'A "select" param offers its options: without them the dialog shows an empty list.',
    decision: 'A warning: the reference makes options optional, but a select with no options cannot be answered.',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'params[] no dialog inputs: { id, label, type: "select" | "text" | "per-file-text", options?, placeholder?, default?, required? }.',
      ),
    ],
    message: ({ jsonPath }: At & { missingField: 'options' }) =>
      `${field(jsonPath)} is a "select" param without \`options\`, so the dialog would offer nothing to choose. Add the options.`,
    fix: addRequiredField,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md",
                  "params": [{ "id": "tone", "label": "Tone", "type": «"select"» }] }
              ]
            }`),
          fixed: {
            title: 'Add missing "options"',
            placeholder: true,
            manifest: plugin(`
              "contributes": {
                "actions": [
                  { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                    "scope": "single-file", "prompt": "./prompts/summarize.md",
                    "params": [{ "id": "tone", "label": "Tone", "type": "select", "options": [] }] }
                ]
              }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md",
                  "params": [
                    { "id": "tone", "label": "Tone", "type": "select", "options": ["formal", "casual"] }
                  ] }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.generate-action-unknown',
    severity: 'error',
    description: 'generate.actionId must name an action that exists in the same manifest.',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'a sibling kind: "tool" action (actionId must exist in the same manifest)',
      ),
    ],
    message: ({ jsonPath, actionId, suggestion }: Suggesting & { actionId: string }) =>
      `${field(jsonPath)} ${quote(actionId)} is not the id of an action in this manifest. It must name an action of kind "tool".${didYouMean(suggestion, quote)}`,
    fix: replaceWithSuggestion,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "draft_summary", "title": "Draft a summary", "description": "Drafts a summary of a file.",
                  "schema": "./tools/draft-summary.schema.json", "handler": "./tools/draft-summary.js",
                  "annotations": { "readOnlyHint": true } }
              ],
              "actions": [
                { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                  "scope": "multi-file", "kind": "tool", "toolId": "draft_summary" },
                { "id": "summarize", "title": "Summarize", "description": "Summarizes each file.",
                  "scope": "multi-file", "prompt": "./prompts/summarize.md",
                  "params": [{ "id": "summary", "label": "Summary", "type": "per-file-text" }],
                  "generate": { "label": "Draft", "actionId": «"draft-sumary"», "populateParamId": "summary" } }
              ]
            }`),
          fixed: {
            title: 'Change to "draft-summary"',
            manifest: plugin(`
              "contributes": {
                "tools": [
                  { "id": "draft_summary", "title": "Draft a summary", "description": "Drafts a summary of a file.",
                    "schema": "./tools/draft-summary.schema.json", "handler": "./tools/draft-summary.js",
                    "annotations": { "readOnlyHint": true } }
                ],
                "actions": [
                  { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                    "scope": "multi-file", "kind": "tool", "toolId": "draft_summary" },
                  { "id": "summarize", "title": "Summarize", "description": "Summarizes each file.",
                    "scope": "multi-file", "prompt": "./prompts/summarize.md",
                    "params": [{ "id": "summary", "label": "Summary", "type": "per-file-text" }],
                    "generate": { "label": "Draft", "actionId": "draft-summary", "populateParamId": "summary" } }
                ]
              }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "draft_summary", "title": "Draft a summary", "description": "Drafts a summary of a file.",
                  "schema": "./tools/draft-summary.schema.json", "handler": "./tools/draft-summary.js",
                  "annotations": { "readOnlyHint": true } }
              ],
              "actions": [
                { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                  "scope": "multi-file", "kind": "tool", "toolId": "draft_summary" },
                { "id": "summarize", "title": "Summarize", "description": "Summarizes each file.",
                  "scope": "multi-file", "prompt": "./prompts/summarize.md",
                  "params": [{ "id": "summary", "label": "Summary", "type": "per-file-text" }],
                  "generate": { "label": "Draft", "actionId": "draft-summary", "populateParamId": "summary" } }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.generate-action-not-tool',
    severity: 'error',
    description: 'generate.actionId invokes a sibling kind: "tool" action.',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'an in-form button { label, actionId, populateParamId, forwardParamIds? } that invokes a sibling kind: "tool" action',
      ),
    ],
    message: (data: At & { actionId: string } & ({ itself: true } | { targetKind: string })) =>
      'itself' in data
        ? `${field(data.jsonPath)} names this action itself. The button invokes ${anotherToolAction}.`
        : `${field(data.jsonPath)} ${quote(data.actionId)} names an action of kind ${quote(data.targetKind)}. The button invokes ${anotherToolAction}.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                  "scope": "multi-file", "prompt": "./prompts/draft-summary.md" },
                { "id": "summarize", "title": "Summarize", "description": "Summarizes each file.",
                  "scope": "multi-file", "prompt": "./prompts/summarize.md",
                  "params": [{ "id": "summary", "label": "Summary", "type": "per-file-text" }],
                  "generate": { "label": "Draft", "actionId": «"draft-summary"», "populateParamId": "summary" } }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "draft_summary", "title": "Draft a summary", "description": "Drafts a summary of a file.",
                  "schema": "./tools/draft-summary.schema.json", "handler": "./tools/draft-summary.js",
                  "annotations": { "readOnlyHint": true } }
              ],
              "actions": [
                { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                  "scope": "multi-file", "kind": "tool", "toolId": "draft_summary" },
                { "id": "summarize", "title": "Summarize", "description": "Summarizes each file.",
                  "scope": "multi-file", "prompt": "./prompts/summarize.md",
                  "params": [{ "id": "summary", "label": "Summary", "type": "per-file-text" }],
                  "generate": { "label": "Draft", "actionId": "draft-summary", "populateParamId": "summary" } }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.generate-populate',
    severity: 'error',
    description: "generate.populateParamId must name one of this action's per-file-text params.",
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'fills one of this action\u2019s per-file-text params from its result.',
      ),
    ],
    message: ({
      jsonPath,
      paramId,
      namesParam,
      paramType,
      perFileText,
    }: Suggesting & { paramId: string; namesParam: boolean; paramType?: string; perFileText: string[] }) =>
      `${field(jsonPath)} ${quote(paramId)} is not a "per-file-text" param of this action${namesParam ? ` (it names ${describeParamType(paramType)})` : ''}.` +
      (perFileText.length === 0
        ? ' The action has none, and the button fills one with its result.'
        : perFileText.length === 1
          ? ` The action's one "per-file-text" param is ${quote(perFileText[0])}.`
          : ` The action's "per-file-text" params are ${listOf(perFileText)}.`),
    fix: replaceWithSuggestion,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "draft_summary", "title": "Draft a summary", "description": "Drafts a summary of a file.",
                  "schema": "./tools/draft-summary.schema.json", "handler": "./tools/draft-summary.js",
                  "annotations": { "readOnlyHint": true } }
              ],
              "actions": [
                { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                  "scope": "multi-file", "kind": "tool", "toolId": "draft_summary", "hidden": true },
                { "id": "summarize", "title": "Summarize", "description": "Summarizes each file.",
                  "scope": "multi-file", "prompt": "./prompts/summarize.md",
                  "params": [{ "id": "summary", "label": "Summary", "type": "per-file-text" }],
                  "generate": { "label": "Draft", "actionId": "draft-summary", "populateParamId": «"sumary"» } }
              ]
            }`),
          fixed: {
            title: 'Change to "summary"',
            manifest: plugin(`
              "contributes": {
                "tools": [
                  { "id": "draft_summary", "title": "Draft a summary", "description": "Drafts a summary of a file.",
                    "schema": "./tools/draft-summary.schema.json", "handler": "./tools/draft-summary.js",
                    "annotations": { "readOnlyHint": true } }
                ],
                "actions": [
                  { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                    "scope": "multi-file", "kind": "tool", "toolId": "draft_summary", "hidden": true },
                  { "id": "summarize", "title": "Summarize", "description": "Summarizes each file.",
                    "scope": "multi-file", "prompt": "./prompts/summarize.md",
                    "params": [{ "id": "summary", "label": "Summary", "type": "per-file-text" }],
                    "generate": { "label": "Draft", "actionId": "draft-summary", "populateParamId": "summary" } }
                ]
              }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "draft_summary", "title": "Draft a summary", "description": "Drafts a summary of a file.",
                  "schema": "./tools/draft-summary.schema.json", "handler": "./tools/draft-summary.js",
                  "annotations": { "readOnlyHint": true } }
              ],
              "actions": [
                { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                  "scope": "multi-file", "kind": "tool", "toolId": "draft_summary", "hidden": true },
                { "id": "summarize", "title": "Summarize", "description": "Summarizes each file.",
                  "scope": "multi-file", "prompt": "./prompts/summarize.md",
                  "params": [{ "id": "summary", "label": "Summary", "type": "per-file-text" }],
                  "generate": { "label": "Draft", "actionId": "draft-summary", "populateParamId": "summary" } }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.generate-forward',
    severity: 'warning',
    description: 'generate.forwardParamIds name params of this action.',
    decision:
      "A warning, not an error: the reference names forwardParamIds? without a rule, nor whose params they are; read as this action's own, the ones it has values to forward, so another id forwards nothing.",
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'generate no an in-form button { label, actionId, populateParamId, forwardParamIds? }',
      ),
    ],
    message: ({ jsonPath, paramId, suggestion }: Suggesting & { paramId: string }) =>
      `${field(jsonPath)} ${quote(paramId)} names no param of this action, so nothing is forwarded under it.${didYouMean(suggestion, quote)}`,
    fix: replaceWithSuggestion,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "draft_summary", "title": "Draft a summary", "description": "Drafts a summary of a file.",
                  "schema": "./tools/draft-summary.schema.json", "handler": "./tools/draft-summary.js",
                  "annotations": { "readOnlyHint": true } }
              ],
              "actions": [
                { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                  "scope": "multi-file", "kind": "tool", "toolId": "draft_summary", "hidden": true },
                { "id": "summarize", "title": "Summarize", "description": "Summarizes each file.",
                  "scope": "multi-file", "prompt": "./prompts/summarize.md",
                  "params": [
                    { "id": "tone", "label": "Tone", "type": "select", "options": ["formal", "casual"] },
                    { "id": "summary", "label": "Summary", "type": "per-file-text" }
                  ],
                  "generate": { "label": "Draft", "actionId": "draft-summary", "populateParamId": "summary",
                                "forwardParamIds": [«"tones"»] } }
              ]
            }`),
          fixed: {
            title: 'Change to "tone"',
            manifest: plugin(`
              "contributes": {
                "tools": [
                  { "id": "draft_summary", "title": "Draft a summary", "description": "Drafts a summary of a file.",
                    "schema": "./tools/draft-summary.schema.json", "handler": "./tools/draft-summary.js",
                    "annotations": { "readOnlyHint": true } }
                ],
                "actions": [
                  { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                    "scope": "multi-file", "kind": "tool", "toolId": "draft_summary", "hidden": true },
                  { "id": "summarize", "title": "Summarize", "description": "Summarizes each file.",
                    "scope": "multi-file", "prompt": "./prompts/summarize.md",
                    "params": [
                      { "id": "tone", "label": "Tone", "type": "select", "options": ["formal", "casual"] },
                      { "id": "summary", "label": "Summary", "type": "per-file-text" }
                    ],
                    "generate": { "label": "Draft", "actionId": "draft-summary", "populateParamId": "summary",
                                  "forwardParamIds": ["tone"] } }
                ]
              }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "draft_summary", "title": "Draft a summary", "description": "Drafts a summary of a file.",
                  "schema": "./tools/draft-summary.schema.json", "handler": "./tools/draft-summary.js",
                  "annotations": { "readOnlyHint": true } }
              ],
              "actions": [
                { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                  "scope": "multi-file", "kind": "tool", "toolId": "draft_summary", "hidden": true },
                { "id": "summarize", "title": "Summarize", "description": "Summarizes each file.",
                  "scope": "multi-file", "prompt": "./prompts/summarize.md",
                  "params": [
                    { "id": "tone", "label": "Tone", "type": "select", "options": ["formal", "casual"] },
                    { "id": "summary", "label": "Summary", "type": "per-file-text" }
                  ],
                  "generate": { "label": "Draft", "actionId": "draft-summary", "populateParamId": "summary",
                                "forwardParamIds": ["tone"] } }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.hidden-unreachable',
    severity: 'warning',
    description:
      'hidden: true keeps the action out of the context menu; it stays invocable as another action\u2019s generate.actionId.',
    decision: 'A warning when no action names the hidden action in generate.actionId: nothing could ever invoke it.',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'hidden no true keeps the action out of the context menu while it stays invocable as another action\u2019s generate.actionId.',
      ),
    ],
    message: ({ actionId }: At & { actionId: string }) =>
      `Action ${quote(actionId)} is hidden, and no action names it in \`generate.actionId\`, so nothing can invoke it. Name it in another action's \`generate\`, or remove \`hidden\`.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "draft_summary", "title": "Draft a summary", "description": "Drafts a summary of a file.",
                  "schema": "./tools/draft-summary.schema.json", "handler": "./tools/draft-summary.js",
                  "annotations": { "readOnlyHint": true } }
              ],
              "actions": [
                { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                  "scope": "multi-file", "kind": "tool", "toolId": "draft_summary", "hidden": «true» }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "draft_summary", "title": "Draft a summary", "description": "Drafts a summary of a file.",
                  "schema": "./tools/draft-summary.schema.json", "handler": "./tools/draft-summary.js",
                  "annotations": { "readOnlyHint": true } }
              ],
              "actions": [
                { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                  "scope": "multi-file", "kind": "tool", "toolId": "draft_summary", "hidden": true },
                { "id": "summarize", "title": "Summarize", "description": "Summarizes each file.",
                  "scope": "multi-file", "prompt": "./prompts/summarize.md",
                  "params": [{ "id": "summary", "label": "Summary", "type": "per-file-text" }],
                  "generate": { "label": "Draft", "actionId": "draft-summary", "populateParamId": "summary" } }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'actions.batch-without-array',
    severity: 'warning',
    description:
      'multiFileMode: "batch" passes every selected path under the tool schema\u2019s array-of-paths property, which the tool\u2019s schema must have.',
    decision:
      'A warning: an array property whose items carry "format": "file-path" (or "directory-path") is required, found through local $refs as for tools.path-without-format.',
    quotes: [
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        '"batch": exactly one call with every selected path under the tool schema\u2019s array-of-paths property \u2014 for a tool whose point is to combine files.',
      ),
    ],
    message: ({ jsonPath, toolId }: At & { toolId: string }) =>
      `${field(jsonPath)} is "batch", but the schema of tool ${quote(toolId)} has no array of paths to pass the selected files in. ` +
      'Give it an array property whose items have `format` "file-path".',
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
              "actions": [
                { "id": "count-words", "title": "Count words", "description": "Counts the words of all files.",
                  "scope": "multi-file", "kind": "tool", "toolId": "count_words", "multiFileMode": «"batch"» }
              ]
            },
            "permissions": { "fs": { "read": { "parameter": true } } }`),
          files: countWordsFiles,
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
              "actions": [
                { "id": "count-words", "title": "Count words", "description": "Counts the words of all files.",
                  "scope": "multi-file", "kind": "tool", "toolId": "count_words", "multiFileMode": "batch" }
              ]
            },
            "permissions": { "fs": { "read": { "parameter": true } } }`),
          files: {
            ...countWordsFiles,
            'tools/count-words.schema.json': text(`
              {
                "type": "object",
                "properties": { "paths": { "type": "array", "items": { "type": "string", "format": "file-path" } } },
                "required": ["paths"]
              }`),
            // The handler reads what the schema declares (handlers.unknown-argument would report `path`).
            'tools/count-words.js': text(`
              module.exports = async ({ paths }, ctx) => {
                const texts = await Promise.all(paths.map((path) => ctx.fs.read(path)));
                return String(texts.join(' ').split(/\\s+/).filter(Boolean).length);
              };`),
          },
        },
      ],
    },
  }),
]);

type Definitions = typeof definitions;
type Code = ReportableCode<Definitions>;

/** contributes.actions[]: right-click AI actions. */
export const actionRules: RuleArea<Definitions> = {
  rules: definitions,
  check(context) {
    const { model, report } = context;
    const lookups: Lookups = {
      toolIds: suggester(() => model.toolsById.keys()),
      toolActionIds: suggester(() =>
        [...model.actionsById.values()].filter((a) => a.kind === 'tool').map((a) => a.id!),
      ),
      legacyToolNames: once(() => new Set(model.tools.map(legacyName).filter((name) => name !== undefined))),
    };
    reportDuplicateIds(context, model.actions, 'actions.duplicate-id');
    // Made when a hidden action is first met: most manifests have none.
    const generated = once(() => {
      const ids = new Set<string>();
      for (const action of model.actions) {
        const actionId = generatedActionId(action);
        if (actionId !== undefined) ids.add(actionId);
      }
      return ids;
    });
    for (const action of model.actions) {
      if (action.node.type !== 'object') continue;
      checkKind(context, action, lookups);
      checkParams(context, action);
      checkGenerate(context, action, lookups);
      if (Array.isArray(action.value.scope) && action.value.scope.length === 0 && action.value.hidden !== true) {
        report('actions.scope-empty', valueNode(action.node, 'scope')!, { jsonPath: [...action.jsonPath, 'scope'] });
      }
      if (action.id !== undefined) {
        if (leafValue(action.node, 'hidden') === true && !generated().has(action.id)) {
          report('actions.hidden-unreachable', valueNode(action.node, 'hidden')!, {
            jsonPath: [...action.jsonPath, 'hidden'],
            actionId: action.id,
          });
        }
      }
    }
    if (context.folder) checkBatchActions(context, context.files().schemaFacts);
  },
};

/** `make()`, made on the first call. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** The action a `generate` names, when it names one: what makes an action reachable though hidden. */
function generatedActionId(action: ActionEntry): string | undefined {
  const actionId =
    typeof action.value.generate === 'object'
      ? (action.value.generate as Record<string, unknown>)?.actionId
      : undefined;
  return typeof actionId === 'string' ? actionId : undefined;
}

/** A tool's name as a toolId may name it while it is in the legacy shape. */
function legacyName(tool: ToolEntry): string | undefined {
  return isLegacy(tool.value) ? String(tool.value.name) : undefined;
}

/** What the per-action checks look ids up in, built once per validation. */
interface Lookups {
  toolIds: Suggester;
  toolActionIds: Suggester;
  /** Made on the first toolId that names no tool. */
  legacyToolNames: () => Set<string>;
}

/** The rule for each key kind: "tool" forbids. */
const forbiddenForTool: Record<(typeof promptKindOnlyKeys)[number], Code> = {
  prompt: 'actions.prompt-forbidden',
  toolScope: 'actions.tool-scope-forbidden',
};

/** The rule for each key a prompt action ignores. */
const ignoredForPrompt: Record<(typeof toolKindOnlyKeys)[number], Code> = {
  toolId: 'actions.tool-id-ignored',
  multiFileMode: 'actions.multi-file-mode-ignored',
};

function checkKind({ model, report }: RuleContext<Definitions>, action: ActionEntry, lookups: Lookups): void {
  const at = (key: string) => keyNode(action.node, key)!;
  const anchor = () =>
    keyNode(action.node, 'kind') ?? keyNode(action.node, 'id') ?? { offset: action.node.offset, length: 1 };
  if (action.kind === 'tool') {
    for (const key of promptKindOnlyKeys) {
      if (!propertyNode(action.node, key)) continue;
      report(forbiddenForTool[key], at(key), { jsonPath: [...action.jsonPath, key] });
    }
    const toolId = valueNode(action.node, 'toolId');
    if (!toolId) {
      report('actions.tool-id-required', anchor(), { jsonPath: action.jsonPath, missingField: 'toolId' });
    } else if (
      typeof toolId.value === 'string' &&
      !model.toolsById.has(toolId.value) &&
      !lookups.legacyToolNames().has(toolId.value)
    ) {
      // A toolId naming a tool still in the legacy shape: tools.legacy-shape already asks for its `id`.
      const suggestion = lookups.toolIds.suggest(toolId.value);
      report('actions.tool-id-unknown', toolId, {
        jsonPath: [...action.jsonPath, 'toolId'],
        toolId: toolId.value,
        ...(suggestion ? { suggestion } : {}),
      });
    }
  } else if (action.kind === 'prompt') {
    if (!propertyNode(action.node, 'prompt')) {
      report('actions.prompt-required', anchor(), { jsonPath: action.jsonPath, missingField: 'prompt' });
    }
    for (const key of toolKindOnlyKeys) {
      const code = ignoredForPrompt[key];
      if (propertyNode(action.node, key)) {
        report(code, at(key), { jsonPath: [...action.jsonPath, key] });
      }
    }
  }
}

// The JSON paths are made only for a finding: an edit runs these on every action, and most have none.
function checkParams({ report }: RuleContext<Definitions>, action: ActionEntry): void {
  const params = arrayItems(valueNode(action.node, 'params'));
  const seen = new Set<string>();
  params.forEach((param, index) => {
    const path = () => [...action.jsonPath, 'params', index];
    const id = leafValue(param, 'id');
    if (typeof id === 'string') {
      if (seen.has(id)) {
        report('actions.duplicate-param-id', valueNode(param, 'id')!, { jsonPath: [...path(), 'id'], id });
      }
      seen.add(id);
    }
    if (leafValue(param, 'type') === 'select' && arrayItems(valueNode(param, 'options')).length === 0) {
      report('actions.select-options', valueNode(param, 'type')!, { jsonPath: path(), missingField: 'options' });
    }
  });
}

function checkGenerate({ model, report }: RuleContext<Definitions>, action: ActionEntry, lookups: Lookups): void {
  const generate = valueNode(action.node, 'generate');
  if (generate?.type !== 'object') return;
  const path = (...rest: JsonPath) => [...action.jsonPath, 'generate', ...rest];
  const params = arrayItems(valueNode(action.node, 'params'));

  const actionId = valueNode(generate, 'actionId');
  if (typeof actionId?.value === 'string') {
    const target = model.actionsById.get(actionId.value);
    if (!target) {
      const closestAction = lookups.toolActionIds.suggest(actionId.value);
      const suggestion = closestAction === action.id ? undefined : closestAction;
      report('actions.generate-action-unknown', actionId, {
        jsonPath: path('actionId'),
        actionId: actionId.value,
        ...(suggestion ? { suggestion } : {}),
      });
    } else if (target === action) {
      report('actions.generate-action-not-tool', actionId, {
        jsonPath: path('actionId'),
        actionId: actionId.value,
        itself: true,
      });
    } else if (target.kind !== 'tool') {
      report('actions.generate-action-not-tool', actionId, {
        jsonPath: path('actionId'),
        actionId: actionId.value,
        targetKind: String(target.kind),
      });
    }
  }

  const populate = valueNode(generate, 'populateParamId');
  if (typeof populate?.value === 'string') {
    const param = params.find((p) => leafValue(p, 'id') === populate.value);
    if (!param || leafValue(param, 'type') !== 'per-file-text') {
      const paramType = param && leafValue(param, 'type');
      const perFileText = params
        .filter((p) => leafValue(p, 'type') === 'per-file-text')
        .map((p) => leafValue(p, 'id'))
        .filter((id): id is string => typeof id === 'string');
      report('actions.generate-populate', populate, {
        jsonPath: path('populateParamId'),
        paramId: populate.value,
        namesParam: param !== undefined,
        ...(typeof paramType === 'string' ? { paramType } : {}),
        perFileText,
        ...(perFileText.length === 1 ? { suggestion: perFileText[0] } : {}),
      });
    }
  }

  const forwards = arrayItems(valueNode(generate, 'forwardParamIds'));
  if (forwards.length === 0) return;
  const paramIds = params.map((p) => leafValue(p, 'id')).filter((v): v is string => typeof v === 'string');
  forwards.forEach((forward: JsonNode, index) => {
    if (typeof forward.value === 'string' && !paramIds.includes(forward.value)) {
      const suggestion = closest(forward.value, paramIds);
      report('actions.generate-forward', forward, {
        jsonPath: path('forwardParamIds', index),
        paramId: forward.value,
        ...(suggestion ? { suggestion } : {}),
      });
    }
  });
}

function describeParamType(type: unknown): string {
  return typeof type === 'string' ? `a ${quote(type)} param` : 'a param without a type';
}

function checkBatchActions(
  { model, report }: RuleContext<Definitions>,
  schemaFacts: Map<number, ToolSchemaFacts>,
): void {
  for (const action of model.actions) {
    if (action.kind !== 'tool' || action.value.multiFileMode !== 'batch' || typeof action.value.toolId !== 'string')
      continue;
    const mode = valueNode(action.node, 'multiFileMode')!;
    const tool = model.toolsById.get(action.value.toolId);
    const facts = tool && schemaFacts.get(tool.key as number);
    if (!facts || facts.pathArrayProperties.length > 0) continue;
    report('actions.batch-without-array', mode, {
      jsonPath: [...action.jsonPath, 'multiFileMode'],
      toolId: action.value.toolId,
    });
  }
}
