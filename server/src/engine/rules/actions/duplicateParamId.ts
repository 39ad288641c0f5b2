import { arrayItems, leafValue, valueNode } from '../../model/nodes';
import type { At } from './shared';
import { defineRule } from '../rule';
import { field, quote } from '../messages';

export const decision =
  'A warning, not an error: the reference states no rule against it, but generate.populateParamId and forwardParamIds name params by id, so an id should name one param.';

export const duplicateParamIdRule = defineRule({
  code: 'actions.duplicate-param-id',
  severity: 'warning',
  description: 'Two params of one action share an id.',
  message: ({ jsonPath, id }: At & { id: string }) =>
    `Param id ${quote(id)} is used twice in ${field(jsonPath.slice(0, -2))}. A \`generate\` button names params by id alone.`,
  check: {
    action(action, { report }) {
      if (action.node.type !== 'object') return;
      const seen = new Set<string>();
      arrayItems(valueNode(action.node, 'params')).forEach((param, index) => {
        const id = leafValue(param, 'id');
        if (typeof id !== 'string') return;
        if (seen.has(id))
          report(valueNode(param, 'id')!, { jsonPath: [...action.jsonPath, 'params', index, 'id'], id });
        seen.add(id);
      });
    },
  },
});
