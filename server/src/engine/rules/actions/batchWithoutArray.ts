import { valueNode } from '../../model/nodes';
import type { At } from './shared';
import { defineRule } from '../rule';
import { field, quote } from '../messages';

export const decision =
  'A warning: an array property whose items carry "format": "file-path" (or "directory-path") is required, found through local $refs as for tools.path-without-format.';

export const batchWithoutArrayRule = defineRule({
  code: 'actions.batch-without-array',
  severity: 'warning',
  description:
    'multiFileMode: "batch" passes every selected path under the tool schema\u2019s array-of-paths property, which the tool\u2019s schema must have.',
  message: ({ jsonPath, toolId }: At & { toolId: string }) =>
    `${field(jsonPath)} is "batch", but the schema of tool ${quote(toolId)} has no array of paths to pass the selected files in. ` +
    'Give it an array property whose items have `format` "file-path".',
  check: {
    action(action, { model, folder, files, report }) {
      if (!folder) return;
      if (action.kind !== 'tool' || action.value.multiFileMode !== 'batch' || typeof action.value.toolId !== 'string')
        return;
      const tool = model.toolsById.get(action.value.toolId);
      const facts = tool && files().schemaFacts.get(tool.key as number);
      if (!facts || facts.pathArrayProperties.length > 0) return;
      report(valueNode(action.node, 'multiFileMode')!, {
        jsonPath: [...action.jsonPath, 'multiFileMode'],
        toolId: action.value.toolId,
      });
    },
  },
});
