import type { Range, Severity } from '../diagnostics';
import type { Fix } from '../fixes/fix';
import type { PluginFolder } from '../folder/pluginFolder';
import type { ReferencedFile, ReferencedFiles } from '../folder/referencedFiles';
import type { ActionEntry, Entry, ManifestModel, ToolEntry } from '../model/manifestModel';
import type { JsonPath } from '../model/nodes';
import type { FileReference } from '../model/references';
import type { JsonNode } from '../parse/jsonNode';
import type { ShapeFinding } from '../shape/shapeFindings';

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
  /** For the findings an area's check reports: the message, from the finding's data. */
  message?(data: D): string;
  /** For rules the JSON Schema checks: the message for one finding, naming the field (its data is ShapeData). */
  shapeMessage?(finding: ShapeFinding, field: string, value: unknown): string;
  /** How an editor shows its findings. */
  tags?: readonly RuleTag[];
  /** Its quick fix, if it has one: a pure function of the finding's data and the document (engine/fixes). */
  fix?: Fix<NoInfer<D>>;
  /**
   * Its check: a visitor of what it reads (the manifest, each tool, action, setting or hook, each path the manifest
   * names), which reports this rule's findings only. Its area's index walks the model once and calls it (visit.ts).
   */
  check?: RuleVisitors<NoInfer<D>>;
}

/**
 * What a rule's check is given: the validation's model and files, and the report of its own findings (the
 * message is the rule's, built from the data).
 */
export interface CheckContext<D> {
  model: ManifestModel;
  /** Absent when there is no folder to read (stdin, an unsaved document): cross-file rules stay quiet. */
  folder: PluginFolder | undefined;
  /** The files the manifest names, read through `folder` once per validation (on the first call). */
  files(): ReferencedFiles;
  /** A finding of this rule in the manifest. */
  report(target: Target, data: D): void;
  /** A finding of this rule in another file than the manifest (a handler), at a span of it. */
  reportIn(span: FileSpan, data: D): void;
  /**
   * What `compute` makes of the model, once per validation whichever rule asks first: a lookup several rules of an
   * area read (the tool ids, the gating facts). `compute` is a module's own function, so that every rule asks by it.
   */
  shared<T>(compute: (model: ManifestModel, files: () => ReferencedFiles) => T): T;
}

/**
 * A rule's visitors, each called by its area's walk (visit.ts) for what it names: once per validation (`manifest`),
 * for each entry of a list of the manifest, for each path it names (`reference`).
 */
export interface RuleVisitors<D> {
  manifest?(context: CheckContext<D>): void;
  tool?(tool: ToolEntry, context: CheckContext<D>): void;
  action?(action: ActionEntry, context: CheckContext<D>): void;
  setting?(setting: Entry, context: CheckContext<D>): void;
  hook?(hook: Entry, context: CheckContext<D>): void;
  reference?(reference: FileReference, context: CheckContext<D>): void;
  /** Each file behind a path the manifest names that was looked at (none without a folder). */
  file?(file: ReferencedFile, context: CheckContext<D>): void;
}

/** Any rule, whatever its data: what the registry holds. */
// Its data is any rule's: `unknown` would refuse every definition (a message takes its own data type).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRule = RuleDefinition<string, any>;

/**
 * One rule definition, its code kept as a literal type and its data type taken from its message
 * builder (ShapeData when the schema alone reports it). The fix must take that data; whether the rule has a fix is
 * kept in its type, for its docs (ruleDocs.ts): a rule with a fix must show what it makes of an example. The compiler
 * checks. How the rule decides where the reference leaves it open is not here but its module's `decision` export,
 * beside it (rules/decisions.ts), so that the server's bundle, which imports the rule alone, does not hold it.
 */
export function defineRule<const C extends string, D, F extends Fix<NoInfer<D>> | undefined = undefined>(
  rule: RuleDefinition<C, D> & Reportable<D> & { fix?: F },
): RuleDefinition<C, D> & Reportable<D> & { fix: F };
export function defineRule<const C extends string, F extends Fix<ShapeData> | undefined = undefined>(
  rule: RuleDefinition<C, ShapeData> & { message?: undefined; fix?: F },
): RuleDefinition<C, ShapeData> & { fix: F };
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
type ReportableCode<R extends RuleList> = Extract<R[number], Reportable<never>>['code'];

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
