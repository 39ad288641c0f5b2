import { declarePermission, type PermissionUse } from '../fixes/declarePermission';
import type { Fix } from '../fixes/fix';
import { schemaArgumentFix, schemaArgumentTitle } from '../fixes/schemaArgument';
import { replaceWithReplacement, replaceWithSuggestion } from '../fixes/shared';
import type { ReferencedFiles } from '../folder/referencedFiles';
import type { HandlerKind, HandlerModule } from '../handlers/handlerFacts';
import { gatedMembers, type GatedMember } from '../handlers/gatedMembers';
import { handlerWords, noGrantWords } from '../handlers/handlerWords';
import {
  permissionGaps,
  permissionGapTable,
  type PermissionGap,
  type PermissionGapTable,
} from '../handlers/permissionGaps';
import { asRecord, type ManifestModel } from '../model/manifestModel';
import { arrayItems, keyNode, valueNode, type JsonPath } from '../model/nodes';
import type { FileReference } from '../model/references';
import type { ToolSchemaFacts } from '../model/toolSchema';
import type { JsonNode } from '../parse/jsonNode';
import { capitalized, closest, didYouMean, field, quote } from './messages';
import { countWordsFiles, doneHook, plugin, text, countWordsPlugin } from './examples';
import { defineRule, defineRules, type RuleArea, type RuleContext } from './rule';
import { manifestReference } from './reference';

interface At {
  jsonPath: JsonPath;
}

/**
 * A tool argument its handler passes to ctx.fs as a path, which its schema does not mark as one: where the fix of
 * permissions.parameter-without-path-property marks it (or adds it, `declared` false).
 */
interface PathArgumentNeed {
  tool: string;
  /** The tool's schema file, as the manifest writes it. */
  schema: string;
  argument: string;
  /** The schema has the property, without a path format. */
  declared: boolean;
}

/** The fix offers at most this many tools' arguments. */
const maxNeedsOffered = 3;

/** The argument marked (or added) as a file path in the schema of each tool whose handler passes it to ctx.fs. */
const markPathArgument: Fix<At & { needs?: PathArgumentNeed[] }> = ({ needs = [] }) =>
  needs.flatMap(({ schema, argument, declared }, index) =>
    schemaArgumentFix(schemaArgumentTitle(argument, schema, true, declared), schema, argument, true, index === 0),
  );

const definitions = defineRules([
  defineRule({
    code: 'permissions.relative-static',
    severity: 'warning',
    description:
      'Relative static fs patterns are resolved against the app process\u2019s working directory, not the plugin\u2019s directory: write "${dataDir}/cache/**" or an absolute path. Patterns beginning with * are matched as globs without resolution.',
    decision:
      'A pattern beginning with "~" counts as relative: the reference names only absolute paths and ${dataDir}, and does not say "~" is expanded.',
    quotes: [
      manifestReference(
        'permissions',
        'Relative static patterns are resolved against the app process\u2019s working directory, not the plugin\u2019s directory \u2014 "./cache/**" does not mean the plugin\u2019s own cache/; write "${dataDir}/cache/**" (the plugin\u2019s data directory) or an absolute path.',
      ),
      manifestReference(
        'permissions',
        'Patterns beginning with * (e.g. **/.env) are matched as globs without resolution.',
      ),
    ],
    message: ({ pattern, replacement }: At & { pattern: string; replacement?: string }) => {
      const relative = `Static pattern ${quote(pattern)} is relative, so Filer resolves it against the app process's working directory, not the plugin's directory.`;
      // No replacement for "~": the home folder is not known here, and "${dataDir}/~/x" is not what the author meant.
      return replacement === undefined
        ? `${relative} A pattern that starts with "~" is neither absolute nor in the plugin's data directory: write an absolute path, or one that starts with "\${dataDir}/".`
        : `${relative} Write ${quote(replacement)}, in the plugin's data directory, or an absolute path.`;
    },
    fix: replaceWithReplacement,
    examples: {
      incorrect: [
        {
          manifest: plugin(`"permissions": { "fs": { "write": { "static": [«"./cache/**"»] } } }`),
          fixed: {
            title: 'Change to "${dataDir}/cache/**"',
            manifest: plugin(`
              "permissions": { "fs": { "write": { "static": ["\${dataDir}/cache/**"] } } }`),
          },
        },
      ],
      correct: [{ manifest: plugin(`"permissions": { "fs": { "write": { "static": ["\${dataDir}/cache/**"] } } }`) }],
    },
  }),
  defineRule({
    code: 'permissions.list-static-glob',
    severity: 'warning',
    description:
      'fs.list static entries are directory paths matched by prefix (a listed directory covers everything below it), not globs.',
    decision:
      'A warning with the directory as the fix when the glob is only at the end ("${dataDir}/exports/**" → "${dataDir}/exports"): a glob entry matches only a directory named like it.',
    quotes: [
      manifestReference(
        'permissions',
        'static entries are directory paths matched by prefix (a listed directory covers everything below it), not globs.',
      ),
    ],
    message: ({ entry, replacement }: At & { entry: string; replacement?: string }) =>
      `\`permissions.fs.list.static\` entry ${quote(entry)} is a glob, but these entries are folder paths matched by prefix, not globs. ` +
      `A listed folder covers everything below it${replacement ? `: write ${quote(replacement)}` : ''}.`,
    fix: replaceWithReplacement,
    examples: {
      incorrect: [
        {
          manifest: plugin(`"permissions": { "fs": { "list": { "static": [«"\${dataDir}/exports/**"»] } } }`),
          fixed: {
            title: 'Change to "${dataDir}/exports"',
            manifest: plugin(`
              "permissions": { "fs": { "list": { "static": ["\${dataDir}/exports"] } } }`),
          },
        },
      ],
      correct: [{ manifest: plugin(`"permissions": { "fs": { "list": { "static": ["\${dataDir}/exports"] } } }`) }],
    },
  }),
  defineRule({
    code: 'permissions.fetch-url',
    severity: 'warning',
    description: 'fetch.static and fetch.deny entries are host names, not URLs.',
    decision: 'A warning with the host as the fix: an entry with a scheme or a path matches no host.',
    quotes: [manifestReference('permissions', 'static / deny entries are host names.')],
    message: ({ jsonPath, entry, replacement }: At & { entry: string; replacement?: string }) =>
      `${field(jsonPath.slice(0, 3))} entry ${quote(entry)} is a URL, but these entries are host names, so it matches no host.` +
      (replacement ? ` Write ${quote(replacement)}.` : ' Write the host name alone.'),
    fix: replaceWithReplacement,
    examples: {
      incorrect: [
        {
          manifest: plugin(`"permissions": { "fetch": { "static": [«"https://api.example.com/v1"»] } }`),
          fixed: {
            title: 'Change to "api.example.com"',
            manifest: plugin(`
              "permissions": { "fetch": { "static": ["api.example.com"] } }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "permissions": {
              "fetch": { "static": ["api.example.com"], "deny": ["localhost"] }
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'permissions.fetch-private',
    severity: 'warning',
    description: 'localhost and private ranges are refused regardless of fetch.static (SSRF guard).',
    decision: 'A warning: the manifest loads, and the host is refused when a handler fetches it.',
    quotes: [manifestReference('permissions', 'localhost/private ranges are refused regardless (SSRF guard).')],
    message: ({ jsonPath, host }: At & { host: string }) =>
      `${field(jsonPath.slice(0, 3))} entry ${quote(host)} names this computer or an address on a private network. ` +
      "Filer refuses them whatever the manifest allows, so that a plugin cannot reach the machine's own services or its network: a fetch of it fails.",
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "permissions": {
              "fetch": { "static": ["api.example.com", «"localhost"»] }
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "permissions": {
              "fetch": { "static": ["api.example.com"], "deny": ["localhost"] }
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'permissions.fetch-setting-unknown',
    severity: 'warning',
    description: 'A fetch.settings entry names a setting of this manifest, whose value is a full URL.',
    decision:
      'A warning, not an error: the reference names no refusal, and a name that matches no setting of this manifest silently grants no host.',
    quotes: [
      manifestReference(
        'permissions',
        'A settings entry names a setting whose value must be a full URL (https://api.example.com/v1)',
      ),
    ],
    message: ({ setting, suggestion }: At & { setting: string; suggestion?: string }) =>
      `\`permissions.fetch.settings\` names ${quote(setting)}, which is not a setting in \`contributes.settings\`, so it grants no host.${didYouMean(suggestion, quote)}`,
    fix: replaceWithSuggestion,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "apiUrl": { "type": "string", "title": "API address", "default": "https://api.example.com/v1" }
              }
            },
            "permissions": { "fetch": { "settings": [«"apiURL"»] } }`),
          fixed: {
            title: 'Change to "apiUrl"',
            manifest: plugin(`
              "contributes": {
                "settings": {
                  "apiUrl": { "type": "string", "title": "API address", "default": "https://api.example.com/v1" }
                }
              },
              "permissions": { "fetch": { "settings": ["apiUrl"] } }`),
          },
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "apiUrl": { "type": "string", "title": "API address", "default": "https://api.example.com/v1" }
              }
            },
            "permissions": { "fetch": { "settings": ["apiUrl"] } }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'permissions.fetch-setting-type',
    severity: 'warning',
    description:
      'A setting named by fetch.settings holds a full URL (https://api.example.com/v1), so it is of type "string".',
    quotes: [
      manifestReference(
        'permissions',
        'A settings entry names a setting whose value must be a full URL (https://api.example.com/v1)',
      ),
    ],
    message: ({ setting, type }: At & { setting: string; type: unknown }) =>
      `Setting ${quote(setting)} is of type ${quote(type)}, but \`permissions.fetch.settings\` reads a full URL from it, such as "https://api.example.com/v1". Make it a "string" setting.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "apiUrl": { "type": "info", "title": "API address", "description": "Words are looked up online." }
              }
            },
            "permissions": { "fetch": { "settings": [«"apiUrl"»] } }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "apiUrl": { "type": "string", "title": "API address", "description": "Words are looked up online." }
              }
            },
            "permissions": { "fetch": { "settings": ["apiUrl"] } }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'permissions.fetch-setting-default',
    severity: 'warning',
    description:
      'The value of a setting named by fetch.settings must be a full URL: the host is taken from it with a URL parse, so a bare host name parses as nothing and grants nothing.',
    decision: "Checked on the setting's default, the one value the manifest shows.",
    quotes: [
      manifestReference(
        'permissions',
        'the host is taken from it with a URL parse, so a bare host name stored in the setting parses as nothing and grants nothing.',
      ),
    ],
    message: ({ setting, value }: At & { setting: string; value: string }) =>
      `The default of setting ${quote(setting)} is ${quote(value)}, a host name without a scheme, which grants no host. ` +
      '`permissions.fetch.settings` takes the host from a full URL, such as "https://api.example.com/v1": write one.',
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "apiUrl": { "type": "string", "title": "API address", "default": «"api.example.com"» }
              }
            },
            "permissions": { "fetch": { "settings": ["apiUrl"] } }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "settings": {
                "apiUrl": { "type": "string", "title": "API address", "default": "https://api.example.com/v1" }
              }
            },
            "permissions": { "fetch": { "settings": ["apiUrl"] } }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'permissions.parameter-without-path-property',
    severity: 'warning',
    description:
      'fs rules with "parameter": true grant the path of a schema property marked "format": "file-path" (or "directory-path"); with no such property in any tool schema, no path can ever be granted.',
    quotes: [
      manifestReference(
        'permissions',
        'parameter: true \u2014 the path comes from the call\u2019s arguments (the schema property marked "format": "file-path")',
      ),
      manifestReference(
        'tools[] \u2014 MCP tools the agent can call',
        'a path passed under a property without that format gets no grant',
      ),
    ],
    message: ({ jsonPath }: At & { needs?: PathArgumentNeed[] }) =>
      `${field(jsonPath)} is true, but no tool schema has a property of \`format\` "file-path" or "directory-path", so it grants no path. ` +
      'Give the property that takes a path one of those formats.',
    fix: markPathArgument,
    examples: {
      incorrect: [
        {
          manifest: countWordsPlugin({ permissions: `{ "fs": { "read": { «"parameter"»: true } } }` }),
          fixed: {
            title: 'Mark `document` in ./tools/count-words.schema.json as a file path ("format": "file-path")',
            manifest: countWordsPlugin({ permissions: `{ "fs": { "read": { "parameter": true } } }` }),
            editedFiles: {
              'tools/count-words.schema.json': text(`
                {
                  "type": "object",
                  "properties": { "document": { "type": "string", "description": "The file whose words are counted.", "format": "file-path" } },
                  "required": ["document"]
                }`),
            },
          },
          files: {
            'tools/count-words.schema.json': text(`
              {
                "type": "object",
                "properties": { "document": { "type": "string", "description": "The file whose words are counted." } },
                "required": ["document"]
              }`),
            'tools/count-words.js': text(`
              module.exports = async ({ document }, ctx) => {
                const text = await ctx.fs.read(document);
                return String(text.split(/\\s+/).filter(Boolean).length);
              };`),
          },
        },
      ],
      correct: [
        {
          manifest: countWordsPlugin(),
          files: countWordsFiles,
        },
      ],
    },
  }),
  defineRule({
    code: 'permissions.undeclared-use',
    severity: 'warning',
    description:
      'A handler that uses a ctx member whose permission the manifest does not declare: ctx.toast and ctx.store are undefined, ctx.log silently does nothing, and the others throw a permission error (not-declared).',
    decision:
      'Handler modules are parsed, never run (handlers.undeclared-permission marks each use in the handler itself; this is its summary at the path): see that rule for what is read. ctx.listChannels, getSessionHistory and respondToHitl need hostTrigger: the reference lists them with triggerInbound as one capability.',
    quotes: [
      manifestReference(
        'permissions',
        'An undeclared capability is not removed from ctx \u2014 the member is still there, but calling it throws a permission error whose message names the plugin and the capability, with not-declared as the reason',
      ),
      manifestReference(
        'permissions',
        'Two exceptions: ctx.toast and ctx.store are undefined when not declared, and ctx.log without log: true silently does nothing \u2014 no error, no output.',
      ),
    ],
    message: ({ jsonPath, filePath, member, without }: PermissionUse & { without: string }) =>
      `${quote(filePath)} uses \`${member}\`, but ${field(jsonPath)} is not declared, so ${without}.`,
    fix: declarePermission,
    examples: {
      incorrect: [
        {
          manifest: countWordsPlugin({ marked: 'handler', permissions: null }),
          files: countWordsFiles,
          alsoReported: ['handlers.undeclared-permission'],
          fixed: {
            title: 'Declare `permissions.fs.read` with "parameter": true (the path comes from the tool’s arguments)',
            manifest: countWordsPlugin({
              permissions: `
                {
                  "fs": {
                    "read": {
                      "parameter": true
                    }
                  }
                }`,
            }),
          },
        },
      ],
      correct: [
        {
          manifest: countWordsPlugin(),
          files: countWordsFiles,
        },
      ],
    },
  }),
  defineRule({
    code: 'permissions.hook-parameter-only',
    severity: 'warning',
    description:
      'Hook handlers receive ctx with an empty grant set and no calling-agent folder, so inside a hook parameter: true grants nothing: only static rules (and deny) apply there.',
    decision:
      'A warning when a hook handler uses ctx.fs and the fs rule it needs has no static patterns; whether a pattern covers the path the hook uses is not known from its text. Slash commands and setting actions too: they run outside any agent call, with no tool arguments a path could be granted from (handlers.parameter-grants-nothing marks each use in the handler).',
    quotes: [
      manifestReference(
        'permissions',
        'Hook handlers receive the same wrapped ctx with an empty grant set and no calling-agent folder, so inside a hook parameter: true grants nothing \u2014 only static rules (and deny) apply there.',
      ),
      manifestReference('Trust and allow-lists', 'a plugin\u2019s hooks, commands and views are not agent turns'),
    ],
    message: ({ jsonPath, filePath, member, handler }: PermissionUse & { handler: keyof typeof noGrantWords }) =>
      `${handlerWords[handler]} ${quote(filePath)} uses \`${member}\`, but ${field(jsonPath)} has no static patterns. ` +
      `${capitalized(noGrantWords[handler].where)}, \`parameter\` set to true grants nothing, as only static patterns and \`deny\` apply: add a static pattern for what it touches.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
                          "contributes": {
                            "tools": [
                              { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                                "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                                "annotations": { "readOnlyHint": true } }
                            ],
                            "hooks": { "onAgentComplete": «"./hooks/done.js"» }
                          },
                          "permissions": { "fs": { "read": { "parameter": true }, "write": { "parameter": true } } }`),
          files: { ...countWordsFiles, 'hooks/done.js': doneHook },
          alsoReported: ['handlers.parameter-grants-nothing'],
        },
      ],
      correct: [
        {
          manifest: plugin(`
                          "contributes": {
                            "tools": [
                              { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                                "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                                "annotations": { "readOnlyHint": true } }
                            ],
                            "hooks": { "onAgentComplete": "./hooks/done.js" }
                          },
                          "permissions": {
                            "fs": { "read": { "parameter": true }, "write": { "static": ["\${dataDir}/last-run.txt"] } }
                          }`),
          files: { ...countWordsFiles, 'hooks/done.js': doneHook },
        },
      ],
    },
  }),
]);

type Definitions = typeof definitions;

/** permissions: what a plugin may touch, enforced by the ctx it receives. */
export const permissionRules: RuleArea<Definitions> = {
  rules: definitions,
  check(context) {
    const { model } = context;
    const fs = valueNode(model.permissions, 'fs');
    for (const access of ['read', 'write', 'list']) {
      arrayItems(valueNode(valueNode(fs, access), 'static')).forEach((pattern, index) => {
        const path = ['permissions', 'fs', access, 'static', index];
        checkStaticPattern(context, pattern, path, access === 'list');
        if (access === 'list') checkListDirectory(context, pattern, path);
      });
    }
    const fetch = valueNode(model.permissions, 'fetch');
    for (const list of ['static', 'deny']) {
      arrayItems(valueNode(fetch, list)).forEach((entry, index) =>
        checkHost(context, entry, ['permissions', 'fetch', list, index], list === 'static'),
      );
    }
    const settingIds = model.settings.map((s) => String(s.key));
    arrayItems(valueNode(fetch, 'settings')).forEach((entry, index) => {
      if (typeof entry.value !== 'string') return;
      const path = ['permissions', 'fetch', 'settings', index];
      const setting = model.settings.find((s) => s.key === entry.value);
      if (!setting) {
        const suggestion = closest(entry.value, settingIds);
        context.report('permissions.fetch-setting-unknown', entry, {
          jsonPath: path,
          setting: entry.value,
          ...(suggestion ? { suggestion } : {}),
        });
      } else if (typeof setting.value.default === 'string' && !isFullUrl(setting.value.default)) {
        context.report('permissions.fetch-setting-default', valueNode(setting.node, 'default')!, {
          jsonPath: [...setting.jsonPath, 'default'],
          setting: entry.value,
          value: setting.value.default,
        });
      } else if (setting.value.type !== undefined && setting.value.type !== 'string') {
        context.report('permissions.fetch-setting-type', entry, {
          jsonPath: path,
          setting: entry.value,
          type: setting.value.type,
        });
      }
    });
    const { files, schemaFacts, everySchemaRead } = context.files();
    const gaps = permissionGapTable(model.permissionsValue);
    // One summary per entry, at its path; what it says is found once per module and kind of handler.
    const summaries = new Map<string, readonly PermissionGap[]>();
    for (const file of files) {
      if (file.read !== 'handler') continue;
      const key = `${file.kind}\0${file.relativePath}`;
      let summary = summaries.get(key);
      if (!summary) summaries.set(key, (summary = gapsByMember(gaps, file)));
      reportCtxUses(context, summary, file.reference, file.kind);
    }
    // A tool without a schema file (a legacy tool, say) may have a path property we cannot see.
    if (context.folder && everySchemaRead && schemaFacts.size === model.tools.length)
      checkParameterGrants(context, context.files());
  },
};

/** The first gap of each gated member the handler uses, in the table's order whatever the code's. */
function gapsByMember(table: PermissionGapTable, handler: HandlerModule): PermissionGap[] {
  const said = new Set<GatedMember>();
  const gaps = permissionGaps(table, handler).sort(
    (a, b) => gatedMembers.indexOf(a.use.gated) - gatedMembers.indexOf(b.use.gated),
  );
  return gaps.filter(({ use }) => {
    if (said.has(use.gated)) return false;
    said.add(use.gated);
    return true;
  });
}

/**
 * The summary at a handler's path: each gated ctx member its code uses whose permission is missing, or grants nothing
 * there, once.
 */
function reportCtxUses(
  { report }: RuleContext<Definitions>,
  gaps: readonly PermissionGap[],
  reference: FileReference,
  kind: HandlerKind,
): void {
  for (const { use, gap } of gaps) {
    const data: PermissionUse = {
      jsonPath: ['permissions', ...use.gated.permission],
      filePath: reference.filePath,
      member: use.gated.member,
      handler: kind,
    };
    if (gap === 'undeclared')
      report('permissions.undeclared-use', reference.node, { ...data, without: use.gated.without });
    else if (kind !== 'tool') report('permissions.hook-parameter-only', reference.node, { ...data, handler: kind });
  }
}

/** parameter: true grants only through a path-formatted schema property; without one it grants nothing. */
function checkParameterGrants(
  { model, report }: RuleContext<Definitions>,
  { files, schemaFacts }: ReferencedFiles,
): void {
  const anyPathProperty = [...schemaFacts.values()].some((facts) => facts.pathProperties.length > 0);
  if (anyPathProperty) return;
  const fs = valueNode(model.permissions, 'fs');
  let needs: PathArgumentNeed[] | undefined;
  for (const access of ['read', 'write', 'list']) {
    const rule = valueNode(fs, access);
    if (asRecord(asRecord(model.permissionsValue.fs)[access]).parameter !== true) continue;
    needs ??= pathArgumentNeeds(model, files, schemaFacts);
    report('permissions.parameter-without-path-property', keyNode(rule, 'parameter')!, {
      jsonPath: ['permissions', 'fs', access, 'parameter'],
      ...(needs.length > 0 ? { needs } : {}),
    });
  }
}

/** The arguments the tools' handlers pass to ctx.fs as paths, the first few, each with its tool's schema file. */
function pathArgumentNeeds(
  model: ManifestModel,
  files: ReferencedFiles['files'],
  schemaFacts: Map<number, ToolSchemaFacts>,
): PathArgumentNeed[] {
  const needs: PathArgumentNeed[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    if (file.read !== 'handler' || file.reference.kind !== 'tool-handler') continue;
    const toolIndex = file.reference.toolIndex!;
    const tool = model.tools[toolIndex];
    const schema = tool?.value.schema;
    const facts = schemaFacts.get(toolIndex);
    if (typeof schema !== 'string' || !facts) continue;
    for (const argument of file.facts().fsPathArguments) {
      const key = `${schema}\0${argument}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const declared = facts.argumentNames.includes(argument);
      needs.push({ tool: String(tool.value.id ?? tool.value.name ?? toolIndex), schema, argument, declared });
      if (needs.length >= maxNeedsOffered) return needs;
    }
  }
  return needs;
}

/**
 * Relative: not absolute on either OS, not `${dataDir}`-rooted (or any `${…}`), not starting with `*`. `~/x` is
 * relative too.
 */
function isRelativeStaticPattern(pattern: string): boolean {
  return !/^([/\\]|[A-Za-z]:|\$\{|\*)/.test(pattern);
}

function checkStaticPattern(
  { report }: RuleContext<Definitions>,
  pattern: JsonNode,
  path: JsonPath,
  isDirectory: boolean,
): void {
  if (typeof pattern.value !== 'string' || !isRelativeStaticPattern(pattern.value)) return;
  if (pattern.value.startsWith('~')) {
    report('permissions.relative-static', pattern, { jsonPath: path, pattern: pattern.value });
    return;
  }
  // An fs.list entry is a directory: its fix drops a trailing glob too (permissions.list-static-glob).
  const replacement =
    '${dataDir}/' + (isDirectory ? withoutTrailingGlob(pattern.value) : pattern.value).replace(/^(\.\/)+/, '');
  report('permissions.relative-static', pattern, { jsonPath: path, pattern: pattern.value, replacement });
}

/** A glob character outside `${…}` placeholders. */
const globCharacter = /[*?[\]{}]/;

/** `${dataDir}/a/**` → `${dataDir}/a`: the directory a glob that only ends in `/**` or `/*` covers. */
function withoutTrailingGlob(pattern: string): string {
  // From the end, without a regex: /([/\\]\*\*?)+$/ is quadratic on "/**/**/**…x".
  let end = pattern.length;
  for (;;) {
    let cut = end;
    if (pattern[cut - 1] !== '*') break;
    cut--;
    if (pattern[cut - 1] === '*') cut--;
    if (pattern[cut - 1] !== '/' && pattern[cut - 1] !== '\\') break;
    end = cut - 1;
  }
  return pattern.slice(0, end);
}

/** The text without its `${…}` placeholders, in one pass (/\$\{[^}]*\}/g rescans from every unclosed "${"). */
function withoutPlaceholders(text: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = text.indexOf('${', from);
    const close = open < 0 ? -1 : text.indexOf('}', open + 2);
    // No "}" after this "${": none after any later one either, so the rest stays as it is.
    if (close < 0) return out + text.slice(from);
    out += text.slice(from, open);
    from = close + 1;
  }
}

/** fs.list matches static entries by prefix: a glob there names a directory nobody has. */
function checkListDirectory({ report }: RuleContext<Definitions>, entry: JsonNode, path: JsonPath): void {
  if (typeof entry.value !== 'string' || !globCharacter.test(withoutPlaceholders(entry.value))) return;
  const directory = withoutTrailingGlob(entry.value);
  const replacement = directory && !globCharacter.test(withoutPlaceholders(directory)) ? directory : undefined;
  report('permissions.list-static-glob', entry, {
    jsonPath: path,
    entry: entry.value,
    ...(replacement ? { replacement } : {}),
  });
}

function checkHost({ report }: RuleContext<Definitions>, entry: JsonNode, path: JsonPath, isAllow: boolean): void {
  if (typeof entry.value !== 'string') return;
  const host = hostOf(entry.value);
  if (host !== entry.value) {
    report('permissions.fetch-url', entry, {
      jsonPath: path,
      entry: entry.value,
      ...(host ? { replacement: host } : {}),
    });
  }
  if (isAllow && host && isPrivateHost(host)) {
    report('permissions.fetch-private', entry, { jsonPath: path, host });
  }
}

function isFullUrl(value: string): boolean {
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** The host name an entry means: itself for a bare host; the URL's host for a URL; '' when there is none. */
function hostOf(entry: string): string {
  if (!/[/:@?#]/.test(entry) || /^\[?[0-9a-f:]+\]?$/i.test(entry)) return entry;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(entry) ? entry : `https://${entry}`).hostname;
  } catch {
    return '';
  }
}

function isPrivateHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost') || h === '0.0.0.0' || h === '::' || h === '::1') return true;
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (ipv4) {
    const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  return /^(fc|fd|fe80:)/.test(h) && h.includes(':');
}
