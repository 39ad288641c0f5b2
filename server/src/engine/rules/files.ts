import type { Unusable } from '../folder/referencedFiles';
import type { Fix } from '../fixes/fix';
import { eolOf, formatJson } from '../fixes/textEdits';
import type { JsonPath } from '../model/nodes';
import { normalizeRelativePath, type FileReference, type ReferenceKind } from '../model/references';
import { field, quote } from './messages';
import { countWordsFiles, plugin, summarizePrompt } from './examples';
import { defineRule, defineRules, type RuleArea, type RuleContext } from './rule';

const what: Record<ReferenceKind, string> = {
  'tool-schema': 'the tool\u2019s JSON-Schema file',
  'tool-handler': 'the handler module',
  prompt: 'the prompt template',
  'hook-handler': 'the hook\u2019s handler module',
  'command-handler': 'the command\u2019s handler module',
  'setting-handler': 'the action setting\u2019s handler module',
  command: 'the plugin\u2019s executable',
};

/** A file the manifest names, at its field, and what the field names it as. */
interface FileData {
  jsonPath: JsonPath;
  /** As the manifest writes it. */
  filePath: string;
  referenceKind: ReferenceKind;
}

const named = ({ jsonPath, filePath }: FileData) => `${field(jsonPath)} ${quote(filePath)}`;

/** The missing file, created where nothing is in the way: a schema gets an empty object schema, a handler or a prompt an empty file, the process command none. */
const createFile: Fix<FileData> = ({ filePath, referenceKind }, { analysis, creatable }) => {
  const file = normalizeRelativePath(filePath);
  // Missing, but where a folder on the way is a link out of the plugin folder (or a dangling one): never created there.
  if (!file || referenceKind === 'command' || creatable(file) !== 'free') return [];
  const document = analysis.document;
  const content = referenceKind === 'tool-schema' ? formatJson({ type: 'object', properties: {} }, document, '') + eolOf(document) : '';
  return [{ title: `Create ${file}`, edits: [], newFiles: [{ filePath: file, text: content }] }];
};

const definitions = defineRules([
  defineRule({
    code: 'files.missing',
    severity: 'error',
    description: 'A file the manifest names (schema, handler, prompt, hook or command handler, command) must exist in the plugin folder.',
    decision: 'An error, as a rule of the reference\u2019s tables ("path to a JSON-Schema file", "path to the handler module", "path to the prompt template"), though it does not say the loader looks for the files: the tool, action, hook, command or executable cannot run without its file.',
    message: (data: FileData) => `${named(data)}: ${what[data.referenceKind]} does not exist in the plugin folder.`,
    fix: createFile,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": «"./prompts/summarize.md"» }
              ]
            }`),
          files: { 'prompts/summarise.md': summarizePrompt },
          fixed: {
            title: 'Create prompts/summarize.md',
            manifest: plugin(`
              "contributes": {
                "actions": [
                  { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                    "scope": "single-file", "prompt": "./prompts/summarize.md" }
                ]
              }`),
            newFiles: { 'prompts/summarize.md': '' },
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
          files: { 'prompts/summarize.md': summarizePrompt },
        },
      ],
    },
  }),
  defineRule({
    code: 'files.not-a-file',
    severity: 'error',
    description: 'A path the manifest names must be a file, not a folder or a device.',
    decision: 'An error, like files.missing. An empty path ("", ".") names the plugin folder itself.',
    message: (data: FileData & { isFolder: boolean }) => {
      const isPluginFolder = normalizeRelativePath(data.filePath) === '';
      return `${named(data)} names ${isPluginFolder ? 'the plugin folder itself' : data.isFolder ? 'a folder' : 'a device or special file'}, not ${what[data.referenceKind]}.`;
    },
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": «"./prompts"» }
              ]
            }`),
          files: { 'prompts/summarize.md': summarizePrompt },
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
          files: { 'prompts/summarize.md': summarizePrompt },
        },
      ],
    },
  }),
  defineRule({
    code: 'files.outside',
    severity: 'error',
    description: 'A path the manifest names must stay inside the plugin folder (a symlink that leaves it is not followed).',
    decision: 'An error, like "..": an installed plugin carries only its own folder, and nothing outside it is read.',
    message: (data: FileData) => `${named(data)} leads outside the plugin folder (through a symbolic link); it is not read.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": «"./prompts/summarize.md"» }
              ]
            }`),
          files: { 'prompts/summarize.md': { symlink: '../../shared/prompts/summarize.md' } },
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
          files: { 'prompts/summary.md': summarizePrompt, 'prompts/summarize.md': { symlink: 'summary.md' } },
        },
      ],
    },
  }),
  defineRule({
    code: 'files.unreadable',
    severity: 'error',
    description: 'A file the manifest names must be readable.',
    decision: 'A file over 2 MB is not read either (a schema or a handler is a few KB).',
    message: (data: FileData & ({ tooLargeMB: number } | { reason: string })) =>
      'tooLargeMB' in data ? `${named(data)} is too large to check (${data.tooLargeMB} MB).` : `${named(data)} cannot be read: ${data.reason}.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": «"./tools/count-words.schema.json"», "handler": "./tools/count-words.js",
                  "annotations": { "readOnlyHint": true } }
              ]
            },
            "permissions": { "fs": { "read": { "parameter": true } } }`),
          files: { ...countWordsFiles, 'tools/count-words.schema.json': { bytes: 3 * 1024 * 1024 } },
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
              ]
            },
            "permissions": { "fs": { "read": { "parameter": true } } }`),
          files: countWordsFiles,
        },
      ],
    },
  }),
]);

/** The files behind the paths the manifest names: there, files, inside the plugin folder, readable. Nothing outside it is read. */
export const fileRules: RuleArea<typeof definitions> = {
  rules: definitions,
  check(context) {
    for (const file of context.files().files) if (file.read === 'unusable') reportUnusable(context, file.reference, file.why);
  },
};

function reportUnusable({ report }: RuleContext<typeof definitions>, reference: FileReference, read: Unusable): void {
  const data: FileData = { jsonPath: reference.jsonPath, filePath: reference.filePath, referenceKind: reference.kind };
  switch (read.kind) {
    case 'missing':
      report('files.missing', reference.node, data);
      break;
    case 'not-a-file':
      report('files.not-a-file', reference.node, { ...data, isFolder: read.what === 'directory' });
      break;
    case 'outside':
      report('files.outside', reference.node, data);
      break;
    case 'too-large':
      report('files.unreadable', reference.node, { ...data, tooLargeMB: Math.round(read.size / 1024 / 1024) });
      break;
    case 'unreadable':
      report('files.unreadable', reference.node, { ...data, reason: read.reason });
      break;
  }
}
