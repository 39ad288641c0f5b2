import type { JsonPath } from '../model/nodes';
import { plugin, text } from './examples';
import { didYouMean, field, nameOf, quote } from './messages';
import { notInTheReference } from './reference';
import { defineRule, defineRules, type RuleArea } from './rule';

/**
 * The rules of a project's `filer-manifest.config.json` (engine/config/projectConfig.ts reads it and reports these,
 * in the config file itself): its rules, overrides, ignore and suppress, checked as strictly as a manifest, so that a
 * team's decision that does not apply is said where it is written.
 */

/** The config file's name, as the messages say it. */
const config = '`filer-manifest.config.json`';

/** The word-count plugin with a config file beside its manifest (and a `homepage` the app does not read, if told). */
function withConfig(configText: string, homepage = false) {
  const fields = homepage
    ? '"description": "Counts the words in a text file.",\n"homepage": "https://example.com"'
    : '"description": "Counts the words in a text file."';
  return { manifest: plugin(fields), files: { 'filer-manifest.config.json': text(configText) } };
}

const definitions = defineRules([
  defineRule({
    code: 'config.syntax',
    severity: 'error',
    description: `${config} is not JSON as JSON.parse reads it (a syntax error, a comment, a trailing comma, a duplicate key, or a value nested past 512 levels).`,
    decision:
      'Not in the reference: the config file is this tool’s. Strict JSON, as the manifest is, so that one parser reads both and no editor reads it otherwise. What the tolerant parse still reads of it applies; an error, so that a CI run does not pass with a team’s decisions half read.',
    quotes: notInTheReference,
    message: ({ problem }: { problem: string }) =>
      `${config} is not valid JSON here: ${problem}. Its settings are read only as far as they can be; write it as strict JSON (no comments, no trailing commas).`,
    examples: {
      incorrect: [withConfig(`{ "rules": { "manifest.unknown-key": "off" }«,» }`)],
      correct: [withConfig(`{ "rules": { "manifest.unknown-key": "off" } }`)],
    },
  }),
  defineRule({
    code: 'config.unreadable',
    severity: 'error',
    description:
      'The filer-manifest.config.json nearest a manifest cannot be read: a symbolic link (never followed), a folder, a FIFO or a device, a file past 16 MiB, or one the system refuses. Said at the start of each manifest it would govern.',
    decision:
      'Not in the reference: the config file is read as every file is (host/safeRead.ts), and nothing is read past it (a config file further up does not stand in for it). An error, since the team’s decisions it holds are not applied: the manifest is checked with the defaults and the user’s own settings. Said in the manifest, which the editor shows, rather than in a file that cannot be opened.',
    quotes: notInTheReference,
    message: ({ configPath, why }: { configPath: string; why: string }) =>
      `The config file ${quote(configPath)} cannot be read (${why}): this manifest is checked without its rules, overrides and suppressions. Make it a regular file under 16 MiB.`,
    examples: {
      incorrect: [
        {
          manifest: `«»${plugin('"description": "Counts the words in a text file."')}`,
          // A folder of that name, where the file was meant to be.
          files: { 'filer-manifest.config.json/rules.json': '{}\n' },
        },
      ],
      correct: [withConfig(`{ "rules": { "manifest.unknown-key": "off" } }`)],
    },
  }),
  defineRule({
    code: 'config.field-type',
    severity: 'error',
    description: `A field of ${config} holds a value of the wrong type: the file is an object of rules (an object), overrides (a list of objects), ignore (a list of globs) and suppress (a list of objects).`,
    decision:
      'Not in the reference: the config file’s JSON Schema (schemas/filer-manifest.config.schema.json) writes each type down. The value is not used, and the rest of the file applies.',
    quotes: notInTheReference,
    message: ({ jsonPath, expected }: { jsonPath: JsonPath; expected: string }) =>
      `${field(jsonPath)} must be ${expected}, so this value is not used. The rest of ${config} applies.`,
    examples: {
      incorrect: [withConfig(`{ "rules": «["manifest.unknown-key"]» }`)],
      correct: [withConfig(`{ "rules": { "manifest.unknown-key": "off" } }`)],
    },
  }),
  defineRule({
    code: 'config.unknown-field',
    severity: 'warning',
    description: `A key ${config} does not have: it has rules, overrides, ignore and suppress; an override has files and rules; a suppression has file, at, rule and reason.`,
    decision:
      'Not in the reference. A warning, as for a manifest’s unknown key: the key is ignored, and the rest applies.',
    quotes: notInTheReference,
    message: ({
      jsonPath,
      key,
      known,
      suggestion,
    }: {
      jsonPath: JsonPath;
      key: string;
      known: string[];
      suggestion?: string;
    }) =>
      `${nameOf(key)} in ${field(jsonPath)} is not a key of ${config}, and is ignored: the keys there are ${known.map((name) => `\`${name}\``).join(', ')}.${didYouMean(suggestion, nameOf)}`,
    examples: {
      incorrect: [withConfig(`{ «"rule"»: { "manifest.unknown-key": "off" } }`)],
      correct: [withConfig(`{ "rules": { "manifest.unknown-key": "off" } }`)],
    },
  }),
  defineRule({
    code: 'config.missing-field',
    severity: 'error',
    description: 'A suppression lacks file, at, rule or reason, or an override lacks files or rules.',
    decision:
      'Not in the reference. A suppression without its reason is an error too: a finding the team accepted says why, where it stands, so that the next reader can judge it again. An entry that lacks a field is not used.',
    quotes: notInTheReference,
    message: ({ jsonPath, missingField }: { jsonPath: JsonPath; missingField: string }) =>
      `${field(jsonPath)} has no \`${missingField}\`, so it is not used: ${missingField === 'reason' ? 'say why the finding is accepted' : `add \`${missingField}\``}.`,
    examples: {
      incorrect: [
        {
          ...withConfig(
            `
              {
                "suppress": [
                  «{ "file": "manifest.json", "at": "/homepage", "rule": "manifest.unknown-key" }»
                ]
              }`,
            true,
          ),
          alsoReported: ['manifest.unknown-key'],
        },
      ],
      correct: [
        {
          ...withConfig(
            `
              {
                "suppress": [
                  { "file": "manifest.json", "at": "/homepage", "rule": "manifest.unknown-key", "reason": "Read by our store page." }
                ]
              }`,
            true,
          ),
        },
      ],
    },
  }),
  defineRule({
    code: 'config.unknown-rule',
    severity: 'warning',
    description: `A rule code in ${config} that no rule has (a rules or overrides key, or a suppression's rule).`,
    decision:
      'Not in the reference. A warning, not an error: a config file written for a later version of the tools may name a rule this one does not have; the entry is ignored, and the rest applies.',
    quotes: notInTheReference,
    message: ({ code, suggestion }: { jsonPath: JsonPath; code: string; suggestion?: string }) =>
      `There is no rule with code ${quote(code)}, so this entry of ${config} is ignored. Every code is in the README's rules table and after each finding.${didYouMean(suggestion, quote)}`,
    examples: {
      incorrect: [withConfig(`{ "rules": { «"manifest.unknown-keys"»: "off" } }`)],
      correct: [withConfig(`{ "rules": { "manifest.unknown-key": "off" } }`)],
    },
  }),
  defineRule({
    code: 'config.severity',
    severity: 'error',
    description: 'A rule’s severity in filer-manifest.config.json is not off, hint, information, warning or error.',
    decision:
      'Not in the reference: the severities are the editor setting’s (filerManifest.rules) and the CLI’s --rule. An error, and the rule keeps the severity it had.',
    quotes: notInTheReference,
    message: ({ jsonPath, value, suggestion }: { jsonPath: JsonPath; value: unknown; suggestion?: string }) =>
      `${quote(value)} is not a severity, so rule ${quote(String(jsonPath[jsonPath.length - 1]))} keeps its own. Write "off", "hint", "information", "warning" or "error".${didYouMean(suggestion, quote)}`,
    examples: {
      incorrect: [withConfig(`{ "rules": { "manifest.unknown-key": «"warn"» } }`)],
      correct: [withConfig(`{ "rules": { "manifest.unknown-key": "warning" } }`)],
    },
  }),
  defineRule({
    code: 'config.glob-invalid',
    severity: 'error',
    description:
      'A glob of overrides[].files or ignore that cannot be used (empty, longer than 1,000 characters, or with {…} alternatives making more than 64 patterns).',
    decision: 'Not in the reference. The pattern is left out, and the rest of the list applies.',
    quotes: notInTheReference,
    message: ({ jsonPath, reason }: { jsonPath: JsonPath; pattern: string; reason: string }) =>
      `The glob at ${field(jsonPath)} cannot be used (${reason}), so it matches no manifest: write a pattern such as "plugins/legacy/**".`,
    examples: {
      incorrect: [withConfig(`{ "ignore": [«""»] }`)],
      correct: [withConfig(`{ "overrides": [{ "files": ["*.json"], "rules": {} }] }`)],
    },
  }),
  defineRule({
    code: 'config.glob-matches-nothing',
    severity: 'warning',
    description: 'A glob of overrides[].files or ignore that matches no manifest.json below the config file’s folder.',
    decision:
      'Not in the reference. A glob matches a manifest’s path relative to the config file’s folder (plugins/legacy/manifest.json), or its plugin folder’s (plugins/legacy): "plugins/legacy" and "plugins/legacy/**" both name that plugin. A warning: a glob that names nothing is a misspelt path or a plugin since moved, and its rules silently apply to nothing. Checked against the manifests found below the folder (as check finds them: node_modules and dot-folders skipped).',
    quotes: notInTheReference,
    message: ({ jsonPath, pattern }: { jsonPath: JsonPath; pattern: string }) =>
      `The glob ${quote(pattern)} at ${field(jsonPath)} matches no manifest below ${config}, so it changes nothing. Correct the path (relative to this file) or remove the glob.`,
    examples: {
      incorrect: [
        withConfig(`
              {
                "overrides": [{ "files": [«"legacy/**"»], "rules": { "manifest.unknown-key": "off" } }]
              }`),
      ],
      correct: [
        withConfig(`
              {
                "overrides": [{ "files": ["manifest.json"], "rules": { "manifest.unknown-key": "off" } }]
              }`),
      ],
    },
  }),
  defineRule({
    code: 'config.pointer',
    severity: 'error',
    description:
      'A suppression’s at is not a JSON pointer (RFC 6901: "" or /-separated segments, ~0 for ~ and ~1 for /).',
    decision:
      'Not in the reference. A pointer names one value (or its key) of the manifest: "/contributes/tools/0/id"; an array item by its index. A pointer that is not one is an error, and the suppression is not used; one that names nothing in the manifest (it changed since) is config.unused-suppression.',
    quotes: notInTheReference,
    message: ({ jsonPath, pointer, why }: { jsonPath: JsonPath; pointer: string; why: string }) =>
      `${field(jsonPath)} ${quote(pointer)} ${why}, so this suppression silences nothing. Write the JSON pointer of the value at fault, such as "/contributes/tools/0/id".`,
    examples: {
      incorrect: [
        {
          ...withConfig(
            `
              {
                "suppress": [
                  { "file": "manifest.json", "at": «"homepage"», "rule": "manifest.unknown-key", "reason": "Read by our store page." }
                ]
              }`,
            true,
          ),
          alsoReported: ['manifest.unknown-key'],
        },
      ],
      correct: [
        {
          ...withConfig(
            `
              {
                "suppress": [
                  { "file": "manifest.json", "at": "/homepage", "rule": "manifest.unknown-key", "reason": "Read by our store page." }
                ]
              }`,
            true,
          ),
        },
      ],
    },
  }),
  defineRule({
    code: 'config.unused-suppression',
    severity: 'warning',
    description:
      'A suppression in filer-manifest.config.json whose finding no longer exists: the rule no longer reports anything at that place of that manifest.',
    decision:
      'Not in the reference. Reported so that suppressions do not rot: the finding was fixed, or the manifest changed under the pointer. Only for a manifest that was checked (check reports it for the manifests it was given; the editor for the manifests it knows), and not while the suppressed rule is off for that manifest. A suppression names a manifest by its path relative to the config file’s folder, and silences its rule at the value the pointer names (its key, its value or the whole member), never below it; a finding in a handler is suppressed by a comment in the handler instead.',
    quotes: notInTheReference,
    message: ({ file, at, rule }: { jsonPath: JsonPath; file: string; at: string; rule: string }) =>
      `Nothing to suppress: ${nameOf(rule)} reports nothing at ${quote(at)} in ${quote(file)} any more. Remove this entry from ${config}.`,
    examples: {
      incorrect: [
        withConfig(`
              {
                "suppress": [
                  «{ "file": "manifest.json", "at": "/description", "rule": "manifest.unknown-key", "reason": "Read by our store page." }»
                ]
              }`),
      ],
      correct: [
        {
          ...withConfig(
            `
              {
                "suppress": [
                  { "file": "manifest.json", "at": "/homepage", "rule": "manifest.unknown-key", "reason": "Read by our store page." }
                ]
              }`,
            true,
          ),
        },
      ],
    },
  }),
]);

/** The config file's own findings: engine/config/projectConfig.ts reports them, no check of a manifest does. */
export const configRules: RuleArea<typeof definitions> = { rules: definitions };
