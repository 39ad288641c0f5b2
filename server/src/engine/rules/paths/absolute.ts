import { containsDotDot, isAbsolutePath } from '../../model/references';
import type { PathData } from './shared';
import { defineRule } from '../rule';
import { field, quote } from '../messages';

export const decision =
  'A warning (the reference rejects absolute paths outright only for command): such a path is not portable, and it is never read.';

export const absoluteRule = defineRule({
  code: 'paths.absolute',
  severity: 'warning',
  description: 'schema, handler, prompt and hook paths are relative to the plugin root.',
  message: ({ jsonPath, filePath }: PathData) =>
    `${field(jsonPath)} ${quote(filePath)} is an absolute path, so Filer does not read it. Write it relative to the plugin root, so that the manifest works on any machine.`,
  check: {
    // An absolute command is the process rule manifest.command-absolute; one with ".." is paths.dotdot's.
    reference({ filePath, node, jsonPath, kind }, { report }) {
      if (!containsDotDot(filePath) && isAbsolutePath(filePath) && kind !== 'command')
        report(node, { jsonPath, filePath });
    },
  },
});
