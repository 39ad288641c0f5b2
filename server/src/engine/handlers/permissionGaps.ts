import { asRecord } from '../model/manifestModel';
import type { CtxUse, HandlerFacts, HandlerKind } from './handlerFacts';

/**
 * A ctx use the manifest's permissions leave without effect: its permission is not declared, or it is
 * an fs use outside a tool call (a hook, a slash command, a setting action), where the rule grants
 * only by `"parameter": true` and so grants nothing. What the permission rules of the manifest and
 * of the handler file both report.
 */
interface PermissionGap {
  use: CtxUse;
  gap: 'undeclared' | 'parameter-only';
}

/**
 * Hook handlers "receive the same wrapped ctx with an empty grant set and no calling-agent folder";
 * a slash command or a setting action runs outside any agent call too, with no tool arguments to take
 * a path from: for each of them `"parameter": true` grants nothing.
 */
function grantsByParameter(kind: HandlerKind): boolean {
  return kind === 'tool';
}

export function permissionGaps(
  permissions: Record<string, unknown>,
  facts: HandlerFacts,
  kind: HandlerKind,
): PermissionGap[] {
  const gaps: PermissionGap[] = [];
  for (const use of facts.ctxUses) {
    const { permission } = use.gated;
    if (!isDeclared(permissions, permission)) gaps.push({ use, gap: 'undeclared' });
    else if (permission[0] === 'fs' && !grantsByParameter(kind) && !hasStaticPatterns(permissions, permission[1]))
      gaps.push({ use, gap: 'parameter-only' });
  }
  return gaps;
}

/** A flag is declared by `true`; an object (fs.write, session) by being there; ai.complete and the like by `true`. */
export function isDeclared(permissions: Record<string, unknown>, path: readonly string[]): boolean {
  let value: unknown = permissions;
  for (const key of path) value = asRecord(value)[key];
  return value === true || (value !== null && typeof value === 'object');
}

/**
 * Whether the fs rule for `access` lists static patterns; whether one covers the path a handler uses is not known from
 * its text.
 */
function hasStaticPatterns(permissions: Record<string, unknown>, access: string): boolean {
  const rule = asRecord(asRecord(permissions.fs)[access]);
  return Array.isArray(rule.static) && rule.static.length > 0;
}
