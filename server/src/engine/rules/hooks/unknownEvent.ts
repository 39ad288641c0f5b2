import { own } from '../../own';
import type { JsonPath } from '../../model/nodes';
import { defineRule } from '../rule';
import { closest, didYouMean, nameOf, namesInWords } from '../messages';
import { knownHookEvents } from './shared';
import { renameKey } from '../../fixes/shared';

export const decision = 'A warning, not an error: the reference\u2019s list of events is open-ended ("…").';

export const unknownEventRule = defineRule({
  code: 'hooks.unknown-event',
  severity: 'warning',
  description:
    'A hook keyed by an event name the reference does not name (onAgentComplete, onSessionMessage, onToolCall, …).',
  message: ({ event, suggestion }: { jsonPath: JsonPath; event: string; suggestion?: string }) =>
    `Hook event ${nameOf(event)} is not one the reference names, so its handler may never run. ` +
    `The events it names are ${namesInWords(Object.keys(knownHookEvents).map(nameOf))}.${didYouMean(suggestion, nameOf)}`,
  fix: renameKey,
  check: {
    hook(hook, { report }) {
      const event = String(hook.key);
      if (own(knownHookEvents, event) !== undefined) return;
      const suggestion = closest(event, Object.keys(knownHookEvents));
      report(hook.keyNode!, { jsonPath: hook.jsonPath, event, ...(suggestion ? { suggestion } : {}) });
    },
  },
});
