import type { PermissionUse } from '../../fixes/declarePermission';
import { defineRule } from '../rule';
import { handlerWords, noGrantWords } from '../../handlers/handlerWords';
import { capitalized, field, quote } from '../messages';

export const decision =
  'A warning when a hook handler uses ctx.fs and the fs rule it needs has no static patterns; whether a pattern covers the path the hook uses is not known from its text. Slash commands and setting actions too: they run outside any agent call, with no tool arguments a path could be granted from (handlers.parameter-grants-nothing marks each use in the handler).';

export const hookParameterOnlyRule = defineRule({
  code: 'permissions.hook-parameter-only',
  severity: 'warning',
  description:
    'Hook handlers receive ctx with an empty grant set and no calling-agent folder, so inside a hook parameter: true grants nothing: only static rules (and deny) apply there.',
  message: ({ jsonPath, filePath, member, handler }: PermissionUse & { handler: keyof typeof noGrantWords }) =>
    `${handlerWords[handler]} ${quote(filePath)} uses \`${member}\`, but ${field(jsonPath)} has no static patterns. ` +
    `${capitalized(noGrantWords[handler].where)}, \`parameter\` set to true grants nothing, as only static patterns and \`deny\` apply: add a static pattern for what it touches.`,
});
