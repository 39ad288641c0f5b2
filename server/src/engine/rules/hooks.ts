import { own } from '../own';
import { closest, didYouMean, nameOf, namesInWords } from './messages';
import { renameKey } from '../fixes/shared';
import type { JsonPath } from '../model/nodes';
import { plugin } from './examples';
import { defineRule, defineRules, type RuleArea } from './rule';
import { manifestReference } from './reference';

/**
 * The hook events the reference names, with what each announces. Its list is open-ended. Without a
 * prototype, so that a hook keyed `constructor` or `toString` finds nothing here; read it with own().
 */
export const knownHookEvents: Readonly<Record<string, string>> = Object.assign(
  Object.create(null) as Record<string, string>,
  {
    onAgentComplete:
      "A folder agent's run completed. Heard only by plugins the run's folder allows (its plugin allow-list).",
    onSessionMessage: "A chat turn's message. Heard only by plugins the folder's allow-list allows.",
    onToolCall: 'A tool call in a chat. Heard only by plugins the chat\u2019s folder allows.',
    onSessionStart: 'A chat started. Heard only by plugins the chat\u2019s folder allows.',
    onAgentHitlRequest: "An approval (HITL) request. Heard only by plugins the run's folder allows.",
    onFileChangeNotify: 'A file-change notice. Heard only by plugins the folder allows.',
    onRuntimeReady:
      "Fires once per runtime start, after the plugin's settings are loaded: start a channel listener (polling, IMAP idle) here. Belongs to no folder: reaches every plugin.",
    onAppReady:
      'Fires when the app window is up: it may fire long after onRuntimeReady, or not at all where the background service runs without the app. Belongs to no folder: reaches every plugin.',
  },
);

const definitions = defineRules([
  defineRule({
    code: 'hooks.shape',
    severity: 'error',
    description: 'Each hook value is either a handler path or { handler, filter? }.',
    quotes: [
      manifestReference(
        'hooks{} \u2014 event handlers',
        'Keyed by event name; each value is either a handler path or { handler, filter? }.',
      ),
    ],
    shapeMessage: (finding, name) =>
      finding.keyword === 'required'
        ? `${name} has no \`handler\`. A hook is a handler's path, or an object with \`handler\` and an optional \`filter\`.`
        : `${name} must be a handler's path, or an object with \`handler\` and an optional \`filter\`.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "hooks": {
                «"onAgentComplete"»: { "filter": { "status": "success" } }
              }
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "hooks": {
                "onAgentComplete": { "handler": "./hooks/done.js", "filter": { "status": "success" } }
              }
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'hooks.unknown-event',
    severity: 'warning',
    description:
      'A hook keyed by an event name the reference does not name (onAgentComplete, onSessionMessage, onToolCall, …).',
    decision: 'A warning, not an error: the reference\u2019s list of events is open-ended ("…").',
    quotes: [
      manifestReference(
        'hooks{} \u2014 event handlers',
        'Event names, payloads and the filter shape are on Hooks and events (onAgentComplete, onSessionMessage, onToolCall, \u2026).',
      ),
    ],
    message: ({ event, suggestion }: { jsonPath: JsonPath; event: string; suggestion?: string }) =>
      `Hook event ${nameOf(event)} is not one the reference names, so its handler may never run. ` +
      `The events it names are ${namesInWords(Object.keys(knownHookEvents).map(nameOf))}.${didYouMean(suggestion, nameOf)}`,
    fix: renameKey,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "hooks": {
                «"onAgentCompleted"»: "./hooks/done.js"
              }
            }`),
          fixed: {
            title: 'Change to "onAgentComplete"',
            manifest: plugin(`
              "contributes": {
                "hooks": {
                  "onAgentComplete": "./hooks/done.js"
                }
              }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "hooks": {
                "onAgentComplete": "./hooks/done.js"
              }
            }`),
        },
      ],
    },
  }),
]);

/** Why a hook for a folder's event may stay silent: the reference's folder allow-list rule. */
const allowListRule =
  "A hook for a folder's run fires only if that folder allows your plugin: the folder's plugin allow-list (settings' plugin_allow_list, which a parent folder can narrow) decides which plugins' hooks hear about the run. A folder with no list reaches every installed plugin; an empty list reaches none.";

/**
 * What a known hook event announces, in paragraphs: what it is, then (for an event that belongs to a
 * folder) the allow-list rule. Undefined for an event the reference does not name. Hover and completion say this.
 */
export function hookEventDocumentation(event: string): string[] | undefined {
  const announces = own(knownHookEvents, event);
  if (announces === undefined) return undefined;
  return announces.includes('reaches every plugin') ? [announces] : [announces, allowListRule];
}

/** contributes.hooks{}: event handlers, keyed by event name. */
export const hookRules: RuleArea<typeof definitions> = {
  rules: definitions,
  check({ model, report }) {
    for (const hook of model.hooks) {
      const event = String(hook.key);
      if (own(knownHookEvents, event) !== undefined) continue;
      const suggestion = closest(event, Object.keys(knownHookEvents));
      report('hooks.unknown-event', hook.keyNode!, {
        jsonPath: hook.jsonPath,
        event,
        ...(suggestion ? { suggestion } : {}),
      });
    }
  },
};
