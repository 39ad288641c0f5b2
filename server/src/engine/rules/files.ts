import { checkedBytes, type ReferencedFiles, type Unusable } from '../folder/referencedFiles';
import type { Fix } from '../fixes/fix';
import { handlerSkeleton, promptSkeleton, schemaSkeleton, type ReadArgument } from '../fixes/skeletons';
import type { ModuleStyle } from '../handlers/handlerFacts';
import type { JsonPath } from '../model/nodes';
import { normalizeRelativePath, type FileReference, type ReferenceKind } from '../model/references';
import { capitalized, field, limitWords, quote, sizeWords } from './messages';
import { countWordsFiles, plugin, summarizePrompt, countWordsPlugin } from './examples';
import { defineRule, defineRules, type RuleArea, type RuleContext } from './rule';
import { manifestReference, notInTheReference } from './reference';

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

/** A missing file, and what its skeleton needs to know that the manifest does not say. */
interface MissingFileData extends FileData {
  /** A tool's handler: the argument names its schema file gives, when that file was read. */
  argumentNames?: string[];
  /** A tool's schema: the arguments its handler reads, when that module was read. */
  readArguments?: ReadArgument[];
  /** A handler: how the manifest's other handlers export their function, when any says. */
  moduleStyle?: ModuleStyle;
}

const named = ({ jsonPath, filePath }: FileData) => `${field(jsonPath)} ${quote(filePath)}`;

/**
 * The missing file, created where nothing is in the way, as a skeleton laid out like the manifest
 * (fixes/skeletons.ts): a schema an empty object schema, a handler an async function exported as the
 * plugin's other handlers export theirs, a prompt a template naming the action's selection and params.
 * The process command gets none: an executable is not written from a template.
 */
const createFile: Fix<MissingFileData> = (data, { analysis, creatable }) => {
  const { referenceKind: kind, jsonPath } = data;
  const file = normalizeRelativePath(data.filePath);
  // Missing, but where a folder on the way is a link out of the plugin folder (or a dangling one): never created there.
  if (!file || kind === 'command' || creatable(file) !== 'free') return [];
  const document = analysis.document;
  const skeleton =
    kind === 'tool-schema'
      ? schemaSkeleton(document, data.readArguments)
      : kind === 'prompt'
        ? promptSkeleton(
            analysis.model.actions.find((action) => action.jsonPath[2] === jsonPath[2]),
            document,
          )
        : handlerSkeleton(kind, data.moduleStyle ?? 'commonjs', document, data.argumentNames);
  return [{ title: `Create ${file}`, edits: [], newFiles: [{ filePath: file, text: skeleton }] }];
};

const definitions = defineRules([
  defineRule({
    code: 'files.missing',
    severity: 'error',
    description:
      'A file the manifest names (schema, handler, prompt, hook or command handler, command) must exist in the plugin folder.',
    decision:
      'An error, as a rule of the reference\u2019s tables ("path to a JSON-Schema file", "path to the handler ' +
      'module", "path to the prompt template"), though it does not say the loader looks for the files: the tool, ' +
      'action, hook, command or executable cannot run without its file. Its fix creates the file as a skeleton laid ' +
      'out like the manifest: a handler exports an async function (by `module.exports`, or `export default` when ' +
      'the plugin\u2019s other handlers do), a tool\u2019s taking its arguments by the names its schema gives and ' +
      'returning a string; a prompt names what the action is given as `{{file}}` (single-file), `{{files}}` ' +
      '(multi-file) or `{{folder}}` and each param as `{{params.<id>}}`, as the examples\u2019 templates do (the ' +
      'reference does not say how a template names them).',
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'path to a JSON-Schema file for the tool\u2019s arguments, relative to the plugin root',
      ),
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'path to the handler module, relative to the plugin root',
      ),
      manifestReference(
        'actions[] \u2014 right-click AI actions',
        'path to the prompt template, relative to the plugin root',
      ),
    ],
    message: (data: MissingFileData) =>
      `${named(data)} does not exist in the plugin folder. Create ${what[data.referenceKind]} there, or correct the path.`,
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
            newFiles: { 'prompts/summarize.md': 'Read {{file}} and …\n' },
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
    code: 'files.empty',
    severity: 'warning',
    description: 'A handler module or a prompt template the manifest names should have something in it.',
    decision:
      'A warning, not an error: the reference does not say the loader refuses an empty file, but an empty module ' +
      'exports no function for Filer to call and an empty template gives the agent no request. Empty is nothing but ' +
      'white space. A schema file that is empty is tools.schema-not-json.',
    quotes: notInTheReference,
    message: (data: FileData) => {
      const prompt = data.referenceKind === 'prompt';
      const why = prompt ? 'the action would give the agent no request' : 'it exports no function for Filer to call';
      return `${named(data)} is an empty file, so ${why}.`;
    },
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
          files: { 'prompts/summarize.md': '\n' },
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
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'path to the handler module, relative to the plugin root',
      ),
    ],
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
    description:
      'A path the manifest names must stay inside the plugin folder (a symlink that leaves it is not followed).',
    decision: 'An error, like "..": an installed plugin carries only its own folder, and nothing outside it is read.',
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'path to the handler module, relative to the plugin root; must not contain ..',
      ),
      manifestReference('Top level', 'must be relative to the plugin\u2019s install directory'),
    ],
    message: (data: FileData) =>
      `${named(data)} leads outside the plugin folder through a symbolic link, so it is not read.`,
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
    decision:
      'An error: what Filer cannot read, it cannot load. A file too large to check is not unreadable to Filer: files.not-checked says so, as information.',
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'path to the handler module, relative to the plugin root',
      ),
    ],
    message: (data: FileData & { reason: string }) => `${named(data)} cannot be read: ${data.reason}.`,
    examples: {
      incorrect: [
        {
          manifest: countWordsPlugin({ marked: 'schema' }),
          files: { ...countWordsFiles, 'tools/count-words.schema.json': { unreadable: 'permission denied' } },
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
    code: 'files.not-checked',
    severity: 'information',
    quotes: notInTheReference,
    description:
      'A handler module or a prompt template over 2 MiB, or a tool\u2019s schema over 16 MiB, is not read, so nothing in it is checked; this says so, at the path that names it. So does a file whose read or check failed (a fault of this tool or of the system, never of the plugin): that file alone is left unchecked.',
    decision:
      'Not a rule of the reference: Filer loads a large file, a bundled handler most often, so it is no error; but a handler past the size the checks read is not checked against the manifest (its ctx members\u2019 permissions, its tool\u2019s arguments, its results), nor a prompt for text, nor a schema for the tool\u2019s arguments, and this says so, so that no one takes the silence for a clean file. A schema is read up to a manifest\u2019s own limit (16 MiB: its analysis is linear in it, and the tool\u2019s gating is told from it); a handler or a prompt up to 2 MiB (a handler is parsed and walked). Sizes are in MiB (1,048,576 bytes) with one decimal. Information: nothing in it is said to be wrong.',
    message: (data: FileData & ({ size: number; limit: number } | { failure: string })) => {
      const unchecked = uncheckedWords(data.referenceKind);
      return 'size' in data
        ? `${named(data)} is ${sizeWords(data.size, data.limit)}, more than the ${limitWords(data.limit)} the checks read. ${capitalized(unchecked)} is not checked.`
        : `${named(data)} is not checked, as the check of ${what[data.referenceKind]} failed (${quote(data.failure)}). ` +
            `${capitalized(unchecked)} is not checked. This is a fault of Filer Plugin Tools, not of the plugin: please report it.`;
    },
    examples: {
      incorrect: [
        {
          manifest: countWordsPlugin({ marked: 'handler' }),
          files: { ...countWordsFiles, 'tools/count-words.js': { bytes: 3 * 1024 * 1024 } },
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
]);

/**
 * The files behind the paths the manifest names: there, files, inside the plugin folder, readable. Nothing outside it
 * is read.
 */
export const fileRules: RuleArea<typeof definitions> = {
  rules: definitions,
  check(context) {
    const files = context.files();
    // The plugin's module style parses its handlers: only for a skeleton, once.
    let style: ModuleStyle | undefined;
    const moduleStyle = () => (style ??= pluginModuleStyle(files));
    for (const file of files.files) {
      if (file.read === 'unusable') reportUnusable(context, file.reference, file.why, files, moduleStyle);
      else if ((file.read === 'handler' && file.text.empty) || (file.read === 'prompt' && file.empty)) {
        context.report('files.empty', file.reference.node, dataOf(file.reference));
      }
    }
  },
};

/** What a rule would have checked in a file it could not read. */
function uncheckedWords(kind: ReferenceKind): string {
  if (kind === 'prompt') return 'whether it has any text';
  if (kind === 'tool-schema') return 'the tool\u2019s schema';
  if (kind === 'command') return 'the process command';
  return 'what its code does with `ctx` and its arguments';
}

function dataOf(reference: FileReference): FileData {
  return { jsonPath: reference.jsonPath, filePath: reference.filePath, referenceKind: reference.kind };
}

type SkeletonFacts = Pick<MissingFileData, 'argumentNames' | 'readArguments' | 'moduleStyle'>;

/** What a skeleton of the missing file needs: a tool handler's argument names, a handler's module style. */
function skeletonFacts(
  reference: FileReference,
  files: ReferencedFiles,
  moduleStyle: () => ModuleStyle,
): SkeletonFacts {
  const { kind } = reference;
  const { schemaFacts } = files;
  if (kind === 'tool-schema') return { readArguments: argumentsReadBy(reference, files) };
  if (kind === 'prompt' || kind === 'command') return {};
  const argumentNames = kind === 'tool-handler' ? schemaFacts.get(reference.toolIndex!)?.argumentNames : undefined;
  return { ...(argumentNames ? { argumentNames } : {}), moduleStyle: moduleStyle() };
}

/** The arguments a tool's handler module reads, in the order it first reads them: what its missing schema declares. */
function argumentsReadBy(schema: FileReference, { files }: ReferencedFiles): ReadArgument[] {
  const handler = files.find(
    (file) =>
      file.read === 'handler' &&
      file.reference.kind === 'tool-handler' &&
      file.reference.toolIndex === schema.toolIndex,
  );
  if (handler?.read !== 'handler') return [];
  const facts = handler.facts();
  const paths = new Set(facts.fsPathArguments);
  const names = [...new Set(facts.argumentUses.map(({ name }) => name))];
  return names.map((name) => ({ name, path: paths.has(name) }));
}

/** ES modules only when every handler that says how it exports uses them: module.exports is the examples' way. */
function pluginModuleStyle({ files }: ReferencedFiles): ModuleStyle {
  const styles = files.flatMap((file) => (file.read === 'handler' ? (file.facts().moduleStyle ?? []) : []));
  return styles.length > 0 && styles.every((style) => style === 'esm') ? 'esm' : 'commonjs';
}

function reportUnusable(
  { report }: RuleContext<typeof definitions>,
  reference: FileReference,
  read: Unusable,
  files: ReferencedFiles,
  moduleStyle: () => ModuleStyle,
): void {
  const data = dataOf(reference);
  switch (read.kind) {
    case 'missing':
      report('files.missing', reference.node, { ...data, ...skeletonFacts(reference, files, moduleStyle) });
      break;
    case 'not-a-file':
      report('files.not-a-file', reference.node, { ...data, isFolder: read.what === 'directory' });
      break;
    case 'outside':
      report('files.outside', reference.node, data);
      break;
    case 'too-large': {
      // Filer loads a large file: it is only not checked.
      const limit = reference.kind === 'tool-schema' ? checkedBytes.schema : checkedBytes.code;
      report('files.not-checked', reference.node, { ...data, size: read.size, limit });
      break;
    }
    case 'unreadable':
      report('files.unreadable', reference.node, { ...data, reason: read.reason });
      break;
    case 'check-failed':
      report('files.not-checked', reference.node, { ...data, failure: read.detail });
      break;
  }
}
