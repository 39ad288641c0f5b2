import { asRecord } from '../model/manifestModel';
import { gatedMembers, type GatedMember } from './gatedMembers';
import type { CtxUse, HandlerKind, HandlerModule } from './handlerFacts';

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

/** How a manifest's permissions leave a gated member without effect in a handler of some kind. */
type Gap = PermissionGap['gap'];

/**
 * The gated members a manifest's permissions leave without effect, for each kind of handler: made once per validation,
 * read for every handler.
 */
export type PermissionGapTable = (kind: HandlerKind) => ReadonlyMap<GatedMember, Gap>;

export function permissionGapTable(permissions: Record<string, unknown>): PermissionGapTable {
  const byKind = new Map<HandlerKind, Map<GatedMember, Gap>>();
  return (kind) => {
    let gaps = byKind.get(kind);
    if (!gaps) {
      gaps = new Map();
      for (const gated of gatedMembers) {
        const gap = gapOf(permissions, gated, kind);
        if (gap) gaps.set(gated, gap);
      }
      byKind.set(kind, gaps);
    }
    return gaps;
  };
}

/**
 * Each use in the handler whose permission leaves it without effect. Parsed only when a member its text names lacks
 * its permission (or grants nothing there): otherwise no use the parse could find has a gap.
 */
export function permissionGaps(table: PermissionGapTable, handler: HandlerModule): PermissionGap[] {
  const gaps = table(handler.kind);
  if (!handler.text.mentions.some((gated) => gaps.has(gated))) return [];
  return handler.facts().ctxUses.flatMap((use) => {
    const gap = gaps.get(use.gated);
    return gap ? [{ use, gap }] : [];
  });
}

function gapOf(permissions: Record<string, unknown>, { permission }: GatedMember, kind: HandlerKind): Gap | undefined {
  if (!isDeclared(permissions, permission)) return 'undeclared';
  if (permission[0] === 'fs' && !grantsByParameter(kind) && !hasStaticPatterns(permissions, permission[1]))
    return 'parameter-only';
  return undefined;
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
