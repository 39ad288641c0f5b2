import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  analyzeManifest,
  computeContextMenu,
  type ContextMenuModel,
  type MenuSelection,
} from '../../server/src/engine';
import { matchesExtension, matchesFileType } from '../../server/src/engine/menu/fileTypes';
import { manifest } from './helpers';

function menu(body: string, selection: MenuSelection): ContextMenuModel {
  return computeContextMenu(analyzeManifest(manifest(body)).model, selection);
}

function offered(body: string, selection: MenuSelection): string[] {
  return menu(body, selection).entries.map((entry) => `${entry.source}:${entry.id}`);
}

const file = (name: string): MenuSelection => ({ kind: 'file', names: [name] });
const files = (...names: string[]): MenuSelection => ({ kind: 'files', names });
const folder = (name = 'notes'): MenuSelection => ({ kind: 'folder', names: [name] });

const action = (id: string, fields: string) =>
  `{ "id": "${id}", "title": "${id} title", "description": "d", "prompt": "./p.md"${fields ? `, ${fields}` : ''} }`;

test('scope: a string or an array, matched against the kind of selection', () => {
  const body = `"contributes": { "actions": [
    ${action('one', '"scope": "single-file"')},
    ${action('many', '"scope": "multi-file"')},
    ${action('dir', '"scope": "folder"')},
    ${action('files-or-dir', '"scope": ["multi-file", "folder"]')}
  ] }`;
  assert.deepEqual(offered(body, file('a.md')), ['action:one']);
  assert.deepEqual(offered(body, files('a.md', 'b.md')), ['action:many', 'action:files-or-dir']);
  assert.deepEqual(offered(body, folder()), ['action:dir', 'action:files-or-dir']);
});

test('scope: "several files" with one name is one file, as Filer sees a selection of one', () => {
  const body = `"contributes": { "actions": [
    ${action('one', '"scope": "single-file"')},
    ${action('many', '"scope": "multi-file"')}
  ] }`;
  assert.deepEqual(offered(body, files('a.md')), ['action:one']);
  assert.deepEqual(menu(body, files('a.md')), menu(body, file('a.md')));
});

test('scope: an excluded action says which scope it has and what was selected', () => {
  const model = menu(`"contributes": { "actions": [${action('dir', '"scope": "folder"')}] }`, file('a.md'));
  assert.equal(model.excluded.length, 1);
  assert.equal(model.excluded[0].id, 'dir');
  assert.match(model.excluded[0].reason, /scope is "folder", but one file is selected \(needs "single-file"\)/);
  // An empty scope array is there, not missing.
  assert.equal(
    menu(`"contributes": { "actions": [${action('none', '"scope": []')}] }`, file('a.md')).excluded[0].reason,
    'scope is an empty array, but one file is selected (needs "single-file").',
  );
  assert.equal(
    menu(`"contributes": { "actions": [${action('none', '')}] }`, file('a.md')).excluded[0].reason,
    'scope is missing, but one file is selected (needs "single-file").',
  );
});

test('fileExtensions: every selected file must match; dot and case do not matter', () => {
  const body = `"contributes": { "actions": [${action('md', '"scope": ["single-file", "multi-file"], "fileExtensions": [".md", "TXT"]')}] }`;
  assert.deepEqual(offered(body, file('Report.MD')), ['action:md']);
  assert.deepEqual(offered(body, file('notes.txt')), ['action:md']);
  assert.deepEqual(offered(body, file('report.pdf')), []);
  assert.deepEqual(offered(body, files('a.md', 'b.txt')), ['action:md']);
  const mixed = menu(body, files('a.md', 'b.pdf'));
  assert.deepEqual(mixed.entries, []);
  assert.match(mixed.excluded[0].reason, /b\.pdf does not match fileExtensions \[\.md, TXT\]/);
});

test('fileExtensions: do not apply to a folder selection', () => {
  assert.deepEqual(
    offered(
      `"contributes": { "actions": [${action('dir', '"scope": "folder", "fileExtensions": [".md"]')}] }`,
      folder('docs'),
    ),
    ['action:dir'],
  );
});

test('fileExtensions: a multi-part extension matches the end of the name, and a bare extension is not a name', () => {
  assert.equal(matchesExtension('backup.tar.gz', '.tar.gz'), true);
  assert.equal(matchesExtension('backup.gz', '.tar.gz'), false);
  assert.equal(matchesExtension('.md', '.md'), false);
  assert.equal(matchesExtension('readme', ''), false);
});

test('fileTypes: MIME groups, MIME types, wildcards, named groups and extensions', () => {
  assert.equal(matchesFileType('photo.JPG', 'image'), true);
  assert.equal(matchesFileType('photo.jpg', 'image/*'), true);
  assert.equal(matchesFileType('photo.jpg', 'image/png'), false);
  assert.equal(matchesFileType('photo.png', 'image/png'), true);
  assert.equal(matchesFileType('notes.md', 'text'), true);
  assert.equal(matchesFileType('notes.md', 'document'), true);
  assert.equal(matchesFileType('paper.pdf', 'pdf'), true);
  assert.equal(matchesFileType('paper.pdf', 'text'), false);
  assert.equal(matchesFileType('sheet.xlsx', 'spreadsheet'), true);
  assert.equal(matchesFileType('song.mp3', 'audio'), true);
  assert.equal(matchesFileType('clip.mp4', 'video'), true);
  assert.equal(matchesFileType('code.ts', 'code'), true);
  assert.equal(matchesFileType('data.bin', 'document'), false);
  assert.equal(matchesFileType('data.bin', '.bin'), true);
});

test('fileTypes: every selected file must match, and both filters must admit it when both are declared', () => {
  const images = `"contributes": { "actions": [${action('img', '"scope": ["single-file", "multi-file"], "fileTypes": ["image"]')}] }`;
  assert.deepEqual(offered(images, files('a.png', 'b.jpeg')), ['action:img']);
  assert.deepEqual(offered(images, files('a.png', 'b.md')), []);
  assert.match(menu(images, files('a.png', 'b.md')).excluded[0].reason, /b\.md does not match fileTypes \[image\]/);

  const both = `"contributes": { "actions": [${action('png-only', '"scope": "single-file", "fileTypes": ["image"], "fileExtensions": [".png"]')}] }`;
  assert.deepEqual(offered(both, file('a.png')), ['action:png-only']);
  assert.deepEqual(offered(both, file('a.jpg')), []);
});

test('hidden: never offered, whatever the selection; its reason says why', () => {
  const body = `"contributes": { "actions": [${action('secret', '"scope": ["single-file", "multi-file", "folder"], "hidden": true')}] }`;
  for (const selection of [file('a.md'), files('a.md', 'b.md'), folder()])
    assert.deepEqual(offered(body, selection), []);
  assert.match(menu(body, file('a.md')).excluded[0].reason, /^hidden: true/);
  assert.deepEqual(offered(body.replace('"hidden": true', '"hidden": false'), file('a.md')), ['action:secret']);
});

const tools = `"tools": [
    { "id": "count_words", "title": "Count words", "description": "Counts words.", "schema": "./s.json", "handler": "./h.js", "fileExtensions": [".md", ".txt"], "annotations": { "readOnlyHint": true } },
    { "id": "publish", "title": "Publish", "description": "Posts it.", "schema": "./s.json", "handler": "./h.js" },
    { "id": "merge_pdfs", "title": "Merge PDFs", "description": "Merges.", "schema": "./s.json", "handler": "./h.js", "annotations": { "readOnlyHint": false } }
  ]`;

test('tools: offered for files through their fileExtensions, never for a folder, with their category', () => {
  const model = menu(`"contributes": { ${tools} }`, file('a.md'));
  assert.deepEqual(
    model.entries.map((entry) => `${entry.source}:${entry.id}`),
    ['tool:count_words'],
  );
  const [entry] = model.entries;
  assert.equal(entry.kind, 'tool');
  assert.ok(entry.tool?.found);
  assert.equal(entry.tool.category, 'read');
  assert.equal(entry.tool.gating, 'read (readOnlyHint: true)');
  // Chosen from the menu, a tool is the person's call, not the agent's: the gate does not ask (actions.kind's
  // decision).
  assert.match(
    entry.tool.whenChosen,
    /^Chosen from the menu, it runs without asking: .*the approval gate gates the agent's calls only\.$/,
  );
  assert.deepEqual(offered(`"contributes": { ${tools} }`, files('a.md', 'b.pdf')), []);
  assert.deepEqual(offered(`"contributes": { ${tools} }`, folder('docs.md')), []);
});

test('tool kind: the entry carries the tool it calls and the category the plugin implies', () => {
  const body = `"permissions": { "fetch": { "static": ["api.example.com"] } },
  "contributes": { ${tools}, "actions": [
    { "id": "post", "title": "Post", "description": "d", "scope": "single-file", "kind": "tool", "toolId": "publish" },
    { "id": "ghost", "title": "Ghost", "description": "d", "scope": "single-file", "kind": "tool", "toolId": "nope" },
    { "id": "blank", "title": "Blank", "description": "d", "scope": "single-file", "kind": "tool" }
  ] }`;
  const [post, ghost, blank] = menu(body, file('a.pdf')).entries;
  assert.equal(post.kind, 'tool');
  assert.deepEqual(post.tool, {
    id: 'publish',
    title: 'Publish',
    found: true,
    category: 'external',
    gating: 'external (openWorldHint: true, implied by permissions.fetch)',
    asks: 'asks at every level below Full Auto; refused in Sandbox',
    whenChosen:
      "Chosen from the menu, it runs without asking: Filer calls the tool directly, with no agent turn, and the approval gate gates the agent's calls only.",
  });
  assert.equal(post.dialog.prompt, undefined);
  assert.equal(ghost.tool?.found, false);
  assert.ok(!('category' in ghost.tool), 'no category for a tool that is not there');
  assert.ok(!('whenChosen' in ghost.tool), 'nothing runs when the tool is not there');
  // What the preview says when the tool cannot be called: the engine's words, not "(no toolId): no such tool".
  assert.equal(ghost.tool?.problem, '"nope" is not a tool of this manifest');
  assert.deepEqual(blank.tool, {
    id: '',
    found: false,
    problem: 'no toolId: a kind: "tool" action names the tool it calls',
  });
});

test('dialog: params as controls, required marks, generate button', () => {
  const body = `"contributes": { ${tools}, "actions": [
    { "id": "caption", "title": "Caption images", "description": "Writes captions.", "scope": ["single-file", "multi-file"], "kind": "tool", "toolId": "merge_pdfs",
      "params": [
        { "id": "tone", "label": "Tone", "type": "select", "options": ["formal", { "value": "casual", "label": "Casual" }], "default": "casual", "required": true },
        { "id": "note", "label": "Note", "type": "text", "placeholder": "Anything else?", "default": "" },
        { "id": "captions", "label": "Captions", "type": "per-file-text" }
      ],
      "generate": { "label": "Suggest captions", "actionId": "suggest", "populateParamId": "captions", "forwardParamIds": ["tone"] } },
    { "id": "suggest", "title": "Suggest", "description": "d", "scope": "single-file", "kind": "tool", "toolId": "merge_pdfs", "hidden": true }
  ] }`;
  const model = menu(body, files('a.png', 'b.png'));
  assert.deepEqual(
    model.entries.map((entry) => entry.id),
    ['caption'],
  );
  const { dialog } = model.entries[0];
  assert.deepEqual(
    dialog.controls.map(
      ({ id, type, required, options, default: initial, placeholder, perFileFields, filledByGenerate }) => ({
        id,
        type,
        required,
        options,
        initial,
        placeholder,
        perFileFields,
        filledByGenerate,
      }),
    ),
    [
      {
        id: 'tone',
        type: 'select',
        required: true,
        options: [
          { value: 'formal', label: 'formal' },
          { value: 'casual', label: 'Casual' },
        ],
        initial: 'casual',
        placeholder: undefined,
        perFileFields: [],
        filledByGenerate: false,
      },
      {
        id: 'note',
        type: 'text',
        required: false,
        options: [],
        initial: '',
        placeholder: 'Anything else?',
        perFileFields: [],
        filledByGenerate: false,
      },
      {
        id: 'captions',
        type: 'per-file-text',
        required: false,
        options: [],
        initial: undefined,
        placeholder: undefined,
        perFileFields: ['a.png', 'b.png'],
        filledByGenerate: true,
      },
    ],
  );
  assert.deepEqual(dialog.generate, {
    label: 'Suggest captions',
    actionId: 'suggest',
    actionTitle: 'Suggest',
    populateParamId: 'captions',
    forwardParamIds: ['tone'],
  });
});

test('dialog: several files call a tool once per file (independent, the default) or once (batch)', () => {
  const body = (mode: string) => `"contributes": { ${tools}, "actions": [
    { "id": "merge", "title": "Merge", "description": "d", "scope": ["single-file", "multi-file"], "kind": "tool", "toolId": "merge_pdfs"${mode} }
  ] }`;
  const independent = menu(body(''), files('a.pdf', 'b.pdf', 'c.pdf')).entries[0].dialog.multiFile;
  assert.deepEqual(independent, {
    mode: 'independent',
    words: 'The tool is called 3 times, once per file, each call with one path.',
  });
  const batch = menu(body(', "multiFileMode": "batch"'), files('a.pdf', 'b.pdf')).entries[0].dialog.multiFile;
  assert.equal(batch?.mode, 'batch');
  assert.match(batch!.words, /called once, with all 2 paths/);
  // One name in a multi-file selection (a selection being typed) is one file: never "all 1 paths" or "1 times".
  assert.equal(menu(body(', "multiFileMode": "batch"'), files('a.pdf')).entries[0].dialog.multiFile, undefined);
  assert.equal(
    menu(body(', "multiFileMode": "batch"'), file('a.pdf')).entries[0].dialog.multiFile,
    undefined,
    'one file: nothing to say',
  );
});

test('dialog: a prompt-kind action shows its template and toolScope in words', () => {
  const body = `"contributes": { "actions": [
    ${action('summarise', '"scope": "single-file", "toolScope": "read-only"')},
    ${action('rhyme', '"scope": "single-file", "toolScope": "none"')},
    ${action('plain', '"scope": "single-file"')}
  ] }`;
  const [summarise, rhyme, plain] = menu(body, file('a.md')).entries;
  assert.equal(summarise.kind, 'prompt');
  assert.equal(summarise.tool, undefined);
  assert.equal(summarise.dialog.prompt?.filePath, './p.md');
  assert.equal(summarise.dialog.prompt?.toolScope, 'read-only');
  assert.match(summarise.dialog.prompt!.toolScopeWords, /only tools that read the folder/i);
  assert.equal(rhyme.dialog.prompt?.toolScope, 'none');
  assert.match(rhyme.dialog.prompt!.toolScopeWords, /No tools this turn/);
  assert.equal(plain.dialog.prompt?.toolScope, 'default');
  assert.equal(summarise.dialog.multiFile, undefined);
});

test('location: the entry object and its id, as offsets and LSP ranges for the jump', () => {
  const text = manifest(`"contributes": { "actions": [${action('one', '"scope": "single-file"')}] }`);
  const model = computeContextMenu(analyzeManifest(text).model, file('a.md'));
  const { location } = model.entries[0];
  assert.equal(text.slice(location.offset, location.offset + location.length), action('one', '"scope": "single-file"'));
  const lines = text.split('\n');
  const focusLine = lines[location.focus.start.line];
  assert.equal(focusLine.slice(location.focus.start.character, location.focus.end.character), '"one"');
  assert.equal(model.pluginName, 'Sample');
});

test('a manifest that is not an object, or has no contributes, offers nothing and does not throw', () => {
  assert.deepEqual(computeContextMenu(analyzeManifest('[1, 2]').model, file('a.md')).entries, []);
  assert.deepEqual(
    computeContextMenu(analyzeManifest('{ "contributes": { "actions": [ 42, { "scope": 7 } ] } }').model, file('a.md'))
      .entries,
    [],
  );
  assert.deepEqual(offered('', file('a.md')), []);
});

test('tool kind: annotations: {} declares nothing, so the entry shows the category the plugin implies', () => {
  const body = `"permissions": { "fetch": {} }, "contributes": {
    "tools": [{ "id": "bare", "title": "Bare", "description": "d", "schema": "s.json", "handler": "h.js", "annotations": {} }],
    "actions": [{ "id": "run", "title": "Run", "description": "d", "scope": "single-file", "kind": "tool", "toolId": "bare" }] }`;
  const [run] = menu(body, file('a.pdf')).entries;
  assert.ok(run.tool?.found);
  assert.deepEqual(
    [run.tool.category, run.tool.gating],
    ['external', 'external (openWorldHint: true, implied by permissions.fetch)'],
  );
});
