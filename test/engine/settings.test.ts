import { test } from 'node:test';
import { expectNone, expectRule, manifest, areaCodes } from './helpers';

const settings = (entries: string) => manifest(`"contributes": { "settings": { ${entries} } }`);

test('settings of every type, done right, are clean', () => {
  expectNone(
    settings(`"apiKey": { "type": "string", "title": "API key", "secret": true, "required": true },
    "verbose": { "type": "boolean", "title": "Verbose", "default": false },
    "limit": { "type": "number", "title": "Limit", "min": 1, "max": 100, "default": 10, "order": 2 },
    "mode": { "type": "string", "title": "Mode", "enum": ["fast", "careful"], "default": "fast", "multiline": false },
    "reset": { "type": "action", "title": "Reset", "handler": "settings/reset.js", "variant": "danger" },
    "about": { "type": "info", "title": "About", "description": "Made with care." }`),
    areaCodes('settings'),
  );
});

test('settings.required: type and title, at the setting key', () => {
  expectRule('settings.required', settings('«"apiKey"»: { "type": "string" }'), {
    message: 'has no `title`, which is required',
  });
});

test('settings.type: the five types, with a did-you-mean', () => {
  expectRule('settings.type', settings('"apiKey": { "type": «"text"», "title": "Key" }'));
  expectRule('settings.type', settings('"on": { "type": «"bool"», "title": "On" }'), {
    message: 'Did you mean "boolean"?',
  });
});

test('settings.variant: primary, secondary or danger', () => {
  expectRule(
    'settings.variant',
    settings('"reset": { "type": "action", "title": "Reset", "handler": "r.js", "variant": «"warning"» }'),
  );
});

test('settings.action-handler: type action needs handler, at the type', () => {
  // A warning: the reference lists handler? as optional and says nothing of a refusal; the button runs nothing.
  expectRule('settings.action-handler', settings('"reset": { "type": «"action"», "title": "Reset" }'), {
    severity: 'warning',
  });
});

test('a key typed again without a value: the rules point at the value the plain value holds (this threw)', () => {
  // The second `type` has no value yet (a missing comma): the plain value keeps "action", and so does valueNode.
  expectRule('settings.action-handler', settings('"reset": { "type": «"action"» "type", "title": "Reset" }'));
});

test('settings.action-only: handler or variant on another type', () => {
  expectRule(
    'settings.action-only',
    settings('"name": { "type": "string", "title": "Name", «"variant"»: "primary" }'),
    { severity: 'warning' },
  );
});

test('settings.min-max and settings.number-only', () => {
  // A warning: the reference states no order between min and max, so nothing says the loader refuses it.
  expectRule('settings.min-max', settings('"limit": { "type": "number", "title": "Limit", "min": «10», "max": 1 }'), {
    severity: 'warning',
  });
  expectRule('settings.number-only', settings('"name": { "type": "string", "title": "Name", «"min"»: 1 }'));
});

test('settings.default: type, enum and bounds', () => {
  expectRule('settings.default', settings('"limit": { "type": "number", "title": "Limit", "default": «"10"» }'), {
    message: 'must be a number',
  });
  expectRule(
    'settings.default',
    settings('"mode": { "type": "string", "title": "Mode", "enum": ["a", "b"], "default": «"c"» }'),
    { message: 'enum' },
  );
  expectRule(
    'settings.default',
    settings('"limit": { "type": "number", "title": "Limit", "min": 1, "max": 5, "default": «9» }'),
    { message: 'is more than `max`' },
  );
});

test('settings.unknown-key and settings.wrong-type', () => {
  expectRule('settings.unknown-key', settings('"k": { "type": "string", "title": "K", «"secrets"»: true }'), {
    message: 'Did you mean `secret`?',
  });
  expectRule('settings.wrong-type', settings('"k": { "type": "string", "title": "K", "secret": «"yes"» }'));
});
