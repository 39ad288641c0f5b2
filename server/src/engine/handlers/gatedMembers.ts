/**
 * What happens when a handler uses a gated ctx member its manifest does not declare, in the reference's words, as a
 * message says it after "so".
 */
const throwsNotDeclared = () => 'calling it throws a "not-declared" permission error';

/** A ctx member the reference gates, and the permission that exposes it. */
export interface GatedMember {
  /** As the reference writes it: `ctx.fs.write`. */
  member: string;
  /** Its path below ctx: `['fs', 'write']`. A use of anything below it (`ctx.log.info`) is a use of it. */
  path: readonly string[];
  /** The permission path that must be declared, e.g. ["toast"] or ["fs", "write"]. */
  permission: readonly string[];
  /** What happens without it, in the reference's words, the member named as `written` (`ctx.toast`). */
  without(written: string): string;
}

function gated(
  member: string,
  permission: string[],
  without: (written: string) => string = throwsNotDeclared,
  path = member.split('.').slice(1),
): GatedMember {
  return { member, path, permission, without };
}

/**
 * The ctx members the reference gates, with their permission: the one table the handler analysis
 * reads (engine/handlers/handlerFacts.ts) and the permission rules report from.
 */
export const gatedMembers: readonly GatedMember[] = [
  gated('ctx.toast', ['toast'], (written) => `\`${written}\` is undefined`),
  gated('ctx.store', ['store'], (written) => `\`${written}\` is undefined`),
  gated('ctx.log', ['log'], (written) => `\`${written}\` silently does nothing`),
  gated('ctx.settings', ['settings']),
  gated('ctx.renderHtmlToPdf', ['renderHtmlToPdf']),
  gated('ctx.triggerInbound', ['hostTrigger']),
  // The reference names these with triggerInbound as one capability ("triggerInbound / listChannels / getSessionHistory
  // / respondToHitl").
  gated('ctx.listChannels', ['hostTrigger']),
  gated('ctx.getSessionHistory', ['hostTrigger']),
  gated('ctx.respondToHitl', ['hostTrigger']),
  gated('ctx.ai.complete', ['ai', 'complete']),
  gated('ctx.session.getActive', ['session', 'getActive']),
  gated('ctx.session.sendMessage', ['session', 'sendMessage']),
  gated('ctx.channels.getIntegrationConfig', ['channels', 'getIntegrationConfig']),
  gated('ctx.channels.setIntegrationConfig', ['channels', 'setIntegrationConfig']),
  gated('ctx.fs.write', ['fs', 'write']),
  gated('ctx.fs.read', ['fs', 'read']),
  // "The ctx.fs proxy (read, write, exists, …)": exists answers under the read rule.
  gated('ctx.fs.exists', ['fs', 'read']),
  gated('ctx.fs.list', ['fs', 'list']),
];

/** The gated member that `path` (below ctx) is or lies below, if any: `['log', 'info']` is a use of ctx.log. */
export function gatedMemberAt(path: readonly string[]): GatedMember | undefined {
  return gatedMembers.find(
    (entry) => entry.path.length <= path.length && entry.path.every((segment, i) => segment === path[i]),
  );
}

/**
 * A gated member as a handler writes it: below the name of its ctx parameter (`context.fs.read`), or as the reference
 * writes it when the parameter has no name of its own (destructured, `{ fs }`).
 */
export function writtenMember(gated: GatedMember, ctxName: string | undefined): string {
  return ctxName === undefined ? gated.member : [ctxName, ...gated.path].join('.');
}
