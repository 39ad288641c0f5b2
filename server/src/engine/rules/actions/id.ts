import { defineRule } from '../rule';
import { kebabCaseValue } from '../../fixes/shared';
import { quote, toKebabCase } from '../messages';

export const idRule = defineRule({
  code: 'actions.id',
  severity: 'error',
  description: 'An action id is kebab-case.',
  shapeMessage: (_finding, name, value) => {
    const kebab = typeof value === 'string' ? toKebabCase(value) : '';
    return `${name} ${quote(value)} must be kebab-case (^[a-z0-9]+(-[a-z0-9]+)*$).${kebab ? ` Did you mean ${quote(kebab)}?` : ''}`;
  },
  fix: kebabCaseValue,
});
