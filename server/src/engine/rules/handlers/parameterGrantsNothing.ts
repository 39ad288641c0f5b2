import type { PermissionUse } from '../../fixes/declarePermission';
import { defineRule } from '../rule';
import { noGrantWords } from '../../handlers/handlerWords';
import { field } from '../messages';

export const decision =
  'Slash commands and setting actions too: they run outside any agent call, with no tool arguments a path could be granted from. A warning when the fs rule has no static patterns; whether one covers the path used is not known from the code.';

export const parameterGrantsNothingRule = defineRule({
  code: 'handlers.parameter-grants-nothing',
  severity: 'warning',
  description:
    'Hook handlers receive the same wrapped ctx with an empty grant set and no calling-agent folder, so inside a hook parameter: true grants nothing: only static rules (and deny) apply there. Shown in the handler, at the fs use.',
  message: ({ jsonPath, member, handler }: PermissionUse & { handler: keyof typeof noGrantWords }) =>
    `\`${member}\` is refused here, as ${field(jsonPath)} has no static patterns. ` +
    `${noGrantWords[handler].why}, so ${noGrantWords[handler].where} \`parameter\` set to true grants nothing: add a static pattern for what it touches.`,
});
