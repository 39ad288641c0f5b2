import { parse, Parser, type Options, type Program } from 'acorn';
import { LooseParser } from 'acorn-loose';

/** How a handler module was read: exactly, or by the error-tolerant parser because it has a syntax error. */
export type ParseKind = 'exact' | 'tolerant';

/** Why a handler module's code was not read: what the finding about it says. */
export type NotParsed =
  /** It nests too deeply for a parser that descends once per level (thousands of brackets). */
  | 'too-deep'
  /** Its syntax errors would take the tolerant parser more work than the budget its size allows. */
  | 'too-costly'
  /** A parser failed on it in a way it should not: a fault of this tool, not of the module. */
  | 'failed';

type ParseOutcome = { program: Program; kind: ParseKind } | { notParsed: NotParsed; detail?: string };

/**
 * A handler module's syntax tree, read as text and never run: an ES module or a CommonJS script,
 * whichever it is. A module with a syntax error (one being typed, most often) is read by acorn-loose,
 * which always gives a tree, so what the rest of the file says is still seen. Never throws: a text no parser
 * can read within its budget says why.
 */
export function parseModule(text: string, fileName: string): ParseOutcome {
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
    return { program: parseTolerantly(text, sourceTypes[0]), kind: 'tolerant' };
  } catch (error) {
    // Each parser descends once per level of nesting: ten thousand brackets overflow the stack.
    if (error instanceof RangeError) return { notParsed: 'too-deep' };
    if (error instanceof OverBudget) return { notParsed: 'too-costly' };
    // acorn-loose gives up on some errors it does not know how to skip ("Invalid escape sequence" where a
    // string such as "C:\8bit" sits in a module that has another syntax error, "Code point out of bounds").
    return { notParsed: 'failed', detail: error instanceof Error ? error.message : String(error) };
  }
}

const options: Options = {
  ecmaVersion: 'latest',
  allowHashBang: true,
  allowReturnOutsideFunction: true,
  allowAwaitOutsideFunction: true,
  allowImportExportEverywhere: false,
};

/**
 * acorn's tokenizer as acorn-loose uses it, with errors of its own. Without the line and column acorn adds to each
 * message, which it counts from the start of the text each time: acorn-loose recovers from every error and reads on, so
 * a text of a syntax error per character (80 KB of `@`, of unterminated strings) cost the square of its length with
 * them, and is linear without. And in words acorn-loose knows how to skip: it gives up on an error it does not know
 * ("Invalid escape sequence", where a string such as "C:\8bit" sits in a module with another syntax error), and the
 * rest of the module would go unread.
 */
class LinearErrorsParser extends Parser {}
Object.defineProperty(LinearErrorsParser.prototype, 'raise', {
  value(this: { pos: number }, pos: number, message: string): never {
    throw Object.assign(new SyntaxError(skippable(message)), { pos, raisedAt: this.pos });
  },
});
Object.defineProperty(LinearErrorsParser.prototype, 'raiseRecoverable', {
  value: (LinearErrorsParser.prototype as unknown as { raise: unknown }).raise,
});

/** The messages acorn-loose skips text after (its readToken): what it does for each is right for the error. */
const skippedByLooseParser =
  /unterminated|invalid (unicode|regexp|number)|expecting unicode|octal literal|is reserved|directly after number|expected number in radix|numeric separator|character escape|expected hexadecimal|unexpected character|regular expression/i;

/**
 * An escape acorn-loose does not know is skipped as one it knows (to the string's end); any other error it does not
 * know, one character at a time.
 */
function skippable(message: string): string {
  if (skippedByLooseParser.test(message)) return message;
  return /escape|code point/i.test(message) ? 'Bad character escape sequence' : 'Unexpected character';
}

/** The tolerant parser stops when its work passes the budget its text's length allows. */
class OverBudget extends Error {}

/**
 * Tokens the tolerant parser may read per character of text, and beyond that, in all: a linear parse reads at most
 * one token per character and looks a few ahead; a text that makes it read more is not read at all.
 */
const tokensPerCharacter = 4;
const tokensBeyond = 10_000;

interface LooseParserInstance {
  next(): void;
  parse(): Program;
}
type LooseParserClass = (new (input: string, options: Options) => LooseParserInstance) & { BaseParser: typeof Parser };

/** acorn-loose over LinearErrorsParser, with a budget on the tokens it reads. */
class BudgetedLooseParser extends (LooseParser as unknown as LooseParserClass) {
  static override BaseParser = LinearErrorsParser;
  private tokensLeft: number;

  constructor(input: string, parserOptions: Options) {
    super(input, parserOptions);
    this.tokensLeft = input.length * tokensPerCharacter + tokensBeyond;
  }

  override next(): void {
    if (--this.tokensLeft < 0) throw new OverBudget();
    super.next();
  }
}

function parseTolerantly(text: string, sourceType: Options['sourceType']): Program {
  // The parser throws and catches an error per syntax error it recovers from: their stack traces are never read, and
  // taking them was most of its time on a text of many.
  // (V8's Error.stackTraceLimit; elsewhere setting it does nothing.)
  const errors = Error as ErrorConstructor & { stackTraceLimit?: number };
  const stackTraceLimit = errors.stackTraceLimit;
  errors.stackTraceLimit = 0;
  try {
    return new BudgetedLooseParser(text, { ...options, sourceType }).parse();
  } finally {
    errors.stackTraceLimit = stackTraceLimit;
  }
}
