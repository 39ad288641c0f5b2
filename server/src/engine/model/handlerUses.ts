/** A ctx member a handler uses, and the permission that exposes it. */
export interface CtxUse {
  member: string;
  /** The permission path that must be declared, e.g. ["toast"] or ["fs", "write"]. */
  permission: string[];
  /** What happens without it, in the reference's words. */
  without: string;
}

const throwsNotDeclared = 'calling it throws a permission error (not-declared)';

/** The ctx members the reference gates, with their permission; matched in handler source as `ctx.<member>`. */
const gatedMembers: { pattern: RegExp; member: string; permission: string[]; without: string }[] = [
  {
    pattern: /\bctx\.toast\b/,
    member: 'ctx.toast',
    permission: ['toast'],
    without: 'ctx.toast is undefined when not declared',
  },
  {
    pattern: /\bctx\.store\b/,
    member: 'ctx.store',
    permission: ['store'],
    without: 'ctx.store is undefined when not declared',
  },
  { pattern: /\bctx\.log\b/, member: 'ctx.log', permission: ['log'], without: 'ctx.log silently does nothing' },
  { pattern: /\bctx\.settings\b/, member: 'ctx.settings', permission: ['settings'], without: throwsNotDeclared },
  {
    pattern: /\bctx\.renderHtmlToPdf\b/,
    member: 'ctx.renderHtmlToPdf',
    permission: ['renderHtmlToPdf'],
    without: throwsNotDeclared,
  },
  {
    pattern: /\bctx\.triggerInbound\b/,
    member: 'ctx.triggerInbound',
    permission: ['hostTrigger'],
    without: throwsNotDeclared,
  },
  // The reference names these with triggerInbound as one capability ("triggerInbound / listChannels / getSessionHistory
  // / respondToHitl").
  {
    pattern: /\bctx\.listChannels\b/,
    member: 'ctx.listChannels',
    permission: ['hostTrigger'],
    without: throwsNotDeclared,
  },
  {
    pattern: /\bctx\.getSessionHistory\b/,
    member: 'ctx.getSessionHistory',
    permission: ['hostTrigger'],
    without: throwsNotDeclared,
  },
  {
    pattern: /\bctx\.respondToHitl\b/,
    member: 'ctx.respondToHitl',
    permission: ['hostTrigger'],
    without: throwsNotDeclared,
  },
  {
    pattern: /\bctx\.ai\.complete\b/,
    member: 'ctx.ai.complete',
    permission: ['ai', 'complete'],
    without: throwsNotDeclared,
  },
  {
    pattern: /\bctx\.session\.getActive\b/,
    member: 'ctx.session.getActive',
    permission: ['session', 'getActive'],
    without: throwsNotDeclared,
  },
  {
    pattern: /\bctx\.session\.sendMessage\b/,
    member: 'ctx.session.sendMessage',
    permission: ['session', 'sendMessage'],
    without: throwsNotDeclared,
  },
  {
    pattern: /\bctx\.channels\.getIntegrationConfig\b/,
    member: 'ctx.channels.getIntegrationConfig',
    permission: ['channels', 'getIntegrationConfig'],
    without: throwsNotDeclared,
  },
  {
    pattern: /\bctx\.channels\.setIntegrationConfig\b/,
    member: 'ctx.channels.setIntegrationConfig',
    permission: ['channels', 'setIntegrationConfig'],
    without: throwsNotDeclared,
  },
  { pattern: /\bctx\.fs\.write\b/, member: 'ctx.fs.write', permission: ['fs', 'write'], without: throwsNotDeclared },
  {
    pattern: /\bctx\.fs\.(read|exists)\b/,
    member: 'ctx.fs.read',
    permission: ['fs', 'read'],
    without: throwsNotDeclared,
  },
  { pattern: /\bctx\.fs\.list\b/, member: 'ctx.fs.list', permission: ['fs', 'list'], without: throwsNotDeclared },
];

/**
 * The gated ctx members a handler's source uses. The source is read as text, never run; only a
 * context named `ctx` is recognized, which is how the reference and its examples name it.
 */
function ctxUses(source: string): CtxUse[] {
  return gatedMembers
    .filter(({ pattern }) => pattern.test(source))
    .map(({ member, permission, without }) => ({ member, permission, without }));
}

/** How a handler module exports its function. */
export type ModuleStyle = 'commonjs' | 'esm';

/** What the rules learn from a handler's text: the gated ctx members it uses, whether it is empty, how it exports. */
export interface HandlerFacts {
  uses: CtxUse[];
  /** Nothing but white space, or nothing at all: the module exports nothing. */
  empty: boolean;
  /** `export default` or `module.exports`; undefined when it uses neither. */
  moduleStyle?: ModuleStyle;
}

export function handlerFacts(source: string): HandlerFacts {
  const esm = /^[ \t]*export[ \t]+default\b/m.test(source);
  const moduleStyle = esm ? 'esm' : /\bmodule\.exports\b/.test(source) ? 'commonjs' : undefined;
  return { uses: ctxUses(source), empty: isBlank(source), ...(moduleStyle ? { moduleStyle } : {}) };
}

/** Nothing but white space (a byte-order mark is white space too). */
export function isBlank(text: string): boolean {
  return !/\S/.test(text);
}
