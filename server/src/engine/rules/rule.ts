import type { Range, Severity } from '../diagnostics';
import type { Fix } from '../fixes/fix';
import type { PluginFolder } from '../folder/pluginFolder';
import type { ReferencedFiles } from '../folder/referencedFiles';
import type { ManifestModel } from '../model/manifestModel';
import type { JsonPath } from '../model/nodes';
import type { JsonNode } from '../parse/jsonNode';
import type { ShapeFinding } from '../shape/shapeFindings';
import type { Grounded } from './reference';

/** How an editor may show a rule's findings: faded (the app ignores what is marked), or struck through. */
export type RuleTag = 'unnecessary' | 'deprecated';

/** What a finding of the JSON Schema carries (the shape area reports them): the node at fault, and what a fix needs. */
export interface ShapeData {
  /** The node at fault; for a missing field, the object that lacks it; for an unknown key, the key's value. */
  jsonPath: JsonPath;
  /** A missing field's name. */
  missingField?: string;
  /** For an unknown key: the closest key the schema defines. */
  suggestion?: string;
}

/**
 * One rule: its code, severity, words, the message of each finding built from the finding's typed data,
 * and its quick fix, which receives that same data. `D` is what a finding carries; it is sent to the
 * client as the LSP diagnostic's `data` and handed back to the fix, so it is plain JSON.
 */
export interface RuleDefinition<C extends string = string, D = ShapeData> {
  /** Stable, kebab-case, `area.rule`: users tune severities by it and quick fixes are found by it. */
  code: C;
  severity: Severity;
  /** The reference's rule, in its words: shown in the README's rules table and in hovers. */
  description: string;
  /** How the rule decides where the reference leaves it open (the README's "decision" column). */
  decision?: string;
  /**
   * The reference's words the rule rests on (its page quotes them), or notInTheReference for a rule of
   * ours, whose decision then says what it rests on: defineRule requires one or the other. Data for the
   * tests and the docs only, like `examples`: the bundles leave it out.
   */
  quotes: Grounded['quotes'];
  /** For the findings an area's check reports: the message, from the finding's data. */
  message?(data: D): string;
  /** For rules the JSON Schema checks: the message for one finding, naming the field (its data is ShapeData). */
  shapeMessage?(finding: ShapeFinding, field: string, value: unknown): string;
  /** How an editor shows its findings. */
  tags?: readonly RuleTag[];
  /** Its quick fix, if it has one: a pure function of the finding's data and the document (engine/fixes). */
  fix?: Fix<NoInfer<D>>;
  /**
   * Plugins that show it: its page (docs/rules/<code>.md) and its tests are made from them. Data for the
   * tests and the docs only: scripts/build.mjs strips every `examples` of rules/ from the bundles, so no
   * code that runs in the server, the CLI or the client may read it.
   */
  examples: RuleExamples;
}

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
export type FixedRuleExamples = Examples<
  RuleExample & { readonly fixed: FixedExample },
  RuleExample & { readonly fixed?: FixedExample }
>;

/** The examples of a rule without a quick fix. */
export type PlainRuleExamples = Examples<
  RuleExample & { readonly fixed?: never },
  RuleExample & { readonly fixed?: never }
>;

/**
 * The examples of a rule that reports a fault of this tool or of the system, never a mistake in a plugin: no plugin
 * shows it, and `fault` says when it is reported instead.
 */
interface FaultExamples {
  readonly fault: string;
}

type RuleExamples = FixedRuleExamples | PlainRuleExamples | FaultExamples;

/** A rule with a quick fix shows what it makes of an example; one without shows none. */
type Exemplified<D> =
  | { fix: Fix<NoInfer<D>>; examples: FixedRuleExamples }
  | { fix?: undefined; examples: PlainRuleExamples | FaultExamples };

/** Any rule, whatever its data: what the registry holds. */
// Its data is any rule's: `unknown` would refuse every definition (a message takes its own data type).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRule = RuleDefinition<string, any>;

/**
 * One rule definition, its code kept as a literal type and its data type taken from its message
 * builder (ShapeData when the schema alone reports it). The fix must take that data, a rule with a
 * fix must show what it makes of an example, and a rule the reference's words do not ground must have a
 * decision: the compiler checks.
 */
export function defineRule<const C extends string, D>(
  rule: RuleDefinition<C, D> & Reportable<D> & Exemplified<D> & Grounded,
): RuleDefinition<C, D> & Reportable<D>;
export function defineRule<const C extends string>(
  rule: RuleDefinition<C, ShapeData> & { message?: undefined } & Exemplified<ShapeData> & Grounded,
): RuleDefinition<C, ShapeData>;
export function defineRule<const C extends string, D>(rule: RuleDefinition<C, D>): RuleDefinition<C, D> {
  return rule;
}

/** A definition with a message builder: its code may be reported by a check (one without is the schema's alone). */
interface Reportable<D> {
  message(data: D): string;
}

/** A list of rule definitions (of any data types). */
export type RuleList = readonly { code: string }[];

/**
 * An area's rule definitions (each made by defineRule), in a list whose element types keep each code and
 * data type. The list's type gives defineRule no type to infer from, so that each takes its own.
 */
export function defineRules<const R extends RuleList>(rules: R): R {
  return rules;
}

/** The codes of a list of definitions. */
type CodeOf<R extends RuleList> = R[number]['code'];

/** The data a finding of `code` carries, from the definition of that code among `R`. */
export type DataOf<R extends RuleList, C extends CodeOf<R>> =
  Extract<R[number], { code: C }> extends infer Rule
    ? Rule extends RuleDefinition<string, infer D>
      ? D
      : never
    : never;

/** The codes among `R` whose definitions build a message from data: the ones a check may report. */
export type ReportableCode<R extends RuleList> = Extract<R[number], Reportable<never>>['code'];

/** Where a finding points: a node of the tree, or an explicit span of the text. */
export type Target = JsonNode | { offset: number; length: number };

/**
 * A span of a file the manifest names (a handler), with its position there: where a finding outside the manifest
 * points.
 */
export interface FileSpan {
  /** The file's plugin-relative path, as a PluginFolder is asked for it. */
  file: string;
  offset: number;
  length: number;
  range: Range;
}

/**
 * What an area's check is given. Every check runs on every validation, an edit's too (no finding is
 * reported again from an earlier version), so a check may read anything of the model and the files.
 */
export interface RuleContext<R extends RuleList = RuleList> {
  model: ManifestModel;
  /** Absent when there is no folder to read (stdin, an unsaved document): cross-file rules stay quiet. */
  folder: PluginFolder | undefined;
  /** The files the manifest names, read through `folder` once per validation (on the first call). */
  files(): ReferencedFiles;
  /**
   * A finding of `code`, with the data its definition declares (the compiler refuses any other code or
   * field); the message is the definition's, built from that data.
   */
  report<C extends ReportableCode<R>>(code: C, target: Target, data: DataOf<R, C>): void;
  /**
   * A finding in another file than the manifest (a handler), at a span of it: the same rules, the same data, its own
   * place.
   */
  reportIn<C extends ReportableCode<R>>(code: C, span: FileSpan, data: DataOf<R, C>): void;
  /**
   * A JSON Schema finding (the shape area only): its message from the rule's shapeMessage, its data
   * ShapeData, both made only for a finding that is kept (a "did you mean" is a search: 200,000 unknown
   * keys would make 200,000 of them for the thousand shown).
   */
  reportShape(code: string, target: Target, described: () => { message: string; data: ShapeData }): void;
  /**
   * Findings of `code` only counted, never made (the parse kept no more of them): they count among those past the cap.
   */
  countBeyond(code: ReportableCode<R>, count: number): void;
}

/** One area of the reference (one file under rules/): its rules and the checks that raise them. */
export interface RuleArea<R extends RuleList = readonly AnyRule[]> {
  rules: R;
  /**
   * Where its findings are: in the manifest (the default), or all in the handler files (reportIn), so that a validation
   * for the manifest's own findings leaves it out.
   */
  findingsIn?: 'handlers';
  check?(context: RuleContext<R>): void;
  /** True for a schema finding this area reports in its own words, so it is not said twice. */
  explainsShapeFinding?(finding: ShapeFinding, model: ManifestModel): boolean;
}
