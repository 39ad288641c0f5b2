import type { Unusable } from '../folder/referencedFiles';
import { normalizeRelativePath, type FileReference } from '../model/references';
import { field, quote } from './messages';
import { defineRules, type CodeOf, type RuleArea, type RuleContext } from './rule';

const what: Record<FileReference['kind'], string> = {
  'tool-schema': 'the tool\u2019s JSON-Schema file',
  'tool-handler': 'the handler module',
  prompt: 'the prompt template',
  'hook-handler': 'the hook\u2019s handler module',
  'command-handler': 'the command\u2019s handler module',
  'setting-handler': 'the action setting\u2019s handler module',
  command: 'the plugin\u2019s executable',
};

const definitions = defineRules([
  {
    code: 'files.missing',
    fix: 'create-file',
    severity: 'error',
    description: 'A file the manifest names (schema, handler, prompt, hook or command handler, command) must exist in the plugin folder.',
    decision: 'An error, as a rule of the reference\u2019s tables ("path to a JSON-Schema file", "path to the handler module", "path to the prompt template"), though it does not say the loader looks for the files: the tool, action, hook, command or executable cannot run without its file.',
  },
  {
    code: 'files.not-a-file',
    severity: 'error',
    description: 'A path the manifest names must be a file, not a folder or a device.',
    decision: 'An error, like files.missing. An empty path ("", ".") names the plugin folder itself.',
  },
  {
    code: 'files.outside',
    severity: 'error',
    description: 'A path the manifest names must stay inside the plugin folder (a symlink that leaves it is not followed).',
    decision: 'An error, like "..": an installed plugin carries only its own folder, and nothing outside it is read.',
  },
  {
    code: 'files.unreadable',
    severity: 'error',
    description: 'A file the manifest names must be readable.',
    decision: 'A file over 2 MB is not read either (a schema or a handler is a few KB).',
  },
]);

type Code = CodeOf<typeof definitions>;

/** The files behind the paths the manifest names: there, files, inside the plugin folder, readable. Nothing outside it is read. */
export const fileRules: RuleArea<Code> = {
  rules: definitions,
  check(context) {
    for (const file of context.files().files) if (file.read === 'unusable') reportUnusable(context, file.reference, file.why);
  },
};

function reportUnusable({ report }: RuleContext<Code>, reference: FileReference, read: Unusable): void {
  const name = `${field(reference.fieldPath)} ${quote(reference.path)}`;
  const data = { path: reference.fieldPath, file: normalizeRelativePath(reference.path), ...(reference.toolIndex !== undefined ? { toolIndex: reference.toolIndex } : {}) };
  switch (read.kind) {
    case 'missing':
      report('files.missing', reference.node, `${name}: ${what[reference.kind]} does not exist in the plugin folder.`, data);
      break;
    case 'not-a-file': {
      const named = data.file === '' ? 'the plugin folder itself' : read.what === 'directory' ? 'a folder' : 'a device or special file';
      report('files.not-a-file', reference.node, `${name} names ${named}, not ${what[reference.kind]}.`, data);
      break;
    }
    case 'outside':
      report('files.outside', reference.node, `${name} leads outside the plugin folder (through a symbolic link); it is not read.`, data);
      break;
    case 'too-large':
      report('files.unreadable', reference.node, `${name} is too large to check (${Math.round(read.size / 1024 / 1024)} MB).`, data);
      break;
    case 'unreadable':
      report('files.unreadable', reference.node, `${name} cannot be read: ${read.reason}.`, data);
      break;
  }
}
