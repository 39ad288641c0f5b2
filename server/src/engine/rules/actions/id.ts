import { defineRule } from '../rule';
import { kebabCaseValue } from '../../fixes/shared';
import { didYouMean, kebabCaseWords, quote, toKebabCase } from '../messages';

export const idRule = defineRule({
  code: 'actions.id',
  severity: 'error',
  description: 'An action id is kebab-case.',
  shapeMessage: (_finding, name, value) => {
    const kebab = typeof value === 'string' ? toKebabCase(value) : '';
    return `${name} ${quote(value)} is not ${kebabCaseWords}.${didYouMean(kebab || undefined, quote)}`;
  },
  fix: kebabCaseValue,
});
