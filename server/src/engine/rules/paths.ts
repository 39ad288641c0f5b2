import { containsDotDot, isAbsolutePath } from '../model/references';
import { field, quote } from './messages';
import { defineRules, type CodeOf, type RuleArea } from './rule';

const definitions = defineRules([
  { code: 'paths.dotdot', severity: 'error', description: 'Paths in the manifest (schema, handler, prompt, hooks, commands, command) must not contain "..".', decision: 'Literally, as the reference words it: any "..", also inside a file name. Also for an action setting\u2019s handler, which the reference calls a relative path without repeating the rule.' },
  {
    code: 'paths.absolute',
    severity: 'warning',
    description: 'schema, handler, prompt and hook paths are relative to the plugin root.',
    decision: 'A warning (the reference rejects absolute paths outright only for command): such a path is not portable, and it is never read.',
  },
]);

type Code = CodeOf<typeof definitions>;

/** The paths the manifest names (schema, handler, prompt, hooks, commands, command): inside the plugin folder, relative to it. */
export const pathRules: RuleArea<Code> = {
  rules: definitions,
  check({ files, report }) {
    for (const { path, node, fieldPath, kind } of files().references) {
      if (containsDotDot(path)) {
        report('paths.dotdot', node, `${field(fieldPath)} ${quote(path)} must not contain "..": paths stay inside the plugin folder.`, { path: fieldPath });
      } else if (isAbsolutePath(path) && kind !== 'command') {
        // An absolute command is the process rule manifest.command-absolute.
        report('paths.absolute', node, `${field(fieldPath)} ${quote(path)} is absolute: write it relative to the plugin root (manifests are portable). It is not read.`, { path: fieldPath });
      }
    }
  },
};
