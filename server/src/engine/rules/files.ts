import type { FileKind, FileRead, PluginFolder } from '../folder/pluginFolder';
import { asRecord } from '../model/manifestModel';
import { keyNode, valueNode } from '../model/nodes';
import { containsDotDot, fileReferences, isAbsolutePath, normalizeRelativePath, type FileReference } from '../model/references';
import { ctxUses, type CtxUse } from '../model/handlerUses';
import { analyzeToolSchema, type ToolSchemaFacts, type ToolSchemaResult } from '../model/toolSchema';
import { field, quote } from './messages';
import { defineRules, type CodeOf, type RuleArea, type RuleContext } from './rule';

const what: Record<FileReference['kind'], string> = {
  'tool-schema': 'the tool\u2019s JSON-Schema file',
  'tool-handler': 'the handler module',
  prompt: 'the prompt template',
  'hook-handler': 'the hook\u2019s handler module',
  'command-handler': 'the command\u2019s handler module',
  'setting-handler': 'the action setting\u2019s handler module',
  command: 'the plugin\u2019s executable',
};

const definitions = defineRules([
  { code: 'paths.dotdot', severity: 'error', description: 'Paths in the manifest (schema, handler, prompt, hooks, commands, command) must not contain "..".', decision: 'Literally, as the reference words it: any "..", also inside a file name. Also for an action setting\u2019s handler, which the reference calls a relative path without repeating the rule.' },
  {
    code: 'paths.absolute',
    severity: 'warning',
    description: 'schema, handler, prompt and hook paths are relative to the plugin root.',
    decision: 'A warning (the reference rejects absolute paths outright only for command): such a path is not portable, and it is never read.',
  },
  {
    code: 'files.missing',
    fix: 'create-file',
    severity: 'error',
    description: 'A file the manifest names (schema, handler, prompt, hook or command handler, command) must exist in the plugin folder.',
    decision: 'An error, as a rule of the reference\u2019s tables ("path to a JSON-Schema file", "path to the handler module", "path to the prompt template"), though it does not say the loader looks for the files: the tool, action, hook, command or executable cannot run without its file.',
  },
  {
    code: 'files.not-a-file',
    severity: 'error',
    description: 'A path the manifest names must be a file, not a folder or a device.',
    decision: 'An error, like files.missing. An empty path ("", ".") names the plugin folder itself.',
  },
  {
    code: 'files.outside',
    severity: 'error',
    description: 'A path the manifest names must stay inside the plugin folder (a symlink that leaves it is not followed).',
    decision: 'An error, like "..": an installed plugin carries only its own folder, and nothing outside it is read.',
  },
  {
    code: 'files.unreadable',
    severity: 'error',
    description: 'A file the manifest names must be readable.',
    decision: 'A file over 2 MB is not read either (a schema or a handler is a few KB).',
  },
  {
    code: 'tools.schema-not-json',
    severity: 'error',
    description: 'A tool\u2019s schema file must parse as JSON.',
    decision: 'An error, as a rule of the tools table ("path to a JSON-Schema file"), though the reference does not say the loader parses it: the tool\u2019s arguments then have no schema.',
  },
  {
    code: 'tools.schema-invalid',
    severity: 'error',
    description: 'A tool\u2019s schema file must be a JSON Schema.',
    decision:
      'An error, like tools.schema-not-json. The reference says only "a JSON-Schema file": checked against the meta-schema of the draft its $schema declares (draft-04, -06, -07, 2019-09, 2020-12), draft-07 when it declares none; a $ref to another file or a URL is never followed.',
  },
  {
    code: 'tools.schema-unknown-draft',
    severity: 'warning',
    description: 'A tool\u2019s schema file declares a $schema that is none of the JSON Schema drafts draft-04, -06, -07, 2019-09 and 2020-12.',
    decision: 'A warning, not an error: the reference does not name a draft. The schema is checked as draft-07, and the message says so.',
  },
  {
    code: 'tools.path-without-format',
    severity: 'hint',
    description:
      'A path passed under a schema property without "format": "file-path" (or "directory-path") gets no grant, so only a static rule could admit it.',
    decision:
      'A hint on properties named path, file, filePath, dir, folder, …Path, …File, …Dir of string type. Local $refs ("#/$defs/filePath", "#/definitions/…", "#anchor") are followed, with a cycle guard; a $ref to another file or a URL never is, so the format behind it is not seen.',
  },
  {
    code: 'permissions.parameter-without-path-property',
    severity: 'warning',
    description:
      'fs rules with "parameter": true grant the path of a schema property marked "format": "file-path" (or "directory-path"); with no such property in any tool schema, no path can ever be granted.',
  },
  {
    code: 'permissions.undeclared-use',
    fix: 'declare-permission',
    severity: 'warning',
    description:
      'A handler that uses a ctx member whose permission the manifest does not declare: ctx.toast and ctx.store are undefined, ctx.log silently does nothing, and the others throw a permission error (not-declared).',
    decision:
      'Handler files are read as text, never run, and only a context named `ctx` is recognised; a handler too large to read is not scanned. ctx.listChannels, getSessionHistory and respondToHitl need hostTrigger: the reference lists them with triggerInbound as one capability.',
  },
  {
    code: 'permissions.hook-parameter-only',
    severity: 'warning',
    description:
      'Hook handlers receive ctx with an empty grant set and no calling-agent folder, so inside a hook parameter: true grants nothing: only static rules (and deny) apply there.',
    decision: 'A warning when a hook handler uses ctx.fs and the fs rule it needs has no static patterns; whether a pattern covers the path the hook uses is not known from its text.',
  },
  {
    code: 'actions.batch-without-array',
    severity: 'warning',
    description: 'multiFileMode: "batch" passes every selected path under the tool schema\u2019s array-of-paths property, which the tool\u2019s schema must have.',
    decision: 'A warning: an array property whose items carry "format": "file-path" (or "directory-path") is required, found through local $refs as for tools.path-without-format.',
  },
]);

type Code = CodeOf<typeof definitions>;

/** Paths the manifest names, and the files behind them. Nothing is read outside the plugin folder. */
export const fileRules: RuleArea<Code> = {
  rules: definitions,
  check(context) {
    const { folder } = context;
    const schemaFacts = new Map<number, ToolSchemaFacts>();
    let everySchemaRead = true;
    for (const reference of fileReferences(context.model)) {
      const relative = checkPath(context, reference);
      if (relative === undefined || !folder) {
        if (reference.kind === 'tool-schema') everySchemaRead = false;
        continue;
      }
      if (reference.kind !== 'tool-schema') {
        const kind = folder.stat(relative);
        if (kind !== 'file') reportUnreadable(context, reference, unusable(kind));
        else if (reference.kind !== 'prompt' && reference.kind !== 'command') checkCtxUses(context, reference, handlerCtxUses(folder, relative));
        continue;
      }
      const outcome = schemaOutcome(folder, relative);
      if (outcome.kind !== 'analysed') {
        reportUnreadable(context, reference, outcome);
        everySchemaRead = false;
        continue;
      }
      const { analysis } = outcome;
      if (analysis.kind === 'not-json') {
        context.report('tools.schema-not-json', reference.node, `${field(reference.fieldPath)}: ${quote(reference.path)} is not JSON (${analysis.reason}).`, { path: reference.fieldPath });
        everySchemaRead = false;
        continue;
      }
      if (analysis.unknownDraft !== undefined) {
        context.report(
          'tools.schema-unknown-draft',
          reference.node,
          `${field(reference.fieldPath)} ${quote(reference.path)} declares "$schema": ${quote(analysis.unknownDraft)}, a draft this validator does not know: it is checked as ${analysis.draft}.`,
          { path: reference.fieldPath },
        );
      }
      if (analysis.kind === 'invalid') {
        context.report('tools.schema-invalid', reference.node, `${field(reference.fieldPath)}: ${quote(reference.path)} is not a valid JSON Schema (${analysis.draft}): ${analysis.reason}.`, { path: reference.fieldPath });
        everySchemaRead = false;
      } else {
        schemaFacts.set(reference.toolIndex!, analysis.facts);
        for (const property of analysis.facts.unformattedPathLikeProperties) {
          context.report(
            'tools.path-without-format',
            reference.node,
            `Property \`${property}\` of ${quote(reference.path)} looks like a path but has no "format": "file-path" (or "directory-path"): a path passed there gets no grant, so only a static rule could admit it.`,
            { path: reference.fieldPath },
          );
        }
      }
    }
    // A tool without a schema file (a legacy tool, say) may have a path property we cannot see.
    if (folder && everySchemaRead && schemaFacts.size === context.model.tools.length) checkParameterGrants(context, schemaFacts);
    if (folder) checkBatchActions(context, schemaFacts);
  },
};

/** Reports what makes a path unusable; returns the folder-relative form when it may be read. */
function checkPath({ report }: RuleContext<Code>, reference: FileReference): string | undefined {
  const { path, node, fieldPath } = reference;
  if (containsDotDot(path)) {
    report('paths.dotdot', node, `${field(fieldPath)} ${quote(path)} must not contain "..": paths stay inside the plugin folder.`, { path: fieldPath });
    return undefined;
  }
  if (isAbsolutePath(path)) {
    // An absolute command is the process rule manifest.command-absolute.
    if (reference.kind !== 'command') {
      report('paths.absolute', node, `${field(fieldPath)} ${quote(path)} is absolute: write it relative to the plugin root (manifests are portable). It is not read.`, { path: fieldPath });
    }
    return undefined;
  }
  // "", "." and "./" name the plugin folder itself: asked for like any path, it is a folder, not a file.
  return normalizeRelativePath(path);
}

/** What the rules learn from a tool's schema file: why it cannot be read, or what its text says. */
type SchemaOutcome = Exclude<FileRead, { kind: 'text' }> | { kind: 'analysed'; analysis: ToolSchemaResult };

function schemaOutcome(folder: PluginFolder, relativePath: string): SchemaOutcome {
  return derivedFrom(folder, relativePath, 'tool-schema', () => {
    const read = folder.readText(relativePath);
    return read.kind === 'text' ? { kind: 'analysed', analysis: analyzeToolSchema(read.text) } : read;
  });
}

/** The gated ctx members a handler uses; none when it cannot be read (whether it exists is the stat's to say). */
function handlerCtxUses(folder: PluginFolder, relativePath: string): CtxUse[] {
  return derivedFrom(folder, relativePath, 'handler-ctx-uses', () => {
    const read = folder.readText(relativePath);
    return read.kind === 'text' ? ctxUses(read.text) : [];
  });
}

/** Through the host's memory when it has one, so it keeps facts instead of texts. */
function derivedFrom<T>(folder: PluginFolder, relativePath: string, purpose: string, derive: () => T): T {
  return folder.rememberUntilChanged ? folder.rememberUntilChanged(relativePath, purpose, derive) : derive();
}

function unusable(kind: Exclude<FileKind, 'file'>): Exclude<FileRead, { kind: 'text' }> {
  switch (kind) {
    case 'missing':
      return { kind: 'missing' };
    case 'outside':
      return { kind: 'outside' };
    case 'directory':
      return { kind: 'not-a-file', what: 'directory' };
    case 'other':
      return { kind: 'not-a-file', what: 'other' };
  }
}

function reportUnreadable({ report }: RuleContext<Code>, reference: FileReference, read: Exclude<FileRead, { kind: 'text' }>): void {
  const name = `${field(reference.fieldPath)} ${quote(reference.path)}`;
  const data = { path: reference.fieldPath, file: normalizeRelativePath(reference.path), ...(reference.toolIndex !== undefined ? { toolIndex: reference.toolIndex } : {}) };
  switch (read.kind) {
    case 'missing':
      report('files.missing', reference.node, `${name}: ${what[reference.kind]} does not exist in the plugin folder.`, data);
      break;
    case 'not-a-file': {
      const named = data.file === '' ? 'the plugin folder itself' : read.what === 'directory' ? 'a folder' : 'a device or special file';
      report('files.not-a-file', reference.node, `${name} names ${named}, not ${what[reference.kind]}.`, data);
      break;
    }
    case 'outside':
      report('files.outside', reference.node, `${name} leads outside the plugin folder (through a symbolic link); it is not read.`, data);
      break;
    case 'too-large':
      report('files.unreadable', reference.node, `${name} is too large to check (${Math.round(read.size / 1024 / 1024)} MB).`, data);
      break;
    case 'unreadable':
      report('files.unreadable', reference.node, `${name} cannot be read: ${read.reason}.`, data);
      break;
  }
}

/** A handler's gated ctx members, each checked against the permissions the manifest declares. */
function checkCtxUses({ model, report }: RuleContext<Code>, reference: FileReference, uses: CtxUse[]): void {
  for (const use of uses) {
    if (isDeclared(model.permissionsValue, use.permission)) {
      if (reference.kind === 'hook-handler' && use.permission[0] === 'fs') checkHookFsGrant(model.permissionsValue, reference, use, report);
      continue;
    }
    report(
      'permissions.undeclared-use',
      reference.node,
      `${quote(reference.path)} uses ${use.member}, but \`permissions.${use.permission.join('.')}\` is not declared: ${use.without}.`,
      { path: ['permissions', ...use.permission] },
    );
  }
}

/** Inside a hook there is no call and no agent folder: an fs rule that grants only by parameter grants nothing. */
function checkHookFsGrant(permissions: Record<string, unknown>, reference: FileReference, use: CtxUse, report: RuleContext<Code>['report']): void {
  const rule = asRecord(asRecord(permissions.fs)[use.permission[1]]);
  if (Array.isArray(rule.static) && rule.static.length > 0) return;
  report(
    'permissions.hook-parameter-only',
    reference.node,
    `Hook handler ${quote(reference.path)} uses ${use.member}, but \`permissions.${use.permission.join('.')}\` has no static patterns, and inside a hook parameter: true grants nothing: only static rules (and deny) apply there.`,
    { path: ['permissions', ...use.permission] },
  );
}

/** A flag is declared by `true`; an object (fs.write, session) by being there; ai.complete and the like by `true`. */
function isDeclared(permissions: Record<string, unknown>, path: string[]): boolean {
  let value: unknown = permissions;
  for (const key of path) value = asRecord(value)[key];
  return value === true || (value !== null && typeof value === 'object');
}

/** parameter: true grants only through a path-formatted schema property; without one it grants nothing. */
function checkParameterGrants({ model, report }: RuleContext<Code>, schemaFacts: Map<number, ToolSchemaFacts>): void {
  const anyPathProperty = [...schemaFacts.values()].some((facts) => facts.pathProperties.length > 0);
  if (anyPathProperty) return;
  const fs = valueNode(model.permissions, 'fs');
  for (const access of ['read', 'write', 'list']) {
    const rule = valueNode(fs, access);
    if (asRecord(asRecord(model.permissionsValue.fs)[access]).parameter !== true) continue;
    report(
      'permissions.parameter-without-path-property',
      keyNode(rule, 'parameter')!,
      `\`permissions.fs.${access}.parameter\` is true, but no tool schema has a property with "format": "file-path" (or "directory-path"): no path can ever be granted.`,
      { path: ['permissions', 'fs', access, 'parameter'] },
    );
  }
}

function checkBatchActions({ model, report }: RuleContext<Code>, schemaFacts: Map<number, ToolSchemaFacts>): void {
  for (const action of model.actions) {
    const mode = valueNode(action.node, 'multiFileMode');
    if (action.kind !== 'tool' || mode?.value !== 'batch' || typeof action.value.toolId !== 'string') continue;
    const tool = model.toolsById.get(action.value.toolId);
    const facts = tool && schemaFacts.get(tool.key as number);
    if (!facts || facts.pathArrayProperties.length > 0) continue;
    report(
      'actions.batch-without-array',
      mode,
      `${field([...action.path, 'multiFileMode'])} is "batch", but tool ${quote(action.value.toolId)}'s schema has no array-of-paths property (an array whose items carry "format": "file-path") to pass every selected path in.`,
      { path: [...action.path, 'multiFileMode'] },
    );
  }
}
