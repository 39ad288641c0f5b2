import { valueNode } from '../../model/nodes';
import { legacyToolNames, toolIdSuggester, type Suggesting } from './shared';
import { defineRule } from '../rule';
import { didYouMean, field, quote } from '../messages';
import { replaceWithSuggestion } from '../../fixes/shared';

export const toolIdUnknownRule = defineRule({
  code: 'actions.tool-id-unknown',
  severity: 'error',
  description: 'toolId must match a contributes.tools[].id in the same manifest.',
  message: ({ jsonPath, toolId, suggestion }: Suggesting & { toolId: string }) =>
    `${field(jsonPath)} ${quote(toolId)} is not the id of a tool in this manifest.${didYouMean(suggestion, quote)}`,
  fix: replaceWithSuggestion,
  check: {
    // A toolId naming a tool still in the legacy shape: tools.legacy-shape already asks for its `id`.
    action(action, { model, report, shared }) {
      // The plain value first: the toolId's node is needed only to report it.
      const named = action.value.toolId;
      if (action.node.type !== 'object' || action.kind !== 'tool' || typeof named !== 'string') return;
      if (model.toolsById.has(named)) return;
      const toolId = valueNode(action.node, 'toolId');
      if (typeof toolId?.value !== 'string') return;
      if (shared(legacyToolNames).has(toolId.value)) return;
      const suggestion = shared(toolIdSuggester).suggest(toolId.value);
      report(toolId, {
        jsonPath: [...action.jsonPath, 'toolId'],
        toolId: toolId.value,
        ...(suggestion ? { suggestion } : {}),
      });
    },
  },
});
