import { arrayItems, leafValue, valueNode } from '../../model/nodes';
import { generateValue, paramValues, type Suggesting } from './shared';
import { defineRule } from '../rule';
import { closest, didYouMean, field, quote } from '../messages';
import { replaceWithSuggestion } from '../../fixes/shared';

export const decision =
  "A warning, not an error: the reference names forwardParamIds? without a rule, nor whose params they are; read as this action's own, the ones it has values to forward, so another id forwards nothing.";

export const generateForwardRule = defineRule({
  code: 'actions.generate-forward',
  severity: 'warning',
  description: 'generate.forwardParamIds name params of this action.',
  message: ({ jsonPath, paramId, suggestion }: Suggesting & { paramId: string }) =>
    `${field(jsonPath)} ${quote(paramId)} names no param of this action, so nothing is forwarded under it.${didYouMean(suggestion, quote)}`,
  fix: replaceWithSuggestion,
  check: {
    action(action, { report }) {
      const forwarded = generateValue(action, 'forwardParamIds');
      if (!Array.isArray(forwarded) || forwarded.length === 0) return;
      const ids = paramValues(action).map((param) => param.id);
      if (forwarded.every((id) => typeof id !== 'string' || ids.includes(id))) return;
      const generate = action.node.type === 'object' ? valueNode(action.node, 'generate') : undefined;
      const forwards = generate?.type === 'object' ? arrayItems(valueNode(generate, 'forwardParamIds')) : [];
      if (forwards.length === 0) return;
      const paramIds = arrayItems(valueNode(action.node, 'params'))
        .map((p) => leafValue(p, 'id'))
        .filter((v): v is string => typeof v === 'string');
      forwards.forEach((forward, index) => {
        if (typeof forward.value !== 'string' || paramIds.includes(forward.value)) return;
        const suggestion = closest(forward.value, paramIds);
        report(forward, {
          jsonPath: [...action.jsonPath, 'generate', 'forwardParamIds', index],
          paramId: forward.value,
          ...(suggestion ? { suggestion } : {}),
        });
      });
    },
  },
});
