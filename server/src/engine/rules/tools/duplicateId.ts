import { duplicateIds, type DuplicateIdData } from '../duplicateIds';
import { defineRule } from '../rule';
import { quote } from '../messages';

export const decision =
  'A warning on every tool after the first, as the app gives one: the manifest loads, and the agent loop skips the later tool.';

export const duplicateIdRule = defineRule({
  code: 'tools.duplicate-id',
  severity: 'warning',
  description:
    'One name, one tool: a later tool whose name is already taken is skipped with a warning that names its source.',
  message: ({ id, firstPlace }: DuplicateIdData) =>
    `Tool id ${quote(id)} is already used by \`${firstPlace}\`. One name is one tool, so Filer skips the later tool with a warning: give it an id of its own.`,
  check: {
    manifest({ model, report }) {
      for (const { at, data } of duplicateIds(model.tools)) report(at, data);
    },
  },
});
