import { parse, type Options, type Program } from 'acorn';
import { parse as parseLoose } from 'acorn-loose';

/** How a handler module was read: exactly, or by the error-tolerant parser because it has a syntax error. */
export type ParseKind = 'exact' | 'tolerant';

/**
 * A handler module's syntax tree, read as text and never run: an ES module or a CommonJS script,
 * whichever it is. A module with a syntax error (one being typed, most often) is read by acorn-loose,
 * which always gives a tree, so what the rest of the file says is still seen. Undefined only when the
 * text nests too deeply for either parser.
 */
export function parseModule(text: string, fileName: string): { program: Program; kind: ParseKind } | undefined {
  // A .cjs file is a script; anything else is read as a module first (import/export, top-level await),
  // which also reads nearly every CommonJS file, and as a script when that fails.
  const sourceTypes: Options['sourceType'][] = fileName.endsWith('.cjs') ? ['script'] : ['module', 'script'];
  try {
    for (const sourceType of sourceTypes) {
      try {
        return { program: parse(text, { ...options, sourceType }), kind: 'exact' };
      } catch (error) {
        if (!(error instanceof SyntaxError)) throw error;
      }
    }
    return { program: parseLoose(text, { ...options, sourceType: sourceTypes[0] }), kind: 'tolerant' };
  } catch (error) {
    // Each parser descends once per level of nesting: ten thousand brackets overflow the stack.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

const options: Options = {
  ecmaVersion: 'latest',
  allowHashBang: true,
  allowReturnOutsideFunction: true,
  allowAwaitOutsideFunction: true,
  allowImportExportEverywhere: false,
};
