import { edit, type Fix } from '../fixes/fix';
import { removeField } from '../fixes/shared';
import { insertProperty, replaceNode } from '../fixes/textEdits';
import { asRecord } from '../model/manifestModel';
import { arrayItems, keyNode, nodeAtPath, propertyNode, valueNode, type JsonPath } from '../model/nodes';
import { field, processRuntime } from './messages';
import { plugin } from './examples';
import { defineRule, defineRules, type RuleArea } from './rule';
import { manifestReference } from './reference';

const why = `under the ${processRuntime}`;

interface At {
  jsonPath: JsonPath;
}

/** A static fs rule under runtime: "process", given "parameter": true. */
const addParameterGrant: Fix<At> = ({ jsonPath }, { analysis }) => {
  const rule = nodeAtPath(analysis.document.root, jsonPath);
  if (rule?.type !== 'object') return [];
  const existing = propertyNode(rule, 'parameter')?.valueNode;
  return edit('Add "parameter": true', [
    existing ? replaceNode(existing, 'true') : insertProperty(analysis.document, rule, 'parameter', () => 'true'),
  ]);
};

const definitions = defineRules([
  defineRule({
    code: 'process.hooks',
    severity: 'error',
    description: 'contributes.hooks (non-empty) is rejected for runtime: "process".',
    quotes: [
      manifestReference(
        'runtime: "process" \u2014 not supported',
        'The following are rejected under this runtime, each with its own message: contributes.hooks (non-empty)',
      ),
      manifestReference('hooks{} \u2014 event handlers', 'Not available under runtime: "process".'),
    ],
    message: (_: At) =>
      `\`contributes.hooks\` is not available ${why}. Hooks run in the app's plugin host, which a process plugin does not use.`,
    fix: removeField,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count",
            "contributes": {
              «"hooks"»: { "onAppReady": "./hooks/ready.js" }
            }`),
          fixed: {
            title: 'Remove "hooks"',
            manifest: plugin(`
              "runtime": "process",
              "command": "./bin/word-count",
              "contributes": {}`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "hooks": { "onAppReady": "./hooks/ready.js" }
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'process.views',
    severity: 'error',
    description: 'contributes.views (non-empty) is rejected for runtime: "process".',
    quotes: [
      manifestReference(
        'runtime: "process" \u2014 not supported',
        'The following are rejected under this runtime, each with its own message: contributes.hooks (non-empty), contributes.views (non-empty)',
      ),
      manifestReference('views[] \u2014 plugin-contributed panels', 'Not available under runtime: "process".'),
    ],
    message: (_: At) =>
      `\`contributes.views\` is not available ${why}. Remove the views, or move them to a plugin of the "node" runtime.`,
    fix: removeField,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count",
            "contributes": {
              «"views"»: [{ "id": "word-stats", "title": "Word statistics" }]
            }`),
          fixed: {
            title: 'Remove "views"',
            manifest: plugin(`
              "runtime": "process",
              "command": "./bin/word-count",
              "contributes": {}`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "views": [{ "id": "word-stats", "title": "Word statistics" }]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'process.action-setting',
    severity: 'error',
    description: 'A contributes.settings[*] of type: "action" is rejected for runtime: "process".',
    quotes: [
      manifestReference(
        'runtime: "process" \u2014 not supported',
        'The following are rejected under this runtime, each with its own message: contributes.hooks (non-empty), contributes.views (non-empty), any contributes.settings[*] of type: "action"',
      ),
    ],
    message: ({ jsonPath }: At) =>
      `${field(jsonPath)} is a setting of type "action", which is not available ${why}. There is no plugin host to run its handler.`,
    fix: removeField,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count",
            "contributes": {
              "settings": {
                "language": { "type": "string", "title": "Language" },
                "reset": { "type": «"action"», "title": "Reset", "handler": "./settings/reset.js" }
              }
            }`),
          fixed: {
            title: 'Remove "reset"',
            manifest: plugin(`
              "runtime": "process",
              "command": "./bin/word-count",
              "contributes": {
                "settings": {
                  "language": { "type": "string", "title": "Language" }
                }
              }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count",
            "contributes": {
              "settings": {
                "language": { "type": "string", "title": "Language" }
              }
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'process.sandbox',
    severity: 'error',
    description: 'sandbox is rejected for runtime: "process" (the executable is already its own OS process).',
    decision:
      'Any sandbox key is reported, also sandbox: false, since the reference rejects the field under this runtime.',
    quotes: [
      manifestReference(
        'Top level',
        'sandbox no true runs node handlers in the sandbox worker. Rejected for runtime: "process" (the executable is already its own OS process).',
      ),
    ],
    message: (_: At) =>
      `\`sandbox\` is rejected ${why}. The executable already runs as its own operating-system process, outside the sandbox worker.`,
    fix: removeField,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count",
            «"sandbox"»: true`),
          fixed: {
            title: 'Remove "sandbox"',
            manifest: plugin(`
              "runtime": "process",
              "command": "./bin/word-count"`),
          },
        },
      ],
      correct: [{ manifest: plugin(`"sandbox": true`) }],
    },
  }),
  defineRule({
    code: 'process.static-fs',
    severity: 'error',
    description:
      'A static permissions.fs.read/write rule without "parameter": true is rejected for runtime: "process": a process plugin never receives the ctx.fs proxy that enforces static rules.',
    decision: 'An empty static list is no rule and is not reported.',
    quotes: [
      manifestReference(
        'runtime: "process" \u2014 not supported',
        'a static permissions.fs.read/write rule without "parameter": true \u2014 a process plugin does its own OS I/O and never receives the ctx.fs proxy that enforces static rules, so such a rule would be silently unenforced',
      ),
    ],
    message: ({ access }: At & { access: 'read' | 'write' }) =>
      `\`permissions.fs.${access}\` has static patterns without \`parameter\` set to true, which is rejected ${why}. ` +
      'A process plugin does its own file access, without the `ctx.fs` proxy that enforces them, so they would silently not apply: set `parameter` to true instead.',
    fix: addParameterGrant,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count",
            "permissions": { "fs": { "read": { «"static"»: ["\${dataDir}/texts/**"] } } }`),
          fixed: {
            title: 'Add "parameter": true',
            manifest: plugin(`
              "runtime": "process",
              "command": "./bin/word-count",
              "permissions": { "fs": { "read": { "static": ["\${dataDir}/texts/**"], "parameter": true } } }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count",
            "permissions": { "fs": { "read": { "static": ["\${dataDir}/texts/**"], "parameter": true } } }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'process.tool-handler',
    severity: 'error',
    description: 'A tool entry must not carry handler under runtime: "process": a tool is called by its own id.',
    quotes: [
      manifestReference(
        'runtime: "process" \u2014 not supported',
        'a tool is called by its own id, so a tool entry must not carry handler.',
      ),
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'Required for runtime: "node", forbidden for "process".',
      ),
    ],
    message: ({ jsonPath }: At) =>
      `${field(jsonPath)} is forbidden ${why}. Filer calls the tool in the plugin's own process, by its id, with no handler module.`,
    fix: removeField,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count",
            "contributes": {
              "tools": [
                { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", «"handler"»: "./tools/count-words.js",
                  "annotations": { "readOnlyHint": true } }
              ]
            }`),
          fixed: {
            title: 'Remove "handler"',
            manifest: plugin(`
              "runtime": "process",
              "command": "./bin/word-count",
              "contributes": {
                "tools": [
                  { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                    "schema": "./tools/count-words.schema.json", "annotations": { "readOnlyHint": true } }
                ]
              }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count",
            "contributes": {
              "tools": [
                { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "annotations": { "readOnlyHint": true } }
              ]
            }`),
        },
      ],
    },
  }),
]);

/** Everything runtime: "process" rejects, each with its own message, as the reference lists them. */
export const processRuntimeRules: RuleArea<typeof definitions> = {
  rules: definitions,
  check({ model, report }) {
    if (!model.isProcess || !model.root) return;
    const hooks = valueNode(model.contributes, 'hooks');
    if (hooks?.type === 'object' && hooks.children!.length > 0)
      report('process.hooks', keyNode(model.contributes, 'hooks')!, { jsonPath: ['contributes', 'hooks'] });
    const views = valueNode(model.contributes, 'views');
    if (views?.type === 'array' && views.children!.length > 0)
      report('process.views', keyNode(model.contributes, 'views')!, { jsonPath: ['contributes', 'views'] });
    for (const setting of model.settings) {
      const type = valueNode(setting.node, 'type');
      if (type?.value === 'action') report('process.action-setting', type, { jsonPath: setting.jsonPath });
    }
    const sandbox = keyNode(model.root, 'sandbox');
    if (sandbox) report('process.sandbox', sandbox, { jsonPath: ['sandbox'] });
    const fs = valueNode(model.permissions, 'fs');
    for (const access of ['read', 'write'] as const) {
      const rule = valueNode(fs, access);
      const staticPatterns = valueNode(rule, 'static');
      if (
        arrayItems(staticPatterns).length > 0 &&
        asRecord(asRecord(model.permissionsValue.fs)[access]).parameter !== true
      ) {
        report('process.static-fs', keyNode(rule, 'static')!, { jsonPath: ['permissions', 'fs', access], access });
      }
    }
    for (const tool of model.tools) {
      const handler = keyNode(tool.node, 'handler');
      if (handler) report('process.tool-handler', handler, { jsonPath: [...tool.jsonPath, 'handler'] });
    }
  },
};
