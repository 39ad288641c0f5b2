import type { PermissionUse } from '../fixes/declarePermission';
import type { FileReference } from '../model/references';
import type { CtxUse, HandlerModule } from '../handlers/handlerFacts';
import { permissionGaps, type PermissionGapTable } from '../handlers/permissionGaps';
import type { noGrantWords } from '../handlers/handlerWords';

/**
 * A ctx use in a handler that the manifest's permissions leave without effect, with what its findings carry: its
 * permission is not declared (`without` it, what happens), or the handler is not a tool's and the fs rule grants
 * only by parameter (`handler`, the kind that receives no path).
 */
export type PermissionGapFinding = { use: CtxUse } & (
  | { gap: 'undeclared'; data: PermissionUse & { without: string } }
  | { gap: 'parameter-only'; data: PermissionUse & { handler: keyof typeof noGrantWords } }
);

/**
 * Each permission gap of a handler module the manifest names at `reference`, as its findings say it. One mistake is
 * said in two places, from this one computation: at the use in the handler (handlers.undeclared-permission,
 * handlers.parameter-grants-nothing), where the author of the code looks, and at the handler's path in the manifest
 * (permissions.undeclared-use, permissions.hook-parameter-only), where a check of the manifest alone looks.
 */
export function permissionGapFindings(
  table: PermissionGapTable,
  handler: HandlerModule,
  reference: FileReference,
): PermissionGapFinding[] {
  return permissionGaps(table, handler).flatMap(({ use, gap }): PermissionGapFinding[] => {
    const data: PermissionUse = {
      jsonPath: ['permissions', ...use.gated.permission],
      filePath: reference.filePath,
      member: use.written,
      handler: handler.kind,
    };
    if (gap === 'undeclared') return [{ use, gap, data: { ...data, without: use.gated.without(use.written) } }];
    return handler.kind === 'tool' ? [] : [{ use, gap, data: { ...data, handler: handler.kind } }];
  });
}
