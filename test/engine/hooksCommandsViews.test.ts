import { test } from 'node:test';
import { expectNone, expectRule, manifest, areaCodes } from './helpers';

const contributes = (body: string) => manifest(`"contributes": { ${body} }`);

test('hooks as a path or { handler, filter } are clean for every named event', () => {
  expectNone(
    contributes(`"hooks": { "onAgentComplete": "hooks/complete.js", "onSessionMessage": { "handler": "hooks/message.js", "filter": { "role": "assistant" } },
      "onToolCall": "hooks/a.js", "onSessionStart": "hooks/a.js", "onAgentHitlRequest": "hooks/a.js", "onFileChangeNotify": "hooks/a.js",
      "onRuntimeReady": "hooks/a.js", "onAppReady": "hooks/a.js" }`),
    areaCodes('hooks'),
  );
});

test('hooks.shape: a number, or an object without handler', () => {
  expectRule('hooks.shape', contributes('"hooks": { "onAppReady": «42» }'), { severity: 'error' });
  expectRule('hooks.shape', contributes('"hooks": { «"onAppReady"»: { "filter": {} } }'), {
    message: 'has no `handler`',
  });
  expectRule('hooks.unknown-key', contributes('"hooks": { "onAppReady": { "handler": "a.js", «"filters"»: {} } }'), {
    message: 'Did you mean `filter`?',
  });
});

test('hooks.wrong-type: hooks is an object keyed by event name', () => {
  expectRule('hooks.wrong-type', contributes('"hooks": «["hooks/a.js"]»'), { message: 'must be an object' });
});

test('hooks.unknown-event: a warning with a did-you-mean', () => {
  expectRule('hooks.unknown-event', contributes('"hooks": { «"onAgentCompleted"»: "hooks/a.js" }'), {
    severity: 'warning',
    message: 'Did you mean `onAgentComplete`?',
  });
});

test('commands: required fields, duplicate ids, shape', () => {
  expectNone(
    contributes(
      '"commands": [{ "id": "wc", "title": "Word count", "icon": "count", "contexts": ["chat"], "handler": "commands/wc.js", "when": "always", "fileExtensions": [".md"] }]',
    ),
    areaCodes('commands'),
  );
  expectRule('commands.required', contributes('"commands": [«{» "id": "wc" }]'), {
    message: 'has no `title`, which is required',
  });
  expectRule(
    'commands.duplicate-id',
    contributes('"commands": [{ "id": "wc", "title": "A" }, { "id": «"wc"», "title": "B" }]'),
    { severity: 'warning' },
  );
  expectRule('commands.wrong-type', contributes('"commands": [{ "id": "wc", "title": "A", "contexts": «"chat"» }]'));
  expectRule('commands.unknown-key', contributes('"commands": [{ "id": "wc", "title": "A", «"handlr"»: "x.js" }]'));
});

test('views: required fields, duplicate ids, shape', () => {
  expectNone(
    contributes(
      '"views": [{ "id": "stats", "title": "Stats", "icon": "graph", "location": "sidebar", "definition": { "kind": "html" } }]',
    ),
    areaCodes('views'),
  );
  expectRule('views.required', contributes('"views": [«{» "title": "Stats" }]'), {
    message: 'has no `id`, which is required',
  });
  expectRule(
    'views.duplicate-id',
    contributes('"views": [{ "id": "s", "title": "A" }, { "id": «"s"», "title": "B" }]'),
    { severity: 'warning' },
  );
  expectRule('views.wrong-type', contributes('"views": [{ "id": "s", "title": «1» }]'));
  expectRule('views.unknown-key', contributes('"views": [{ "id": "s", "title": "A", «"place"»: "x" }]'));
});

test('contributes itself: unknown sections are warned about', () => {
  expectRule('manifest.unknown-key', contributes('«"tool"»: []'), { message: 'Did you mean `tools`?' });
});
