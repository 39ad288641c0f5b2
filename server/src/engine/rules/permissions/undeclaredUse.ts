import { declarePermission, type PermissionUse } from '../../fixes/declarePermission';
import { defineRule } from '../rule';
import { field, quote } from '../messages';

export const decision =
  'Handler modules are parsed, never run (handlers.undeclared-permission marks each use in the handler itself; this is its summary at the path): see that rule for what is read. ctx.listChannels, getSessionHistory and respondToHitl need hostTrigger: the reference lists them with triggerInbound as one capability.';

export const undeclaredUseRule = defineRule({
  code: 'permissions.undeclared-use',
  severity: 'warning',
  description:
    'A handler that uses a ctx member whose permission the manifest does not declare: ctx.toast and ctx.store are undefined, ctx.log silently does nothing, and the others throw a permission error (not-declared).',
  message: ({ jsonPath, filePath, member, without }: PermissionUse & { without: string }) =>
    `${quote(filePath)} uses \`${member}\`, but ${field(jsonPath)} is not declared, so ${without}.`,
  fix: declarePermission,
});
