import { generateField, generateValue, toolActionIdSuggester, type Suggesting } from './shared';
import { defineRule } from '../rule';
import { didYouMean, field, quote } from '../messages';
import { replaceWithSuggestion } from '../../fixes/shared';

export const generateActionUnknownRule = defineRule({
  code: 'actions.generate-action-unknown',
  severity: 'error',
  description: 'generate.actionId must name an action that exists in the same manifest.',
  message: ({ jsonPath, actionId, suggestion }: Suggesting & { actionId: string }) =>
    `${field(jsonPath)} ${quote(actionId)} is not the id of an action in this manifest. It must name an action of kind "tool".${didYouMean(suggestion, quote)}`,
  fix: replaceWithSuggestion,
  check: {
    action(action, { model, report, shared }) {
      const named = generateValue(action, 'actionId');
      if (typeof named !== 'string' || model.actionsById.has(named)) return;
      const actionId = generateField(action, 'actionId');
      if (typeof actionId?.value !== 'string') return;
      const closestAction = shared(toolActionIdSuggester).suggest(actionId.value);
      const suggestion = closestAction === action.id ? undefined : closestAction;
      report(actionId, {
        jsonPath: [...action.jsonPath, 'generate', 'actionId'],
        actionId: actionId.value,
        ...(suggestion ? { suggestion } : {}),
      });
    },
  },
});
