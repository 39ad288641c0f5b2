import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectNone, expectRule, manifest, areaCodes } from './helpers';

const countTool =
  '{ "id": "count_words", "title": "Count", "description": "d", "schema": "s.json", "handler": "h.js", "annotations": { "readOnlyHint": true } }';
const actions = (entries: string) => manifest(`"contributes": { "tools": [${countTool}], "actions": [${entries}] }`);
const promptAction = (fields = '') =>
  `{ "id": "summarize", "title": "Summarize", "description": "d", "scope": "single-file", "prompt": "prompts/summarize.md"${fields ? `, ${fields}` : ''} }`;
const toolAction = (fields = '') =>
  `{ "id": "count", "title": "Count", "description": "d", "scope": ["single-file", "multi-file"], "kind": "tool", "toolId": "count_words"${fields ? `, ${fields}` : ''} }`;

test('complete prompt and tool actions have no diagnostics', () => {
  expectNone(
    actions(
      `${promptAction('"toolScope": "read-only", "fileExtensions": [".md"], "fileTypes": ["text"]')}, ${toolAction('"multiFileMode": "batch"')}`,
    ),
    areaCodes('actions'),
  );
});

test('actions.required: id, title, description, scope', () => {
  expectRule('actions.required', actions('«{» "id": "a", "title": "t", "description": "d", "prompt": "p.md" }'), {
    message: 'has no `scope`, which is required',
  });
});

test('actions.id: kebab-case, with the fix suggested', () => {
  expectRule('actions.id', actions(promptAction().replace('"summarize"', '«"Summarize_File"»')), {
    message: 'Did you mean "summarize-file"?',
  });
});

test('actions.scope: the three values, or an array of them', () => {
  expectRule('actions.scope', actions(promptAction().replace('"single-file"', '«"single"»')), {
    message: 'Did you mean "single-file"?',
  });
  expectRule(
    'actions.scope',
    actions(promptAction().replace('"scope": "single-file"', '"scope": ["folder", «"files"»]')),
  );
  expectRule('actions.scope', actions(promptAction().replace('"scope": "single-file"', '"scope": «3»')), {
    message: 'or an array of those',
  });
  // An empty array is an array of those: the reference does not refuse it.
  expectNone(actions(promptAction().replace('"scope": "single-file"', '"scope": []')), ['actions.scope']);
});

test('actions.scope-empty: an empty scope array offers the action for no selection (a warning), unless the action is hidden', () => {
  expectRule('actions.scope-empty', actions(promptAction().replace('"scope": "single-file"', '"scope": «[]»')), {
    severity: 'warning',
    message: 'for no selection',
  });
  expectNone(
    actions(
      `${toolAction('"hidden": true').replace('"scope": ["single-file", "multi-file"]', '"scope": []')}, ${promptAction('"params": [{ "id": "n", "label": "N", "type": "per-file-text" }], "generate": { "label": "G", "actionId": "count", "populateParamId": "n" }')}`,
    ),
    ['actions.scope-empty'],
  );
});

test('actions.wrong-type and actions.unknown-key', () => {
  expectRule('actions.wrong-type', actions(promptAction('"hidden": «"yes"»')), { message: 'must be true or false' });
  expectRule('actions.unknown-key', actions(promptAction('«"fileExtension"»: [".md"]')), {
    severity: 'warning',
    message: 'Did you mean `fileExtensions`?',
  });
});

test('actions.kind: prompt or tool', () => {
  expectRule('actions.kind', actions(promptAction('"kind": «"agent"»')));
});

test('actions.tool-scope: none or read-only', () => {
  expectRule('actions.tool-scope', actions(promptAction('"toolScope": «"readonly"»')), {
    message: 'Did you mean "read-only"?',
  });
});

test('actions.multi-file-mode: independent or batch', () => {
  expectRule('actions.multi-file-mode', actions(toolAction('"multiFileMode": «"parallel"»')));
});

test('actions.param-type: select, text or per-file-text', () => {
  expectRule(
    'actions.param-type',
    actions(promptAction('"params": [{ "id": "tone", "label": "Tone", "type": «"dropdown"» }]')),
  );
  expectRule('actions.required', actions(promptAction('"params": [«{» "id": "tone", "type": "text" }]')), {
    message: 'has no `label`, which is required',
  });
});

test('actions.prompt-required: a prompt action needs prompt, at its id key', () => {
  expectRule(
    'actions.prompt-required',
    actions('{ «"id"»: "a", "title": "t", "description": "d", "scope": "folder" }'),
  );
  expectRule(
    'actions.prompt-required',
    actions('{ "id": "a", "title": "t", "description": "d", "scope": "folder", «"kind"»: "prompt" }'),
  );
});

test('actions.prompt-forbidden and actions.tool-scope-forbidden for kind tool', () => {
  expectRule('actions.prompt-forbidden', actions(toolAction('«"prompt"»: "p.md"')));
  expectRule('actions.tool-scope-forbidden', actions(toolAction('«"toolScope"»: "none"')));
});

test('actions.tool-id-required and actions.tool-id-unknown', () => {
  expectRule(
    'actions.tool-id-required',
    actions('{ "id": "a", "title": "t", "description": "d", "scope": "folder", «"kind"»: "tool" }'),
  );
  const diagnostic = expectRule(
    'actions.tool-id-unknown',
    actions(toolAction().replace('"toolId": "count_words"', '"toolId": «"count_word"»')),
    {
      message: 'Did you mean "count_words"?',
    },
  );
  assert.equal(diagnostic.data.suggestion, 'count_words');
});

test('actions.tool-id-ignored and actions.multi-file-mode-ignored on a prompt action', () => {
  expectRule('actions.tool-id-ignored', actions(promptAction('«"toolId"»: "count_words"')), { severity: 'warning' });
  expectRule('actions.multi-file-mode-ignored', actions(promptAction('«"multiFileMode"»: "batch"')), {
    severity: 'warning',
  });
});

test('actions.duplicate-id: the later action, at its id', () => {
  expectRule(
    'actions.duplicate-id',
    actions(`${promptAction()}, ${promptAction().replace('"id": "summarize"', '"id": «"summarize"»')}`),
    { severity: 'warning' },
  );
});

test('actions.duplicate-param-id and actions.select-options', () => {
  expectRule(
    'actions.duplicate-param-id',
    actions(
      promptAction(
        '"params": [{ "id": "tone", "label": "T", "type": "text" }, { "id": «"tone"», "label": "U", "type": "text" }]',
      ),
    ),
    { severity: 'warning' },
  );
  expectRule(
    'actions.select-options',
    actions(promptAction('"params": [{ "id": "tone", "label": "T", "type": «"select"» }]')),
    { severity: 'warning' },
  );
  expectNone(
    actions(
      promptAction(
        '"params": [{ "id": "tone", "label": "T", "type": "select", "options": ["short", "long"], "default": "short" }]',
      ),
    ),
    areaCodes('actions'),
  );
});

const captionParams =
  '"params": [{ "id": "caption", "label": "Caption", "type": "per-file-text", "required": true }, { "id": "tone", "label": "Tone", "type": "text" }]';
const generator =
  '{ "id": "draft-caption", "title": "Draft", "description": "d", "scope": "single-file", "kind": "tool", "toolId": "count_words", "hidden": true }';
const withGenerate = (generate: string) =>
  actions(`${generator}, ${promptAction(`${captionParams}, "generate": ${generate}`)}`);

test('a generate button that names a hidden sibling tool action is clean', () => {
  expectNone(
    withGenerate(
      '{ "label": "Draft captions", "actionId": "draft-caption", "populateParamId": "caption", "forwardParamIds": ["tone"] }',
    ),
    areaCodes('actions'),
  );
});

test('actions.generate-action-unknown', () => {
  expectRule(
    'actions.generate-action-unknown',
    withGenerate('{ "label": "L", "actionId": «"draft-captions"», "populateParamId": "caption" }'),
    {
      message: 'Did you mean "draft-caption"?',
    },
  );
});

test('actions.generate-action-not-tool: a prompt sibling, or the action itself', () => {
  expectRule(
    'actions.generate-action-not-tool',
    withGenerate('{ "label": "L", "actionId": «"summarize"», "populateParamId": "caption" }'),
    { message: 'itself' },
  );
  const promptSibling = actions(
    `${promptAction().replace('"summarize"', '"other"')}, ${promptAction(`${captionParams}, "generate": { "label": "L", "actionId": «"other"», "populateParamId": "caption" }`)}`,
  );
  expectRule('actions.generate-action-not-tool', promptSibling, { message: 'names an action of kind "prompt"' });
});

test('actions.generate-populate: must be a per-file-text param of the action', () => {
  expectRule(
    'actions.generate-populate',
    withGenerate('{ "label": "L", "actionId": "draft-caption", "populateParamId": «"tone"» }'),
    { message: 'it names a "text" param' },
  );
  expectRule(
    'actions.generate-populate',
    withGenerate('{ "label": "L", "actionId": "draft-caption", "populateParamId": «"missing"» }'),
    { message: 'one "per-file-text" param is "caption"' },
  );
  expectRule(
    'actions.required',
    withGenerate('{ "label": "L", "actionId": "draft-caption" }').replace('"generate":', '«"generate"»:'),
    {
      message: 'has no `populateParamId`, which is required',
    },
  );
});

test('actions.generate-forward: forwardParamIds must exist', () => {
  expectRule(
    'actions.generate-forward',
    withGenerate(
      '{ "label": "L", "actionId": "draft-caption", "populateParamId": "caption", "forwardParamIds": ["tone", «"tones"»] }',
    ),
    {
      severity: 'warning',
      message: 'Did you mean "tone"?',
    },
  );
});

test('actions.hidden-unreachable: a hidden action nothing generates from', () => {
  expectRule('actions.hidden-unreachable', actions(toolAction('"hidden": «true»')), { severity: 'warning' });
});
