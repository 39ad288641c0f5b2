import type { HandlerKind } from './handlerFacts';

/** A handler named by its kind, as a message starts: "Hook handler "hooks/done.js" uses…". */
export const handlerWords: Record<HandlerKind, string> = {
  tool: 'Tool handler',
  hook: 'Hook handler',
  command: 'Slash command handler',
  setting: 'Setting action handler',
};

/**
 * Why `"parameter": true` grants a handler of this kind nothing: the reference's words for hooks, ours for the others.
 */
export const noGrantWords: Record<Exclude<HandlerKind, 'tool'>, { why: string; where: string }> = {
  hook: { why: 'Hook handlers receive `ctx` with an empty grant set', where: 'inside a hook' },
  command: { why: 'A slash command runs outside any agent call, with no tool arguments', where: 'in a slash command' },
  setting: {
    why: 'A setting action runs outside any agent call, with no tool arguments',
    where: 'in a setting action',
  },
};
