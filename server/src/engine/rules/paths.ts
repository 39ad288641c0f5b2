import { containsDotDot, isAbsolutePath } from '../model/references';
import { field, quote } from './messages';
import { plugin } from './examples';
import { defineRule, defineRules, type RuleArea } from './rule';
import type { JsonPath } from '../model/nodes';
import { manifestReference } from './reference';

/** A path the manifest names, at its field. */
interface PathData {
  jsonPath: JsonPath;
  filePath: string;
}

const definitions = defineRules([
  defineRule({
    code: 'paths.dotdot',
    severity: 'error',
    description: 'Paths in the manifest (schema, handler, prompt, hooks, commands, command) must not contain "..".',
    decision:
      'Literally, as the reference words it: any "..", also inside a file name. Also for an action setting\u2019s handler, which the reference calls a relative path without repeating the rule.',
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'path to a JSON-Schema file for the tool\u2019s arguments, relative to the plugin root; must not contain ..',
      ),
      manifestReference('hooks{} \u2014 event handlers', 'Handler paths must not contain ..'),
      manifestReference('commands[] \u2014 slash commands', 'handler must not contain ..'),
    ],
    message: ({ jsonPath, filePath }: PathData) =>
      `${field(jsonPath)} ${quote(filePath)} contains "..", which a path must not. Paths stay inside the plugin folder: move the file into it.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": «"../shared/prompts/summarize.md"» }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'paths.absolute',
    severity: 'warning',
    description: 'schema, handler, prompt and hook paths are relative to the plugin root.',
    decision:
      'A warning (the reference rejects absolute paths outright only for command): such a path is not portable, and it is never read.',
    quotes: [
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'path to the handler module, relative to the plugin root',
      ),
      manifestReference('Top level', 'absolute on either OS is rejected \u2014 manifests are portable'),
    ],
    message: ({ jsonPath, filePath }: PathData) =>
      `${field(jsonPath)} ${quote(filePath)} is an absolute path, so Filer does not read it. Write it relative to the plugin root, so that the manifest works on any machine.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": «"/home/me/word-count/prompts/summarize.md"» }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md" }
              ]
            }`),
        },
      ],
    },
  }),
]);

/**
 * The paths the manifest names (schema, handler, prompt, hooks, commands, command): inside the plugin folder, relative
 * to it.
 */
export const pathRules: RuleArea<typeof definitions> = {
  rules: definitions,
  check({ files, report }) {
    for (const { filePath, node, jsonPath, kind } of files().references) {
      if (containsDotDot(filePath)) {
        report('paths.dotdot', node, { jsonPath, filePath });
      } else if (isAbsolutePath(filePath) && kind !== 'command') {
        // An absolute command is the process rule manifest.command-absolute.
        report('paths.absolute', node, { jsonPath, filePath });
      }
    }
  },
};
