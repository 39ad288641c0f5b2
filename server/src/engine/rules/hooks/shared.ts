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
