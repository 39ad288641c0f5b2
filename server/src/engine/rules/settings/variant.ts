import { defineRule } from '../rule';
import { enumMessage } from '../messages';

export const variantRule = defineRule({
  code: 'settings.variant',
  severity: 'error',
  description: 'variant is "primary", "secondary" or "danger".',
  shapeMessage: enumMessage(
    '"primary", "secondary" or "danger"',
    ['primary', 'secondary', 'danger'],
    "It is the style of the setting's button.",
  ),
});
