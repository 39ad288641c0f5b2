import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { generatePlugin } from '../../bench/generateManifest';
import {
  analyzeManifest,
  buildModel,
  extendEditedRegion,
  FileFactsMemo,
  parseDocument,
  reparseDocument,
  validateModel,
  type JsonPath,
  type ManifestModel,
  type ParsedDocument,
  valueNode,
} from '../../server/src/engine';
import { ruleAreas, ruleByCode } from '../../server/src/engine/rules/registry';
import { field } from '../../server/src/engine/rules/messages';
import { defineRule, defineRules, type RuleArea } from '../../server/src/engine/rules/rule';
import { MemoryFolder } from './helpers';

/**
 * The bench's plugin with findings in its entries, so that an edit elsewhere has findings to move: a tool
 * without a handler, one with a timeout that is no duration, one without annotations, an action naming
 * no tool, one hidden that nothing generates, a prompt action with a toolId, settings with a min above
 * their max, a number-only key, an action setting without a handler.
 */
const plugin = generatePlugin(6, 'valid');

function manifestWithFindings(): string {
  let text = plugin.manifestText;
  const once = (from: string | RegExp, to: string) => {
    const next = text.replace(from, to);
    assert.notEqual(next, text, `the generated plugin has ${String(from)}`);
    text = next;
  };
  once(/"handler": "[^"]*",\n\s*/, '');
  once(/"timeout": "(\d+)s"/, '"timeout": "$1 seconds"');
  once(/"annotations": \{\s*"readOnlyHint": true\s*\}/, '"title2": 1');
  once(/"toolId": "([^"]*)"/, '"toolId": "$1_9"');
  once('"kind": "prompt",', '"kind": "prompt", "toolId": "x",');
  once('"scope": "single-file"', '"scope": []');
  once(/"min": 1,/, '"min": 1000,');
  once(/"type": "boolean",/, '"type": "boolean", "max": 3,');
  once(/"handler": "[^"]*",\n\s*"variant"/, '"variant"');
  return text;
}

const base = manifestWithFindings();

/** Where each kind of edit goes: one place per area of the reference, and the fields other entries read. */
const places = {
  id: /"id": "/g,
  // A tool's id (snake_case in the bench's plugin), an action's (kebab-case): what other entries name.
  toolsId: /"id": "(?=[a-z]+_[a-z]+_\d)/g,
  actionsId: /"id": "(?=[a-z]+(?:-[a-z]+)+-\d+")/g,
  toolId: /"toolId": "/g,
  actionId: /"actionId": "/g,
  description: /"description": "/g,
  key: /\n\s*"/g,
  // Inside the keys that gate a tool without annotations: "xfetch" declares no fetch.
  permissions: /"(?=fetch"|write"|permissions")/g,
  runtime: /"runtime": "/g,
  // A setting's type: what its own checks read first.
  settingType: /"type": "(?=string|boolean|number|action|info)/g,
  // In a path the manifest names: the files named change.
  path: /"(?:schema|handler|prompt)": "/g,
  // Between two entries of a list: an entry added or taken away.
  entry: /\},\n\s*\{/g,
  // The manifest's own fields (manifest.*), a hook's event (hooks.*), a command's or a view's fields.
  topLevel: /\n {2}"(?:name|version|displayName|capabilities|sandbox)": "?/g,
  hookEvent: /"on(?=[A-Z])/g,
  commandOrView: /"(?:icon|location|contexts|when)": "?/g,
  // What no entry holds and yet a rule may read: the execution budget (the added rule's, below).
  maxTimeout: /"maxTimeout": "/g,
};

/** An edit: where (somewhere in the text, or in a field's value or key of some entry), what goes. */
const edit = fc.record({
  at: fc.nat(),
  where: fc.constantFrom('anywhere' as const, ...(Object.keys(places) as (keyof typeof places)[])),
  deleted: fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.integer({ min: 1, max: 4 }), weight: 1 }),
  // Mostly what keeps the JSON whole (a version with a syntax error is parsed whole, and so is the next),
  // sometimes not.
  inserted: fc.oneof(
    {
      arbitrary: fc.constantFrom(
        'x',
        '_1',
        '-1',
        '0',
        ' ',
        '\n',
        '{ "id": "x", "kind": "tool" }, ',
        '"hidden": true, ',
        '..',
        '/',
        'process',
        'node',
      ),
      weight: 4,
    },
    { arbitrary: fc.constantFrom('', '"', ',', '{', '}'), weight: 1 },
  ),
});

/** The offset of an edit in `text`. */
function offsetOf(text: string, one: { at: number; where: keyof typeof places | 'anywhere' }): number {
  const found =
    one.where === 'anywhere'
      ? []
      : [...text.matchAll(places[one.where])].map((match) => match.index! + match[0].length);
  return found.length > 0 ? found[one.at % found.length] : one.at % (text.length + 1);
}

/**
 * Versions of one document as the server makes them: each re-parsed incrementally from the one before
 * (its tree taken over), its model built from the one before (the entries the edit left handed on, with
 * their file references), validated in the plugin folder with the document's memo of the files' facts.
 */
class EditedDocument {
  readonly folder = new MemoryFolder(new Map(plugin.files));
  private readonly fileFacts = { memo: new FileFactsMemo(), folderGeneration: this.folder.generation };
  private document: ParsedDocument;
  model: ManifestModel;

  constructor(public text: string) {
    this.document = parseDocument(text);
    this.model = buildModel(this.document);
  }

  edit(offset: number, deleted: number, inserted: string): void {
    this.text = this.text.slice(0, offset) + inserted + this.text.slice(offset + deleted);
    this.document = reparseDocument(
      this.document,
      this.text,
      extendEditedRegion(undefined, offset, deleted, inserted.length),
    );
    this.model = buildModel(this.document, this.model);
  }

  diagnostics() {
    return validateModel(this.model, { folder: this.folder, fileFacts: this.fileFacts });
  }

  /** The same text validated from scratch, in a folder of the same files. */
  fresh() {
    return analyzeManifest(this.text, { folder: new MemoryFolder(this.folder.filesNow()) }).diagnostics;
  }
}

test('every edited version gets the diagnostics of a fresh validation, over random edits in every area', () => {
  // How many versions had entries handed on (a version with a syntax error, and the next, is parsed whole):
  // the property says little unless many do.
  let handedOn = 0;
  let versions = 0;
  fc.assert(
    fc.property(fc.array(edit, { minLength: 1, maxLength: 8 }), (edits) => {
      const document = new EditedDocument(base);
      assert.deepEqual(document.diagnostics(), document.fresh(), 'open');
      edits.forEach((one, index) => {
        const text = document.text;
        const offset = Math.min(offsetOf(text, one), text.length);
        // The runtime's value is replaced whole ("node" → "process" changes what many checks read).
        const deleted =
          one.where === 'runtime' && text.indexOf('"', offset) >= 0
            ? text.indexOf('"', offset) - offset
            : Math.min(one.deleted, text.length - offset);
        const before = document.model;
        document.edit(offset, deleted, one.inserted);
        versions++;
        if (
          document.model.tools.some((tool, i) => tool === before.tools[i]) ||
          document.model.actions.some((action, i) => action === before.actions[i])
        )
          handedOn++;
        assert.deepEqual(document.diagnostics(), document.fresh(), `edit ${index}: ${JSON.stringify(one)}`);
      });
    }),
    { numRuns: 300 },
  );
  assert.ok(handedOn > versions / 10, `entries handed on in ${handedOn} of ${versions} versions`);
});

test("an edit in one tool's description hands every other entry on, and the findings are the fresh ones, moved", () => {
  const document = new EditedDocument(base);
  const before = document.model;
  const opened = document.diagnostics();
  assert.ok(opened.length >= 5, 'the base text has findings in its entries');
  const at = base.indexOf('"description": "', base.indexOf('"tools"')) + '"description": "'.length;
  document.edit(at, 0, 'xyz');
  assert.equal(
    document.model.tools.filter((tool, index) => tool === before.tools[index]).length,
    document.model.tools.length - 1,
  );
  assert.ok(document.model.actions.every((action, index) => action === before.actions[index]));
  const edited = document.diagnostics();
  assert.deepEqual(edited, document.fresh());
  assert.deepEqual(
    edited.map((diagnostic) => diagnostic.offset),
    opened.map((diagnostic) => diagnostic.offset + (diagnostic.offset > at ? 3 : 0)),
  );
});

/** A duration as the reference writes them ("30s", "5m"), in milliseconds. */
function durationMs(value: unknown): number | undefined {
  const match = typeof value === 'string' ? /^(\d+)(ms|s|m|h)$/.exec(value) : null;
  return match
    ? Number(match[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h']
    : undefined;
}

/**
 * A rule added the way CONTRIBUTING says, whose check of each tool reads a value outside the tool: the
 * plugin's `permissions.execution.maxTimeout`. Registered for one test, then taken out again.
 */
const overBudget = defineRules([
  defineRule({
    code: 'tools.timeout-over-budget',
    severity: 'warning',
    description:
      "A tool's timeout is longer than the plugin's permissions.execution.maxTimeout (a rule of this test only).",
    message: ({ jsonPath, maxTimeout }: { jsonPath: JsonPath; maxTimeout: string }) =>
      `${field(jsonPath)} is longer than the plugin's maxTimeout, ${maxTimeout}.`,
  }),
]);

const overBudgetArea: RuleArea<typeof overBudget> = {
  rules: overBudget,
  check({ model, report }) {
    const execution = model.permissionsValue.execution as { maxTimeout?: unknown } | undefined;
    const budget = durationMs(execution?.maxTimeout);
    if (budget === undefined) return;
    for (const tool of model.tools) {
      const timeout = durationMs(tool.value.timeout);
      const at = valueNode(tool.node, 'timeout');
      if (timeout !== undefined && timeout > budget && at)
        report('tools.timeout-over-budget', at, {
          jsonPath: [...tool.jsonPath, 'timeout'],
          maxTimeout: String(execution!.maxTimeout),
        });
    }
  },
};

test('a rule reading a value outside its entries: after an edit of it, a fresh validation’s findings', (t) => {
  const [rule] = overBudget;
  ruleByCode.set(rule.code, rule);
  (ruleAreas as RuleArea[]).push(overBudgetArea as unknown as RuleArea);
  t.after(() => {
    ruleByCode.delete(rule.code);
    (ruleAreas as RuleArea[]).splice(ruleAreas.indexOf(overBudgetArea as unknown as RuleArea), 1);
  });
  const document = new EditedDocument(base);
  const count = () => document.diagnostics().filter((diagnostic) => (diagnostic.code as string) === rule.code).length;
  assert.equal(count(), 0, 'every timeout of the bench plugin is within its 5m budget');
  const at = base.indexOf('"maxTimeout": "5m"') + '"maxTimeout": "'.length;
  assert.ok(at > 0);
  // "5m" → "5s": every tool's timeout (30s or more) is now over budget, and nothing in any tool changed.
  const before = document.model;
  document.edit(at + 1, 1, 's');
  assert.ok(
    document.model.tools.every((tool, index) => tool === before.tools[index]),
    'every tool is handed on: the edit is outside them',
  );
  assert.deepEqual(document.diagnostics(), document.fresh());
  assert.equal(count(), document.model.tools.filter((tool) => durationMs(tool.value.timeout) !== undefined).length);
  assert.ok(count() >= 4);
  // And back: the findings go.
  document.edit(at + 1, 1, 'm');
  assert.deepEqual(document.diagnostics(), document.fresh());
  assert.equal(count(), 0);
});
