import { arrayItems, leafValue, valueNode } from '../../model/nodes';
import { defineRule } from '../rule';
import { describeParamType, generateField, generateValue, paramValues, type Suggesting } from './shared';
import { field, listOf, quote } from '../messages';
import { replaceWithSuggestion } from '../../fixes/shared';

export const generatePopulateRule = defineRule({
  code: 'actions.generate-populate',
  severity: 'error',
  description: "generate.populateParamId must name one of this action's per-file-text params.",
  message: ({
    jsonPath,
    paramId,
    namesParam,
    paramType,
    perFileText,
  }: Suggesting & { paramId: string; namesParam: boolean; paramType?: string; perFileText: string[] }) =>
    `${field(jsonPath)} ${quote(paramId)} is not a "per-file-text" param of this action${namesParam ? ` (it names ${describeParamType(paramType)})` : ''}.` +
    (perFileText.length === 0
      ? ' The action has none, and the button fills one with its result.'
      : perFileText.length === 1
        ? ` The action's one "per-file-text" param is ${quote(perFileText[0])}.`
        : ` The action's "per-file-text" params are ${listOf(perFileText)}.`),
  fix: replaceWithSuggestion,
  check: {
    action(action, { report }) {
      const named = generateValue(action, 'populateParamId');
      if (typeof named !== 'string' || paramValues(action).find((p) => p.id === named)?.type === 'per-file-text')
        return;
      const populate = generateField(action, 'populateParamId');
      if (typeof populate?.value !== 'string') return;
      const params = arrayItems(valueNode(action.node, 'params'));
      const param = params.find((p) => leafValue(p, 'id') === populate.value);
      if (param && leafValue(param, 'type') === 'per-file-text') return;
      const paramType = param && leafValue(param, 'type');
      const perFileText = params
        .filter((p) => leafValue(p, 'type') === 'per-file-text')
        .map((p) => leafValue(p, 'id'))
        .filter((id): id is string => typeof id === 'string');
      report(populate, {
        jsonPath: [...action.jsonPath, 'generate', 'populateParamId'],
        paramId: populate.value,
        namesParam: param !== undefined,
        ...(typeof paramType === 'string' ? { paramType } : {}),
        perFileText,
        ...(perFileText.length === 1 ? { suggestion: perFileText[0] } : {}),
      });
    },
  },
});
