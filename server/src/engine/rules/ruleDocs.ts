/**
 * What a rule's page and its tests are made from, beside the rule and not in it: the reference's words it rests on
 * and the plugins that show it. Each rule's `<rule>.examples.ts` makes one with ruleDocs(); nothing the server, the
 * CLI or the client runs imports them, so no bundle holds them.
 */
import type { Severity } from '../diagnostics';
import type { Fix } from '../fixes/fix';
import type { notInTheReference, Quote } from './reference';

/**
 * A file of an example's plugin folder: its text, a symbolic link (its target, relative to the link as
 * `ln -s` takes it), a file of that many bytes, or a file the system refuses to read, and why.
 */
export type ExampleFile =
  string | { readonly symlink: string } | { readonly bytes: number } | { readonly unreadable: string };

/** A plugin as its author writes it. */
export interface RuleExample {
  /**
   * manifest.json. In an incorrect example, the one span the rule reports is marked «like this»: here,
   * or in one of `files` (a handler) for a rule that reports in that file.
   */
  readonly manifest: string;
  /**
   * The plugin folder's other files, by path. Without them the manifest is checked alone, as stdin is:
   * the rules that read files stay quiet.
   */
  readonly files?: Readonly<Record<string, ExampleFile>>;
  /**
   * The codes of the other rules an incorrect example is reported by too, each once, in whichever file:
   * where one mistake is said in two places (a handler's finding and the manifest's summary at its path),
   * each rule's example marks its own span and lists the other. The rule's own code, for a mistake it says at
   * two places itself (a duplicate key, at each occurrence): the example marks one of them. Nothing beyond them is
   * reported.
   */
  readonly alsoReported?: readonly string[];
  /**
   * What it is checked with where that is not the default: a cap on the diagnostics (the CLI's
   * --max-diagnostics), the size an editor found it to be, past its filerManifest.maxFileSize, or a lower limit on the
   * values parsed into a tree (the example stands for a text of more than a million).
   */
  readonly checkedWith?: {
    readonly maxDiagnostics?: number;
    readonly tooLarge?: { readonly megabytes: number; readonly maxFileSize: number };
    readonly maxTreeValues?: number;
  };
}

/** What the rule's quick fix makes of an incorrect example. */
export interface FixedExample {
  /** The fix's title, as an editor offers it. */
  readonly title: string;
  /** manifest.json after it. */
  readonly manifest: string;
  /** The files it creates, by path. */
  readonly newFiles?: Readonly<Record<string, string>>;
  /** The files of the example it edits (a tool's schema), by path: their text after it. */
  readonly editedFiles?: Readonly<Record<string, string>>;
  /** The fix leaves a value for the author to fill in, which the rule still reports (`"options": []`). */
  readonly placeholder?: true;
}

interface Examples<First, Other> {
  /** Plugins the rule reports: once each, at the marked span, and nothing else is reported. */
  readonly incorrect: readonly [First, ...Other[]];
  /** Near misses: as close to an incorrect one as can be, and nothing at all is reported. */
  readonly correct: readonly [RuleExample, ...RuleExample[]];
}

/** The examples of a rule with a quick fix: the first incorrect one says what the fix makes of it. */
type FixedRuleExamples = Examples<
  RuleExample & { readonly fixed: FixedExample },
  RuleExample & { readonly fixed?: FixedExample }
>;

/** The examples of a rule without a quick fix. */
type PlainRuleExamples = Examples<RuleExample & { readonly fixed?: never }, RuleExample & { readonly fixed?: never }>;

/**
 * The examples of a rule that reports a fault of this tool or of the system, never a mistake in a plugin: no plugin
 * shows it, and `fault` says when it is reported instead.
 */
interface FaultExamples {
  readonly fault: string;
}

type RuleExamples = FixedRuleExamples | PlainRuleExamples | FaultExamples;

/** A rule's docs: its page (docs/rules/<code>.md) and its example tests are made from them. */
export interface RuleDocs<C extends string = string> {
  readonly code: C;
  /**
   * How the rule decides where the reference leaves it open: its module's `decision` export (beside the rule, not in
   * it, so that the server's bundle does not hold it), which its page and the README's tables show.
   */
  readonly decision?: string;
  /**
   * The reference's words the rule rests on (its page quotes them), or notInTheReference for a rule of ours, whose
   * decision then says what it rests on.
   */
  readonly quotes: readonly [Quote, ...Quote[]] | typeof notInTheReference;
  /** Plugins that show it. */
  readonly examples: RuleExamples;
  /**
   * Why the rule has its severity, where the page's sentence for every rule of that severity is not true of it (or
   * not all of the truth).
   */
  readonly whySeverity?: string;
}

/** What a rule's docs must hold, by what the rule is: a fix wants a `fixed`; without a decision, they quote. */
type DocsFor<R extends DocumentedRule> = { readonly whySeverity?: string } & (R['fix'] extends undefined
  ? { readonly examples: PlainRuleExamples | FaultExamples }
  : { readonly examples: FixedRuleExamples }) &
  (
    | { readonly decision: string; readonly quotes: readonly [Quote, ...Quote[]] | typeof notInTheReference }
    | { readonly decision?: undefined; readonly quotes: readonly [Quote, ...Quote[]] }
  );

/** What ruleDocs reads of a rule's type (defineRule keeps whether it has a fix). */
interface DocumentedRule {
  readonly code: string;
  readonly severity: Severity;
  // A fix of any rule's data.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly fix: Fix<any> | undefined;
}

/**
 * The docs of `rule`: the compiler refuses a rule with a fix whose first incorrect example does not say what it makes
 * of it, and a rule without a decision that quotes nothing.
 */
export function ruleDocs<const R extends DocumentedRule>(rule: R, docs: DocsFor<R>): RuleDocs<R['code']> {
  return { code: rule.code, ...docs };
}
