import { defineRule } from '../rule';

export const shapeRule = defineRule({
  code: 'hooks.shape',
  severity: 'error',
  description: 'Each hook value is either a handler path or { handler, filter? }.',
  shapeMessage: (finding, name) =>
    finding.keyword === 'required'
      ? `${name} has no \`handler\`. A hook is a handler's path, or an object with \`handler\` and an optional \`filter\`.`
      : `${name} must be a handler's path, or an object with \`handler\` and an optional \`filter\`.`,
});
