import type { JsonPath } from '../../model/nodes';
import type { NotParsed } from '../../handlers/parseModule';
import { capitalized, closest, didYouMean, listOf, nameOf, quote } from '../messages';
import { type EnvelopeProblem, knownBlockTypes } from '../../handlers/resultShape';

/** A tool handler's finding: the manifest field that names the handler, and the tool. */
export interface InToolHandler {
  /** The manifest field that names the handler (`contributes.tools[0].handler`). */
  jsonPath: JsonPath;
  tool: string;
}

/** What a handler reads of its arguments that its tool's schema does not declare. */
export interface UnknownArgument extends InToolHandler {
  name: string;
  declared: string[];
  suggestion?: string;
  /** The tool's schema file, as the manifest writes it: where the fix declares the argument. */
  schema: string;
  /** The handler passes it to ctx.fs as a path: the fix declares it `"format": "file-path"`. */
  passedToFs: boolean;
}

/** A schema's arguments as a message names them: the first few, in backticks. */
export function declaredWords(declared: readonly string[]): string {
  if (declared.length === 0) return 'none';
  const shown = declared.slice(0, 8).map(nameOf).join(', ');
  return declared.length > 8 ? `${shown} and ${declared.length - 8} more` : shown;
}

export function notCheckedWords(reason: NotParsed, detail: string | undefined): string {
  switch (reason) {
    case 'too-deep':
      return 'it nests too deeply for the parser, with thousands of brackets or operators in a row';
    case 'too-costly':
      return 'its syntax errors would take the tolerant parser more work than its size allows; fix the first one and it is read again';
    case 'failed':
      return `the parser failed on it (${quote(detail ?? 'no detail')}), a fault of Filer Plugin Tools, not of the module. Please report it with the module`;
  }
}

export function envelopeWords(problem: EnvelopeProblem): string {
  const subject = capitalized(placeOf(problem));
  switch (problem.kind) {
    case 'wrong-type':
      return `${subject} is ${problem.actual}, not ${typeArticle[problem.expected]}.`;
    case 'missing-field':
      return problem.writtenUndefined
        ? `${capitalized(placeOf({ ...problem, path: [...problem.path, problem.field] }))} is undefined, which JSON leaves out.`
        : `${subject} has no \`${problem.field}\`.`;
    case 'missing-one-of':
      return `${subject} has neither ${problem.fields.map((name) => `\`${name}\``).join(' nor ')}.`;
    case 'no-type':
      return `${subject} has no \`type\`.`;
    case 'unknown-type':
      return problem.isString
        ? `Content block type ${quote(problem.written)} is not one of MCP\u2019s, which are ${listOf(knownBlockTypes)}.${didYouMean(closest(problem.written, knownBlockTypes), quote)}`
        : `The \`type\` of this content block is ${problem.written}, not one of MCP\u2019s, which are ${listOf(knownBlockTypes)}.`;
    case 'not-allowed':
      return `${subject} is ${quote(problem.value)}, not ${problem.allowed.map(quote).join(' or ')}.`;
    case 'out-of-range':
      return problem.minimum === undefined
        ? `${subject} is ${problem.value}, more than ${problem.maximum}.`
        : problem.maximum === undefined
          ? `${subject} is ${problem.value}, less than ${problem.minimum}.`
          : `${subject} is ${problem.value}, outside ${problem.minimum} to ${problem.maximum}.`;
    case 'not-base64':
      return problem.dataUrl
        ? `${subject} is a "data:" URL. MCP wants the base64 after its comma alone, with the type in \`mimeType\`.`
        : `${subject} is not base64.`;
    case 'not-a-uri':
      return `${subject} is not a URI, which starts with a scheme and a colon and has no spaces, as in "file:///notes.txt" or "https://example.com".`;
  }
}

const typeArticle = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  null: 'null',
  object: 'an object',
  array: 'an array',
} as const;

/**
 * Where in the returned envelope a problem is, as a message names it: `data` of this "image" content block,
 * `isError` of the returned envelope. Its path holds only names from MCP's schema and indexes.
 */
function placeOf({ path, block }: Pick<EnvelopeProblem, 'path' | 'block'>): string {
  const inBlock = path.length >= 2 && path[0] === 'content' && typeof path[1] === 'number';
  const owner = inBlock
    ? block !== undefined
      ? `this ${quote(block)} content block`
      : 'this content block'
    : 'the returned envelope';
  const rest = inBlock ? path.slice(2) : path;
  if (rest.length === 0) return owner;
  const field = rest.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`));
  return `\`${field.join('')}\` of ${owner}`;
}
