import { createFile, fileData, named, skeletonFacts, what, type MissingFileData } from './shared';
import { defineRule } from '../rule';

export const decision =
  'An error, as a rule of the reference\u2019s tables ("path to a JSON-Schema file", "path to the handler ' +
  'module", "path to the prompt template"), though it does not say the loader looks for the files: the tool, ' +
  'action, hook, command or executable cannot run without its file. Its fix creates the file as a skeleton laid ' +
  'out like the manifest: a handler exports an async function (by `module.exports`, or `export default` when ' +
  'the plugin\u2019s other handlers do), a tool\u2019s taking its arguments by the names its schema gives and ' +
  'returning a string; a prompt names what the action is given as `{{file}}` (single-file), `{{files}}` ' +
  '(multi-file) or `{{folder}}` and each param as `{{params.<id>}}`, as the examples\u2019 templates do (the ' +
  'reference does not say how a template names them).';

export const missingRule = defineRule({
  code: 'files.missing',
  severity: 'error',
  description:
    'A file the manifest names (schema, handler, prompt, hook or command handler, command) must exist in the plugin folder.',
  message: (data: MissingFileData) =>
    `${named(data)} does not exist in the plugin folder. Create ${what[data.referenceKind]} there, or correct the path.`,
  fix: createFile,
  check: {
    file(file, { files, report, shared }) {
      if (file.read !== 'unusable' || file.why.kind !== 'missing') return;
      report(file.reference.node, { ...fileData(file.reference), ...skeletonFacts(file.reference, files(), shared) });
    },
  },
});
