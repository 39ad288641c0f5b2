import { keyNode, valueNode } from '../model/nodes';
import { isAbsolutePath } from '../model/references';
import { didYouMean, enumMessage, field, kebabCaseWords, processRuntime, quote, toKebabCase } from './messages';
import { processOnlyKeys } from '../model/keysThatApply';
import { addRequiredField, kebabCaseValue } from '../fixes/shared';
import type { JsonPath } from '../model/nodes';
import { plugin, text } from './examples';
import { defineRule, defineRules, type RuleArea } from './rule';
import { manifestReference, notInTheReference } from './reference';

const definitions = defineRules([
  defineRule({
    code: 'manifest.not-an-object',
    severity: 'error',
    description: 'The manifest is one JSON object.',
    decision:
      'The reference describes a manifest field by field, from a top level of named fields: a manifest that is not one object has none of them.',
    quotes: notInTheReference,
    shapeMessage: () =>
      'The manifest is not a JSON object. Write one object, with `name`, `displayName` and `version` among its fields.',
    examples: {
      incorrect: [
        {
          manifest: text(`
            «[
              { "name": "word-count", "displayName": "Word Count", "version": "1.0.0" }
            ]»`),
        },
      ],
      correct: [{ manifest: text(`{ "name": "word-count", "displayName": "Word Count", "version": "1.0.0" }`) }],
    },
  }),
  defineRule({
    code: 'manifest.name',
    severity: 'error',
    description:
      'name: kebab-case (^[a-z0-9]+(-[a-z0-9]+)*$). Doubles as the plugin\u2019s identity in the installed registry and in the pluginAllowList a folder agent may carry.',
    quotes: [
      manifestReference(
        'Top level',
        'name yes kebab-case (^[a-z0-9]+(-[a-z0-9]+)*$). Doubles as the plugin\u2019s identity in the installed registry and in the pluginAllowList a folder agent may carry.',
      ),
    ],
    shapeMessage: (_finding, field, value) =>
      `${field} ${quote(value)} is not ${kebabCaseWords}. It is the plugin's identity in the installed registry and in a folder's plugin allow-list.` +
      suggestKebab(value),
    fix: kebabCaseValue,
    examples: {
      incorrect: [
        {
          manifest: text(`
            {
              "name": «"Word Count"»,
              "displayName": "Word Count",
              "version": "1.0.0"
            }`),
          fixed: {
            title: 'Change to "word-count" (kebab-case)',
            manifest: text(`
              {
                "name": "word-count",
                "displayName": "Word Count",
                "version": "1.0.0"
              }`),
          },
        },
      ],
      correct: [{ manifest: plugin(`"description": "Counts the words in a text file."`) }],
    },
  }),
  defineRule({
    code: 'manifest.version',
    severity: 'error',
    description: 'version: semver MAJOR.MINOR.PATCH with an optional -prerelease suffix.',
    decision:
      'Numbers without leading zeros, as semver has them; a +build suffix is not accepted (the reference names only -prerelease).',
    quotes: [
      manifestReference('Top level', 'version yes semver MAJOR.MINOR.PATCH with an optional -prerelease suffix.'),
    ],
    shapeMessage: (_finding, field, value) =>
      `${field} ${quote(value)} is not a semantic version. Write three whole numbers joined by dots, as in "1.2.0", with an optional pre-release suffix, as in "1.2.0-beta.1".`,
    examples: {
      incorrect: [
        {
          manifest: text(`
            {
              "name": "word-count",
              "displayName": "Word Count",
              "version": «"1.0"»
            }`),
        },
      ],
      correct: [
        {
          manifest: text(`
            {
              "name": "word-count",
              "displayName": "Word Count",
              "version": "1.0.0-beta.1"
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'manifest.capabilities',
    severity: 'error',
    description: 'capabilities[]: flat lowercase tags (^[a-z0-9]+([.-][a-z0-9]+)*$), e.g. channel.telegram, audio.stt.',
    quotes: [
      manifestReference(
        'Top level',
        'capabilities[] no flat lowercase tags (^[a-z0-9]+([.-][a-z0-9]+)*$), e.g. channel.telegram, audio.stt.',
      ),
    ],
    shapeMessage: (_finding, field, value) =>
      `${field} ${quote(value)} is not a flat lowercase tag. Write lowercase letters and digits, in parts joined by single dots or hyphens, as in "channel.telegram" or "audio.stt".`,
    examples: {
      incorrect: [{ manifest: plugin(`"capabilities": ["text.count", «"Word_Count"»]`) }],
      correct: [{ manifest: plugin(`"capabilities": ["text.count", "text.word-count"]`) }],
    },
  }),
  defineRule({
    code: 'manifest.runtime',
    severity: 'error',
    description: 'runtime: "node" (default) or "process".',
    quotes: [
      manifestReference(
        'Top level',
        'runtime no "node" (default) \u2014 handlers are JavaScript files run in the app\u2019s plugin host; "process" \u2014 the plugin is its own executable, see below.',
      ),
    ],
    shapeMessage: enumMessage(
      '"node" or "process"',
      ['node', 'process'],
      '"node", the default, runs JavaScript handlers in the app\'s plugin host, and with "process" the plugin is its own executable.',
    ),
    examples: {
      incorrect: [{ manifest: plugin(`"runtime": «"python"»`) }],
      correct: [{ manifest: plugin(`"runtime": "node"`) }],
    },
  }),
  defineRule({
    code: 'manifest.command-required',
    severity: 'error',
    description: 'command is required for runtime: "process".',
    quotes: [manifestReference('Top level', 'command is required for runtime: "process"')],
    message: (_: { jsonPath: JsonPath; missingField: 'command' }) =>
      `The ${processRuntime} needs \`command\`, which is missing. Write the path of the executable that serves the plugin's tools, relative to the plugin's install directory.`,
    fix: addRequiredField,
    examples: {
      incorrect: [
        {
          manifest: plugin(`"runtime": «"process"»`),
          fixed: {
            title: 'Add missing "command"',
            manifest: plugin(`
              "runtime": "process",
              "command": "./bin/plugin"`),
          },
        },
      ],
      correct: [{ manifest: plugin(`"runtime": "process",\n"command": "./bin/word-count"`) }],
    },
  }),
  defineRule({
    code: 'manifest.command-absolute',
    severity: 'error',
    description:
      'command must be relative to the plugin\u2019s install directory: absolute on either OS is rejected (manifests are portable).',
    quotes: [
      manifestReference(
        'Top level',
        'must be relative to the plugin\u2019s install directory (absolute on either OS is rejected \u2014 manifests are portable)',
      ),
    ],
    message: ({ filePath }: { jsonPath: JsonPath; filePath: string }) =>
      `\`command\` ${quote(filePath)} is an absolute path. Filer rejects one on every operating system, so that a manifest works on any machine: write it relative to the plugin's install directory.`,
    examples: {
      incorrect: [{ manifest: plugin(`"runtime": "process",\n"command": «"/usr/local/bin/word-count"»`) }],
      correct: [{ manifest: plugin(`"runtime": "process",\n"command": "./bin/word-count"`) }],
    },
  }),
  defineRule({
    code: 'manifest.process-only',
    severity: 'warning',
    description: 'command and args are read for runtime: "process" only.',
    decision: 'A warning: under runtime "node" the app ignores them, which is rarely what the author meant.',
    quotes: [manifestReference('Top level', 'command, args[] process only')],
    message: ({ jsonPath, runtime }: { jsonPath: [string]; runtime: string }) =>
      `${field(jsonPath)} is read only under the ${processRuntime}, and this plugin's runtime is ${quote(runtime)}, so Filer ignores it.`,
    examples: {
      incorrect: [{ manifest: plugin(`«"args"»: ["--stdio"]`) }],
      correct: [{ manifest: plugin(`"runtime": "process",\n"command": "./bin/word-count",\n"args": ["--stdio"]`) }],
    },
  }),
]);

/** The top level of the manifest: identity, version, capabilities, runtime. */
export const manifestRules: RuleArea<typeof definitions> = {
  rules: definitions,
  check({ model, report }) {
    const root = model.root;
    if (!root) return;
    const command = valueNode(root, 'command');
    if (model.isProcess) {
      if (!command) {
        const runtime = valueNode(root, 'runtime')!;
        report('manifest.command-required', runtime, { jsonPath: [], missingField: 'command' });
      } else if (typeof command.value === 'string' && isAbsolutePath(command.value)) {
        report('manifest.command-absolute', command, { jsonPath: ['command'], filePath: command.value });
      }
    } else {
      for (const name of processOnlyKeys) {
        const key = keyNode(root, name);
        if (key) {
          report('manifest.process-only', key, { jsonPath: [name], runtime: model.runtime });
        }
      }
    }
  },
};

function suggestKebab(value: unknown): string {
  if (typeof value !== 'string') return '';
  const kebab = toKebabCase(value);
  return kebab && kebab !== value ? didYouMean(kebab, quote) : '';
}
