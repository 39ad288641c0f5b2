import { defineRule } from '../rule';

export const shapeRule = defineRule({
  code: 'hooks.shape',
  severity: 'error',
  description: 'Each hook value is either a handler path or { handler, filter? }.',
  shapeMessage: (finding, name) =>
    finding.keyword === 'required'
      ? `${name} needs \`handler\`: a hook is a handler path or { handler, filter? }.`
      : `${name} must be a handler path or { handler, filter? }.`,
});
