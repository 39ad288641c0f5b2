import { applyEdits, format } from 'jsonc-parser';
import type { ModuleStyle } from '../handlers/handlerFacts';
import type { ActionEntry } from '../model/manifestModel';
import type { ReferenceKind } from '../model/references';
import { argumentSchema } from './schemaArgument';
import { eolOf, formatJson, indentUnitOf, type DocumentText } from './textEdits';

/**
 * What the files a fix creates start as: laid out like the manifest (its indentation unit, its line
 * breaks, a final line break), and useful from the first save. Text from the manifest or from another
 * file goes into them only where it cannot turn into code: argument names that are plain JavaScript
 * identifiers, param ids of letters, digits, `_` and `-`. No title or description is copied into them.
 */

/** Beyond this many arguments a handler skeleton takes `args` whole, as it does when a name is no identifier. */
const maxDestructured = 12;
/** A prompt skeleton names at most this many params. */
const maxPromptParams = 20;
/**
 * One-line parameters larger or deeper than this keep their one line: laid out, each level indents every
 * line below it, and a hostile value (thousands of arrays 500 deep) would grow by that factor. A tool's
 * parameters are a few hundred bytes, a few levels deep.
 */
const maxLaidOutLength = 16 * 1024;
const maxLaidOutDepth = 20;

/** `lines` joined with the manifest's line break, each leading tab one level of its indentation, a final line break. */
function laidOut(lines: string[], document: DocumentText): string {
  const unit = indentUnitOf(document);
  const eol = eolOf(document);
  return lines.map((line) => line.replace(/^\t+/, (tabs) => unit.repeat(tabs.length))).join(eol) + eol;
}

/** An argument a tool's handler reads, and whether it passes it to ctx.fs as a path. */
export interface ReadArgument {
  name: string;
  path: boolean;
}

/** Beyond this many arguments read, a schema skeleton declares the first ones only. */
const maxSchemaArguments = 50;

/**
 * A tool's schema file that is missing: draft-07 (so that an editor completes its keywords), an object of the
 * arguments its handler reads, each a string, `"format": "file-path"` where the handler passes it to ctx.fs (Filer
 * grants that path under `"parameter": true`).
 */
export function schemaSkeleton(document: DocumentText, read: readonly ReadArgument[] = []): string {
  const properties: Record<string, unknown> = {};
  for (const { name, path } of read.slice(0, maxSchemaArguments))
    if (!Object.hasOwn(properties, name)) properties[name] = argumentSchema(path);
  return (
    formatJson({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties }, document, '') +
    eolOf(document)
  );
}

/**
 * The legacy tool's inline `parameters`, as a schema file of their own. A value the manifest lays out
 * over several lines keeps its layout, moved to the file's top level (`indent` is the indentation of
 * the line it started on); one the manifest writes on a single line is laid out one member per line,
 * with the manifest's indentation unit (VS Code's JSON formatting). Its text is kept either way:
 * numbers, escapes and comments as written.
 */
export function movedSchemaText(valueText: string, indent: string, document: DocumentText): string {
  const eol = eolOf(document);
  if (/[\r\n]/.test(valueText)) {
    const lines = valueText
      .split(/\r?\n/)
      .map((line, index) => (index > 0 && line.startsWith(indent) ? line.slice(indent.length) : line));
    return lines.join(eol) + eol;
  }
  if (valueText.length > maxLaidOutLength || nestingDepth(valueText) > maxLaidOutDepth) return valueText + eol;
  const unit = indentUnitOf(document);
  const options = unit === '\t' ? { insertSpaces: false, tabSize: 1 } : { insertSpaces: true, tabSize: unit.length };
  return applyEdits(valueText, format(valueText, undefined, { ...options, eol, keepLines: false })) + eol;
}

/** How deep a JSON text's arrays and objects nest (brackets inside strings do not count). */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === '{' || c === '[') {
      deepest = Math.max(deepest, ++depth);
    } else if (c === '}' || c === ']') {
      depth--;
    }
  }
  return deepest;
}

/** The handler kinds a skeleton is written for: what each one's function takes, and what it is for. */
const handlerShapes: Record<HandlerKind, { parameters: string; body: string[] }> = {
  'tool-handler': { parameters: '(args, ctx)', body: [] },
  'hook-handler': {
    parameters: '(event, ctx)',
    body: ["\t// Runs on the hook's event: `event` is what Filer tells about it."],
  },
  'command-handler': { parameters: '(args, ctx)', body: ['\t// Runs when the slash command is used.'] },
  'setting-handler': { parameters: '(ctx)', body: ["\t// Runs when the setting's button is pressed."] },
};

type HandlerKind = Exclude<ReferenceKind, 'tool-schema' | 'prompt' | 'command'>;

/**
 * A handler module: an async function that takes what Filer passes (a tool's arguments, a hook's
 * event, a command's arguments; then `ctx`), exported the way the plugin's other handlers export
 * theirs (`module.exports =`, the reference's examples' way, unless they use `export default`). A
 * tool's handler takes its arguments by the names its schema gives them, when that schema was read
 * and every name is a plain identifier, and returns a string (what reaches the agent verbatim).
 */
export function handlerSkeleton(
  kind: HandlerKind,
  moduleStyle: ModuleStyle,
  document: DocumentText,
  argumentNames: readonly string[] = [],
): string {
  let { parameters, body } = handlerShapes[kind];
  if (kind === 'tool-handler') {
    const named =
      argumentNames.length > 0 && argumentNames.length <= maxDestructured && argumentNames.every(isDestructurable);
    if (named) parameters = `({ ${argumentNames.join(', ')} }, ctx)`;
    const echoed = argumentNames.map((name) => `${name}: \${${name}}`).join(', ');
    body = [
      "\t// The tool's work. A string reaches the agent verbatim; any other value is JSON.stringify'd.",
      named ? `\treturn \`${echoed}\`;` : '\treturn JSON.stringify(args);',
    ];
  }
  const head = `async ${parameters} => {`;
  const module = moduleStyle === 'esm' ? [`export default ${head}`] : ["'use strict';", '', `module.exports = ${head}`];
  return laidOut([...module, ...body, '};'], document);
}

/** Words JavaScript reserves (in strict mode and modules), and the names the skeleton's function already binds. */
const unusableNames = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await arguments eval __proto__ ctx args'
  ).split(' '),
);

/** A name a destructuring parameter can bind as it is: a plain identifier that is not reserved. */
function isDestructurable(name: string): boolean {
  return /^[A-Za-z_$][\w$]{0,63}$/.test(name) && !unusableNames.has(name);
}

/**
 * A prompt template for an action: what it is given, named as the examples' templates name it
 * (`{{file}}` for a single file, `{{files}}` for several, `{{folder}}` for a folder), then one line
 * per param of the action's dialog (`{{params.<id>}}`), for the author to word the request around.
 */
export function promptSkeleton(action: ActionEntry | undefined, document: DocumentText): string {
  const scope = action?.value.scope;
  const scopes = Array.isArray(scope) ? scope : [scope];
  const selection = scopes.includes('single-file')
    ? 'Read {{file}} and …'
    : scopes.includes('multi-file')
      ? 'Read each of {{files}} and …'
      : scopes.includes('folder')
        ? 'Look through the folder {{folder}} and …'
        : 'Read {{file}} and …';
  const params = Array.isArray(action?.value.params) ? (action.value.params as unknown[]) : [];
  const ids = params
    .map((param) => (param !== null && typeof param === 'object' ? (param as { id?: unknown }).id : undefined))
    .filter((id): id is string => typeof id === 'string' && /^[\w-]{1,64}$/.test(id))
    .slice(0, maxPromptParams);
  const paramLines = ids.length > 0 ? ['', ...ids.map((id) => `${id}: {{params.${id}}}`)] : [];
  return laidOut([selection, ...paramLines], document);
}
