import { containsDotDot } from '../../model/references';
import type { PathData } from './shared';
import { defineRule } from '../rule';
import { field, quote } from '../messages';

export const decision =
  'Literally, as the reference words it: any "..", also inside a file name. Also for an action setting\u2019s handler, which the reference calls a relative path without repeating the rule.';

export const dotdotRule = defineRule({
  code: 'paths.dotdot',
  severity: 'error',
  description: 'Paths in the manifest (schema, handler, prompt, hooks, commands, command) must not contain "..".',
  message: ({ jsonPath, filePath }: PathData) =>
    `${field(jsonPath)} ${quote(filePath)} contains "..", which a path must not. Paths stay inside the plugin folder: move the file into it.`,
  check: {
    reference({ filePath, node, jsonPath }, { report }) {
      if (containsDotDot(filePath)) report(node, { jsonPath, filePath });
    },
  },
});
