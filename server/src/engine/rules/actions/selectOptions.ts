import { arrayItems, leafValue, valueNode } from '../../model/nodes';
import { paramValues, type At } from './shared';
import { addRequiredField } from '../../fixes/shared';
import { defineRule } from '../rule';
import { field } from '../messages';

export const decision =
  'A warning: the reference makes options optional, but a select with no options cannot be answered.';

export const selectOptionsRule = defineRule({
  code: 'actions.select-options',
  severity: 'warning',
  description: 'A "select" param offers its options: without them the dialog shows an empty list.',
  message: ({ jsonPath }: At & { missingField: 'options' }) =>
    `${field(jsonPath)} is a "select" param without \`options\`, so the dialog would offer nothing to choose. Add the options.`,
  fix: addRequiredField,
  check: {
    action(action, { report }) {
      const withoutOptions = (param: Record<string, unknown>) =>
        param.type === 'select' && !(Array.isArray(param.options) && param.options.length > 0);
      if (action.node.type !== 'object' || !paramValues(action).some(withoutOptions)) return;
      arrayItems(valueNode(action.node, 'params')).forEach((param, index) => {
        if (leafValue(param, 'type') === 'select' && arrayItems(valueNode(param, 'options')).length === 0)
          report(valueNode(param, 'type')!, {
            jsonPath: [...action.jsonPath, 'params', index],
            missingField: 'options',
          });
      });
    },
  },
});
